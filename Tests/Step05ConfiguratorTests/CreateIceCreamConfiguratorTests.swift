import ScoopsAndScones
import Seeds
import Testing

@testable import Step05Configurator

@Suite("configureView() assembles the CreateIceCream scene")
struct CreateIceCreamConfiguratorTests {
    /// Look in: CreateIceCream/CreateIceCreamConfigurator.swift at `func configureView`
    /// Hint: configureView() makes the scene's parts and connects them; the first connection is the view's interactor. A
    ///   view that was never configured has none.
    /// Hint: Make a CreateIceCreamInteractor and assign it to view.interactor, then return the same view.
    /// Hint: let view = self; let interactor = CreateIceCreamInteractor(); view.interactor = interactor; … return view
    @Test("configureView() gives this view a CreateIceCreamInteractor")
    func viewGetsAnInteractor() throws {
        // Given
        let view = CreateIceCreamView()
        let interactorBefore = typeName(of: view.interactor)
        let viewHandedAnInteractor = CreateIceCreamView()
        weak var interactorLetGo: CreateIceCreamInteractor?

        // When
        let sut = view.configureView()
        do {
            // An interactor of the check's own, handed to a view and let go: only the view can keep it.
            let interactor = CreateIceCreamInteractor()
            viewHandedAnInteractor.interactor = interactor
            interactorLetGo = interactor
        }

        // Then
        // The view keeps the interactor it is handed: `var interactor` in CreateIceCreamView.swift is strong, since nothing else holds it.
        #expect(interactorLetGo != nil)
        // A view is born with no interactor: configuring is configureView()'s job, called once by whoever makes the view (ContentView), not by the view's init.
        #expect(interactorBefore == "nil")
        // configureView() returns the view it was called on, the same object, not a new one.
        #expect(sut === view)
        // configureView() sets that view's interactor to a CreateIceCreamInteractor.
        _ = try #require(sut.interactor as? CreateIceCreamInteractor)
    }

    /// Look in: CreateIceCream/CreateIceCreamConfigurator.swift at `func configureView`
    /// Hint: The cycle closes on the view it started from: view → interactor → presenter → view.
    /// Hint: Make a CreateIceCreamPresenter, give it to the interactor, and give the presenter this view.
    /// Hint: let presenter = CreateIceCreamPresenter(); interactor.presenter = presenter; presenter.view = self
    @Test("The interactor's presenter displays on this very view")
    func cycleClosesOnTheSameView() throws {
        // Given
        let sut = CreateIceCreamView()
        let interactorHandedAPresenter = CreateIceCreamInteractor()
        weak var presenterLetGo: CreateIceCreamPresenter?

        // When
        let view = sut.configureView()
        do {
            // A presenter of the check's own, handed to an interactor and let go: only the interactor can keep it.
            let presenter = CreateIceCreamPresenter()
            interactorHandedAPresenter.presenter = presenter
            presenterLetGo = presenter
        }

        // Then
        // The interactor keeps the presenter it is handed: `var presenter` in CreateIceCreamInteractor.swift is strong; only the presenter's view is weak.
        #expect(presenterLetGo != nil)
        // configureView() sets view.interactor to a CreateIceCreamInteractor.
        let interactor = try #require(view.interactor as? CreateIceCreamInteractor)
        // configureView() sets interactor.presenter to a CreateIceCreamPresenter.
        let presenter = try #require(interactor.presenter as? CreateIceCreamPresenter)
        // view → interactor → presenter → view: the presenter's view is the one configured, not a copy.
        #expect(presenter.view === view)
    }

    /// Look in: CreateIceCream/CreateIceCreamConfigurator.swift at `func configureView`
    /// Hint: Once the three parts are connected, onAppear() should fill the data store through the whole cycle. Two
    ///   scenes configured side by side show their own menus.
    /// Hint: If the wiring checks pass and this one fails, look back at steps 3 and 4: each link must pass its data on.
    /// Hint: view.interactor = interactor; interactor.presenter = presenter; presenter.view = view, all on the same
    ///   instances, then return view.
    @Test("Appearing fills the data store through the whole cycle, in each scene of its own", arguments: Seeds.menus)
    func appearingFillsTheDataStore(seed: MenuSeed) throws {
        // Given
        let sut = CreateIceCreamView().configureView()
        let sceneBeside = CreateIceCreamView().configureView()
        // configureView() sets view.interactor to a CreateIceCreamInteractor.
        let interactor = try #require(sut.interactor as? CreateIceCreamInteractor)
        interactor.menuBundle = seed.bundle
        interactor.menuFile = seed.file
        // Every scene gets an interactor of its own.
        let interactorBeside = try #require(sceneBeside.interactor as? CreateIceCreamInteractor)
        interactorBeside.menuBundle = Seeds.menus[1].bundle
        interactorBeside.menuFile = Seeds.menus[1].file

        // When
        sut.onAppear()
        sceneBeside.onAppear()

        // Then
        let shown = IceCream(
            cones: sut.iceCream.displayedCones, flavors: sut.iceCream.displayedFlavors,
            toppings: sut.iceCream.displayedToppings)
        // The menu travels view → interactor → presenter → view and lands in the data store, all three lists as the file has them.
        #expect(Seeds.name(of: shown) == seed.description)
        let shownBeside = IceCream(
            cones: sceneBeside.iceCream.displayedCones, flavors: sceneBeside.iceCream.displayedFlavors,
            toppings: sceneBeside.iceCream.displayedToppings)
        // A second scene, configured and appearing beside it, shows its own menu: no part is shared between scenes.
        #expect(Seeds.name(of: shownBeside) == Seeds.menus[1].description)
    }

