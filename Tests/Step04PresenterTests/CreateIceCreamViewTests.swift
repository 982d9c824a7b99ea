import Seeds
import TerminalUI
import Testing

@testable import Step04Presenter

/// Whether something the view stores could reach the presenter: by its class or its protocol, by a
/// place declared `AnyObject` or `Any`, or by a closure.
private func mayHoldThePresenter(_ holding: Holding) -> Bool {
    holding.mayBe { $0 == CreateIceCreamPresenter.self || $0 is any CreateIceCreamPresentationLogic.Type }
        || holding.mayBe { $0 == (any CreateIceCreamPresentationLogic).self } || holding.isOpen || holding.isClosure
}

@Suite("CreateIceCreamView displays what the presenter gives it")
struct CreateIceCreamViewTests {
    let sut = CreateIceCreamView()

    /// Look in: CreateIceCream/CreateIceCreamView.swift at `func displayIceCream`
    /// Hint: Displaying means putting what the view model says into the data store the screen reads, in place of what
    ///   it showed before. Each view has a data store of its own.
    /// Hint: IceCreamDataStore has displayedCones, displayedFlavors and displayedToppings: set each from the view model
    ///   (assign, do not append).
    /// Hint: iceCream.displayedCones = viewModel.cones; iceCream.displayedFlavors = viewModel.flavors;
    ///   iceCream.displayedToppings = viewModel.toppings, and no presenter property in the view: the presenter calls
    ///   the view.
    @Test(
        "Displaying a view model fills this view's data store, replacing what it held; the view keeps no presenter",
        arguments: Seeds.menus)
    func displayFillsTheDataStore(seed: MenuSeed) {
        // Given
        let shownBefore = Seeds.menus[1].iceCream
        sut.displayIceCream(
            viewModel: CreateIceCream.LoadIceCream.ViewModel(
                cones: shownBefore.cones, flavors: shownBefore.flavors, toppings: shownBefore.toppings))
        let viewModel = CreateIceCream.LoadIceCream.ViewModel(
            cones: seed.iceCream.cones,
            flavors: seed.iceCream.flavors,
            toppings: seed.iceCream.toppings
        )

        let viewBeside = CreateIceCreamView()

        // When
        sut.displayIceCream(viewModel: viewModel)

        // Then
        // Another view shows nothing of it: each view fills its own data store (no static one shared by every view).
        #expect(viewBeside.iceCream.displayedCones + viewBeside.iceCream.displayedFlavors == [])
        // displayIceCream(viewModel:) sets iceCream.displayedCones = viewModel.cones: the new list replaces the old, nothing appended.
        #expect(sut.iceCream.displayedCones == seed.iceCream.cones)
        // displayIceCream(viewModel:) sets iceCream.displayedFlavors = viewModel.flavors: the new list replaces the old.
        #expect(sut.iceCream.displayedFlavors == seed.iceCream.flavors)
        // displayIceCream(viewModel:) sets iceCream.displayedToppings = viewModel.toppings: the new list replaces the old.
        #expect(sut.iceCream.displayedToppings == seed.iceCream.toppings)
        // The presenter calls the view, never the other way: the view stores nothing that is or may hold a presenter (an AnyObject, an Any) and no closure.
        #expect(
            Reach.holdings(of: sut) { !($0 is any CreateIceCreamBusinessLogic) }.filter(mayHoldThePresenter).map(
                \.description) == [])
    }

    /// Look in: CreateIceCream/CreateIceCreamView.swift at `func displayIceCream`
    /// Hint: The screen's pickers read the data store: once displayIceCream(viewModel:) fills it, the cone picker lists
    ///   the cones.
    /// Hint: If the data store is filled, this passes too: check that displayIceCream sets iceCream.displayedCones,
    ///   every time, even once the person has chosen a cone.
    /// Hint: iceCream.displayedCones = viewModel.cones (and the same for flavors and toppings) in
    ///   displayIceCream(viewModel:).
    @Test("After displaying, the screen offers every cone to pick from")
    func screenOffersTheCones() throws {
        // Given
        let shownBefore = Seeds.menus[1].iceCream
        sut.displayIceCream(
            viewModel: CreateIceCream.LoadIceCream.ViewModel(
                cones: shownBefore.cones, flavors: shownBefore.flavors, toppings: shownBefore.toppings))
        // A cone chosen from the menu shown before: the person has started choosing.
        let refusal = (sut.body.controls.first { $0.key == "cone" } as? Picker)?.use("1")
        let menu = Seeds.iceCream
        let viewModel = CreateIceCream.LoadIceCream.ViewModel(
            cones: menu.cones,
            flavors: menu.flavors,
            toppings: menu.toppings
        )

        // When
        sut.displayIceCream(viewModel: viewModel)

        // Then
        // The screen has a cone picker (its key is "cone").
        let conePicker = try #require(sut.body.controls.first { $0.key == "cone" } as? Picker)
        // The cone picker on the screen lists the cones displayed, even after a cone was chosen from an earlier menu.
        #expect(conePicker.options == menu.cones)
        // Choosing from the menu shown before was possible: its cones were on the screen.
        #expect(refusal == nil)
    }
}
