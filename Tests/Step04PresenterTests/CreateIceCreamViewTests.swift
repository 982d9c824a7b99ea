import Seeds
import TerminalUI
import Testing

@testable import Step04Presenter

@Suite("CreateIceCreamView displays what the presenter gives it")
struct CreateIceCreamViewTests {
    let sut = CreateIceCreamView()

    @Test("Displaying a view model fills the data store the pickers read", arguments: Seeds.menus)
    func displayFillsTheDataStore(seed: MenuSeed) {
        // Given
        let viewModel = CreateIceCream.LoadIceCream.ViewModel(
            cones: seed.iceCream.cones,
            flavors: seed.iceCream.flavors,
            toppings: seed.iceCream.toppings
        )

        // When
        sut.displayIceCream(viewModel: viewModel)

        // Then
        // displayIceCream(viewModel:) copies each list into iceCream.displayedCones, displayedFlavors, displayedToppings.
        #expect(sut.iceCream.displayedCones == seed.iceCream.cones)
        #expect(sut.iceCream.displayedFlavors == seed.iceCream.flavors)
        #expect(sut.iceCream.displayedToppings == seed.iceCream.toppings)
    }

    @Test("After displaying, the screen offers every cone to pick from")
    func screenOffersTheCones() throws {
        // Given
        let menu = Seeds.iceCream
        let viewModel = CreateIceCream.LoadIceCream.ViewModel(
            cones: menu.cones,
            flavors: menu.flavors,
            toppings: menu.toppings
        )

        // When
        sut.displayIceCream(viewModel: viewModel)

        // Then
        // The cone picker on the screen lists what the data store holds.
        let conePicker = try #require(sut.body.controls.first { $0.key == "cone" } as? Picker)
        #expect(conePicker.options == menu.cones)
    }
}
