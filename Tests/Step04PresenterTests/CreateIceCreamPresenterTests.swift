import ScoopsAndScones
import Seeds
import Testing

@testable import Step04Presenter

/// Stands in for the view and records every view model the presenter asks it to display.
final class CreateIceCreamViewSpy: CreateIceCreamDisplayLogic {
    private(set) var displayedViewModels: [CreateIceCream.LoadIceCream.ViewModel] = []

    func displayIceCream(viewModel: CreateIceCream.LoadIceCream.ViewModel) {
        displayedViewModels.append(viewModel)
    }

    /// Each displayed view model's three lists, as a menu, so a whole view model compares at once.
    var displayedMenus: [IceCream] {
        displayedViewModels.map { IceCream(cones: $0.cones, flavors: $0.flavors, toppings: $0.toppings) }
    }
}

/// Whether something the presenter stores could reach the interactor: by its class or its protocol,
/// by a place declared `AnyObject` or `Any`, or by a closure.
private func mayHoldTheInteractor(_ holding: Holding) -> Bool {
    holding.mayBe { $0 == CreateIceCreamInteractor.self || $0 is any CreateIceCreamBusinessLogic.Type }
        // By name, so that a composition such as `any CreateIceCreamBusinessLogic & AnyObject` counts too.
        || holding.mayBe { String(describing: $0).contains("BusinessLogic") }
        || holding.isOpen || holding.isClosure
}

@Suite("CreateIceCreamPresenter turns the menu into what the view shows")
struct CreateIceCreamPresenterTests {
    let sut = CreateIceCreamPresenter()
    let viewSpy = CreateIceCreamViewSpy()

