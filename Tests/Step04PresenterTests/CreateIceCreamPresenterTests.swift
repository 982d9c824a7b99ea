import Seeds
import Testing

@testable import Step04Presenter

/// Stands in for the view and records every view model the presenter asks it to display.
final class CreateIceCreamViewSpy: CreateIceCreamDisplayLogic {
    private(set) var displayedViewModels: [CreateIceCream.LoadIceCream.ViewModel] = []

    func displayIceCream(viewModel: CreateIceCream.LoadIceCream.ViewModel) {
        displayedViewModels.append(viewModel)
    }
}

@Suite("CreateIceCreamPresenter turns the menu into what the view shows")
struct CreateIceCreamPresenterTests {
    let sut = CreateIceCreamPresenter()
    let viewSpy = CreateIceCreamViewSpy()

    @Test("Presenting puts the cones, flavors and toppings each in their own list, in order", arguments: Seeds.menus)
    func presentsEachListInItsField(seed: MenuSeed) throws {
        // Given
        sut.view = viewSpy
        let response = CreateIceCream.LoadIceCream.Response(iceCreamData: seed.iceCream)

        // When
        sut.presentIceCream(response: response)

        // Then
        // presentIceCream(response:) calls view?.displayIceCream(viewModel:) once.
        let viewModel = try #require(viewSpy.displayedViewModels.first)
        #expect(viewSpy.displayedViewModels.count == 1)
        // cones go to cones, flavors to flavors, toppings to toppings, nothing reordered.
        #expect(viewModel.cones == seed.iceCream.cones)
        #expect(viewModel.flavors == seed.iceCream.flavors)
        #expect(viewModel.toppings == seed.iceCream.toppings)
    }

    @Test("The presenter does not keep its view alive")
    func presenterHoldsItsViewWeakly() {
        // Given
        var view: CreateIceCreamViewSpy? = CreateIceCreamViewSpy()
        weak let releasedView = view
        sut.view = view

        // When
        view = nil

        // Then
        // The view owns the interactor, which owns the presenter: the presenter holds it with `weak var view`.
        #expect(releasedView == nil)
        #expect(sut.view == nil)
    }

    @Test("Each response is displayed once, in the order it came")
    func eachResponseIsDisplayedOnce() {
        // Given
        sut.view = viewSpy
        let menus = Seeds.menus.map(\.iceCream)

        // When
        for menu in menus {
            sut.presentIceCream(response: CreateIceCream.LoadIceCream.Response(iceCreamData: menu))
        }

        // Then
        // One displayIceCream(viewModel:) per presentIceCream(response:), made from that response.
        #expect(viewSpy.displayedViewModels.map(\.flavors) == menus.map(\.flavors))
    }
}