    /// Look in: CreateIceCream/CreateIceCreamPresenter.swift at `var view`
    /// Hint: The view holds the interactor, which holds the presenter, which holds the view: one of those must be weak,
    ///   or none is ever freed.
    /// Hint: The presenter's reference back to the view is the one to make weak.
    /// Hint: In CreateIceCreamPresenter: `weak var view: CreateIceCreamDisplayLogic?`, and keep configureView() from
    ///   storing the parts anywhere else.
    @Test("Releasing the view frees its interactor and presenter")
    func releasingTheViewFreesTheScene() throws {
        // Given
        let scene = try WeakScene(configuring: CreateIceCreamView())
        let sceneBeside = try WeakScene(configuring: CreateIceCreamView())

        // When
        scene.releaseView()
        let besideKeptItsParts = sceneBeside.interactor != nil && sceneBeside.presenter != nil
        sceneBeside.releaseView()

        // Then
        // The scene beside it, whose view is still held, keeps its parts: each view owns its own interactor and presenter.
        #expect(besideKeptItsParts)
        // The view itself goes once it is let go: the presenter's arrow back to it is `weak var view`, not a strong, captured or second reference.
        #expect(scene.viewLetGo == nil)
        // Nothing outlives the view: only the view owns the interactor, so nothing else (no static, no global, no registry) may keep it once the view is gone.
        #expect(scene.interactor == nil)
        // Nothing outlives the view: configureView() keeps no part anywhere else (no static, no global).
        #expect(scene.presenter == nil)
        // And once its view goes too, nothing of either scene is left: configureView() keeps no part anywhere else, not the last one made either.
        #expect(sceneBeside.interactor == nil && sceneBeside.presenter == nil)
        // `unowned` frees the scene too, but a presenter that reads its view once it is gone crashes: keep `weak var view`.
        #expect(scene.unownedReferencesAddedToTheView == 0)
    }

    /// Look in: CreateIceCream/CreateIceCreamConfigurator.swift at `func configureView`
    /// Hint: VIP runs one way: the view holds its interactor, the interactor its presenter, the presenter its view.
    ///   Nothing else: no way back, no shortcut.
    /// Hint: Give no part a property for another: no presenter in the view, no view in the interactor, no interactor in
    ///   the presenter (the check reads the declared types, so even a nil one counts, and walks what they hold, so an
    ///   array of parts or an AnyObject counts too), and no closure.
    /// Hint: Wire only view.interactor, interactor.presenter and presenter.view, and remove any other property you
    ///   added for the scene's parts.
    @Test("Each part holds the next one only: no way back, no shortcut")
    func eachPartHoldsOnlyTheNext() throws {
        // Given
        let sut = CreateIceCreamView()

        // When
        let view = sut.configureView()

        // Then
        // configureView() sets view.interactor to a CreateIceCreamInteractor.
        let interactor = try #require(view.interactor as? CreateIceCreamInteractor)
        // configureView() sets interactor.presenter to a CreateIceCreamPresenter.
        let presenter = try #require(interactor.presenter as? CreateIceCreamPresenter)
        // The view asks its interactor only: it stores nothing that is or may hold the presenter (an AnyObject, an Any, a collection of parts) and no closure.
        #expect(reach(from: view).filter(mayHoldThePresenter).map(\.description) == [])
        // The interactor hands on to its presenter only: it stores nothing that is or may hold the view, and no closure.
        #expect(reach(from: interactor).filter(mayHoldTheView).map(\.description) == [])
        // The cycle runs one way: the presenter stores nothing that is or may hold the interactor, and no closure.
        #expect(reach(from: presenter).filter(mayHoldTheInteractor).map(\.description) == [])
    }

    /// Look in: CreateIceCream/CreateIceCreamConfigurator.swift at `func configureView`
    /// Hint: configureView() makes and connects the parts, and that is all: the menu is loaded when the screen appears,
    ///   not when it is configured.
    /// Hint: Take out of configureView() any call that loads: loadIceCream(request:), fetchIceCream(), onAppear().
    /// Hint: let view = self; let interactor = CreateIceCreamInteractor(); let presenter = CreateIceCreamPresenter();
    ///   view.interactor = interactor; interactor.presenter = presenter; presenter.view = view; return view
    @Test("Configuring connects the parts and loads nothing until the screen appears")
    func configuringLoadsNothing() throws {
        // Given
        let sut = CreateIceCreamView()

        // When
        let view = sut.configureView()

        // Then
        // configureView() sets view.interactor to a CreateIceCreamInteractor.
        let interactor = try #require(view.interactor as? CreateIceCreamInteractor)
        // configureView() sets interactor.presenter to a CreateIceCreamPresenter.
        _ = try #require(interactor.presenter as? CreateIceCreamPresenter)
        // configureView() only makes and connects the parts: no loadIceCream, no onAppear() or fetchIceCream() in it.
        #expect(view.iceCream.displayedCones + view.iceCream.displayedFlavors + view.iceCream.displayedToppings == [])
    }