    /// Look in: CreateIceCream/CreateIceCreamPresenter.swift at `func presentIceCream`
    /// Hint: The presenter turns the response's IceCream into a ViewModel and asks the view to display it, once.
    /// Hint: Each list goes to the field of the same name: cones to cones, flavors to flavors, toppings to toppings.
    /// Hint: let viewModel = CreateIceCream.LoadIceCream.ViewModel(cones: response.iceCreamData.cones, flavors:
    ///   response.iceCreamData.flavors, toppings: response.iceCreamData.toppings); view?.displayIceCream(viewModel:
    ///   viewModel)
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
        // One display per response: not zero, not two.
        #expect(viewSpy.displayedViewModels.count == 1)
        // cones go to cones, as the response has them: same order, repeats and spaces kept.
        #expect(viewModel.cones == seed.iceCream.cones)
        // flavors go to flavors, as the response has them: same order, repeats and spaces kept.
        #expect(viewModel.flavors == seed.iceCream.flavors)
        // toppings go to toppings, as the response has them: same order, repeats and spaces kept.
        #expect(viewModel.toppings == seed.iceCream.toppings)
    }

    /// Look in: CreateIceCream/CreateIceCreamPresenter.swift at `func presentIceCream`
    /// Hint: Three hundred presenters, side by side, each with a view of its own, each present one made-up menu: lists
    ///   empty, long, alike, names blank, repeated or with spaces. Each view gets one view model with exactly its
    ///   menu's lists.
    /// Hint: Copy each list as it is, name for name (nothing filtered, sorted, trimmed or merged), and keep nothing
    ///   that one presenter could share with another (no static view, no static view model).
    /// Hint: view?.displayIceCream(viewModel: CreateIceCream.LoadIceCream.ViewModel(cones: response.iceCreamData.cones,
    ///   flavors: response.iceCreamData.flavors, toppings: response.iceCreamData.toppings)), with `weak var view` an
    ///   instance property.
    @Test("Presenters side by side each display their own menu's lists, exactly, on their own view")
    func generatedMenusArePresentedExactly() {
        // Given
        let menus = GeneratedMenus.all()
        let presenters = menus.map { _ in CreateIceCreamPresenter() }
        let views = menus.map { _ in CreateIceCreamViewSpy() }
        for (presenter, view) in zip(presenters, views) { presenter.view = view }

        // When
        for (presenter, menu) in zip(presenters, menus) {
            presenter.presentIceCream(response: CreateIceCream.LoadIceCream.Response(iceCreamData: menu.iceCream))
        }

        // Then
        let miss = zip(menus, views).firstMiss { menu, view in
            guard view.displayedViewModels.count == 1 else {
                return
                    "the view of the presenter given \(menu) was asked to display \(view.displayedViewModels.count) times"
            }
            let shown = view.displayedMenus[0]
            return shown.cones == menu.iceCream.cones && shown.flavors == menu.iceCream.flavors
                && shown.toppings == menu.iceCream.toppings
                ? nil : "the presenter given \(menu) displayed \(Seeds.name(of: shown))"
        }
        // Each presenter calls its own view?.displayIceCream(viewModel:) once, with each list of its response as it is.
        #expect(miss == nil)
    }

    /// Look in: CreateIceCream/CreateIceCreamPresenter.swift at `var view`
    /// Hint: The view owns the interactor and the interactor owns the presenter. If the presenter also owned the view,
    ///   none of the three could ever be freed. And the presenter talks to the view only: no interactor property.
    /// Hint: A reference that must not keep its object alive is a weak one; `unowned` does not keep it alive either,
    ///   but reading it after the view is gone crashes, where a weak one reads nil. CreateIceCreamDisplayLogic is
    ///   AnyObject so it can be weak.
    /// Hint: In CreateIceCreamPresenter: `weak var view: CreateIceCreamDisplayLogic?`, and no other property.
    @Test("The presenter holds its view weakly, and has no way to the interactor")
    func presenterHoldsItsViewWeakly() throws {
        // Given
        let waysToTheInteractor = Reach.holdings(of: sut) { !($0 is any CreateIceCreamDisplayLogic) }
            .filter(mayHoldTheInteractor).map(\.description)
        var view: CreateIceCreamViewSpy? = CreateIceCreamViewSpy()
        weak let releasedView = view
        let unownedBefore = UnownedReferences.count(to: view)

        // When
        sut.view = view
        let unownedAfter = UnownedReferences.count(to: view)
        sut.presentIceCream(response: CreateIceCream.LoadIceCream.Response(iceCreamData: Seeds.menus[0].iceCream))
        view = nil

        // Then
        // The presenter talks to its view only: remove anything it stores that is or may hold the interactor (a CreateIceCreamBusinessLogic, an AnyObject, an Any) and any stored closure.
        #expect(waysToTheInteractor == [])
        // The view owns the interactor, which owns the presenter: the presenter must not own the view, not even the one it last displayed on. Declare `weak var view`.
        #expect(releasedView == nil)
        // `unowned` lets the view go too, but reading it once the view is gone crashes the app: declare `weak var view`, which turns nil.
        try #require(unownedAfter == unownedBefore)
        // Once the view is gone, the presenter's weak view reads nil (read last: an unowned one would crash here).
        #expect(sut.view == nil)
    }

    /// Look in: CreateIceCream/CreateIceCreamPresenter.swift at `func presentIceCream`
    /// Hint: Every response gets its own view model, displayed as soon as it is presented.
    /// Hint: Call view?.displayIceCream(viewModel:) exactly once in presentIceCream(response:), with values from that
    ///   response only.
    /// Hint: Build the ViewModel from `response.iceCreamData` each time, all three lists from that response: nothing
    ///   cached (not even for a response whose cones match the last one's), nothing kept from the last one, nothing
    ///   displayed twice.
    @Test("Each response is displayed once, in the order it came")
    func eachResponseIsDisplayedOnce() async {
        // Given
        sut.view = viewSpy
        let seeds = Seeds.menus.map(\.iceCream)
        // Each menu followed by its cones with the next menu's flavors and toppings: two menus alike in one list only.
        let alikeInCones = zip(seeds, seeds.dropFirst() + seeds.prefix(1)).flatMap { menu, next in
            [menu, IceCream(cones: menu.cones, flavors: next.flavors, toppings: next.toppings)]
        }
        // Every menu, then every menu again backwards (a menu comes twice in a row, and again later), then those pairs.
        let menus = seeds + seeds.reversed() + alikeInCones

        // When
        for menu in menus {
            sut.presentIceCream(response: CreateIceCream.LoadIceCream.Response(iceCreamData: menu))
        }
        let displayed = viewSpy.displayedMenus.map(Seeds.name(of:))
        let displayedOnlyLater = await isDoneOnlyLater { !viewSpy.displayedMenus.isEmpty }

        // Then
        // Each is displayed while it is presented, before presentIceCream(response:) returns: not put off into a Task, onto a queue or after a delay.
        #expect(displayedOnlyLater == false)
        // One displayIceCream(viewModel:) per presentIceCream(response:), its view model made from that response only.
        #expect(displayed == menus.map(Seeds.name(of:)))
    }
}