    /// Look in: ContentView.swift at `var body`
    /// Hint: The app shows whatever ContentView's body makes: it should be a configured view, connected all the way
    ///   round before it appears, that has loaded nothing before it appears and shows the app's own menu once it does.
    /// Hint: In ContentView, call configureView() on the view it makes.
    /// Hint: var body: CreateIceCreamView { CreateIceCreamView().configureView() }
    @Test("The app starts from a configured view, which loads the app's menu when it appears")
    func appStartsConfigured() {
        // Given
        let sut = ContentView()

        // When
        let view = sut.body
        let secondView = sut.body
        let shownBeforeAppearing = view.iceCream.displayedCones + view.iceCream.displayedFlavors
        // What body gave, read before the screen appears: the view is configured by then, not by appearing.
        let presenterBeforeAppearing =
            (view.interactor as? CreateIceCreamInteractor)?.presenter as? CreateIceCreamPresenter
        view.onAppear()

        // Then
        // Each body is a new scene: asked again, body makes another view (no view or part kept for the app).
        #expect(secondView !== view)
        // And that other scene has loaded nothing: it has not appeared.
        #expect(secondView.iceCream.displayedCones + secondView.iceCream.displayedFlavors == [])
        // ContentView's body is CreateIceCreamView().configureView(): before it appears, its view has a CreateIceCreamInteractor whose CreateIceCreamPresenter displays on this very view, the whole cycle connected (body configures the view; the view does not configure itself).
        #expect(presenterBeforeAppearing?.view === view)
        // The screen loads its menu when it appears, not before: the body only makes and configures the view.
        #expect(shownBeforeAppearing == [])
        let shown = IceCream(
            cones: view.iceCream.displayedCones, flavors: view.iceCream.displayedFlavors,
            toppings: view.iceCream.displayedToppings)
        // Appearing shows the app's own menu: the configured interactor keeps its default menuBundle and menuFile.
        #expect(Seeds.name(of: shown) == Seeds.menus[0].description)
    }
}

/// A configured scene seen only through weak references, once its view is released.
private final class WeakScene {
    private var view: CreateIceCreamView?
    /// The view, held weakly: nil once nothing but the scene's own parts could keep it.
    weak var viewLetGo: CreateIceCreamView?
    weak var interactor: CreateIceCreamInteractor?
    weak var presenter: CreateIceCreamPresenter?
    /// How many `unowned` references configuring added to the view: a presenter's `unowned var view` adds one.
    let unownedReferencesAddedToTheView: Int

    init(configuring view: CreateIceCreamView) throws {
        let unownedBefore = UnownedReferences.count(to: view)
        let configured = view.configureView()
        unownedReferencesAddedToTheView = Int(UnownedReferences.count(to: view)) - Int(unownedBefore)
        // configureView() sets view.interactor to a CreateIceCreamInteractor.
        let interactor = try #require(configured.interactor as? CreateIceCreamInteractor)
        self.view = configured
        self.viewLetGo = configured
        self.interactor = interactor
        // configureView() sets interactor.presenter to a CreateIceCreamPresenter.
        self.presenter = try #require(interactor.presenter as? CreateIceCreamPresenter)
    }

    func releaseView() {
        view = nil
    }
}

/// What a part of the scene stores, at any depth, up to the other parts it holds (what they hold
/// is theirs to answer for).
private func reach(from part: AnyObject) -> [Holding] {
    Reach.holdings(of: part) { object in
        !(object is CreateIceCreamView || object is CreateIceCreamInteractor || object is CreateIceCreamPresenter)
    }
}

/// Whether something a part stores could reach the presenter: by its class or its protocol, by a
/// place declared `AnyObject` or `Any`, or by a closure.
private func mayHoldThePresenter(_ holding: Holding) -> Bool {
    holding.mayBe { $0 == (any CreateIceCreamPresentationLogic).self || $0 is any CreateIceCreamPresentationLogic.Type }
        || holding.isOpen || holding.isClosure
}

/// Whether something a part stores could reach the view.
private func mayHoldTheView(_ holding: Holding) -> Bool {
    holding.mayBe { $0 == (any CreateIceCreamDisplayLogic).self || $0 is any CreateIceCreamDisplayLogic.Type }
        || holding.isOpen || holding.isClosure
}

/// Whether something a part stores could reach the interactor.
private func mayHoldTheInteractor(_ holding: Holding) -> Bool {
    holding.mayBe { $0 == (any CreateIceCreamBusinessLogic).self || $0 is any CreateIceCreamBusinessLogic.Type }
        || holding.isOpen || holding.isClosure
}

/// The exact type of what `value` holds, or "nil".
private func typeName(of value: Any?) -> String {
    StoredProperty.typeName(of: value)
}
