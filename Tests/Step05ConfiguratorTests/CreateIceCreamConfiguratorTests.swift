import Seeds
import Testing

@testable import Step05Configurator

@Suite("configureView() assembles the CreateIceCream scene")
struct CreateIceCreamConfiguratorTests {
    @Test("configureView() gives this view a CreateIceCreamInteractor")
    func viewGetsAnInteractor() throws {
        // Given
        let view = CreateIceCreamView()

        // When
        let sut = view.configureView()

        // Then
        // configureView() returns the view it was called on, with view.interactor set.
        #expect(sut === view)
        _ = try #require(sut.interactor as? CreateIceCreamInteractor)
    }

    @Test("The interactor's presenter displays on this very view")
    func cycleClosesOnTheSameView() throws {
        // Given
        let sut = CreateIceCreamView()

        // When
        let view = sut.configureView()

        // Then
        // view → interactor → presenter → view: the presenter's view is the one configured, not a copy.
        let interactor = try #require(view.interactor as? CreateIceCreamInteractor)
        let presenter = try #require(interactor.presenter as? CreateIceCreamPresenter)
        #expect(presenter.view === view)
    }

    @Test("Appearing fills the data store through the whole cycle", arguments: Seeds.menus)
    func appearingFillsTheDataStore(seed: MenuSeed) throws {
        // Given
        let sut = CreateIceCreamView().configureView()
        let interactor = try #require(sut.interactor as? CreateIceCreamInteractor)
        interactor.menuBundle = seed.bundle
        interactor.menuFile = seed.file

        // When
        sut.onAppear()

        // Then
        // The menu travels view → interactor → presenter → view and lands in the data store.
        #expect(sut.iceCream.displayedCones == seed.iceCream.cones)
        #expect(sut.iceCream.displayedFlavors == seed.iceCream.flavors)
        #expect(sut.iceCream.displayedToppings == seed.iceCream.toppings)
    }

    @Test("Releasing the view frees its interactor and presenter")
    func releasingTheViewFreesTheScene() throws {
        // Given
        let scene = try WeakScene(CreateIceCreamView().configureView())

        // When
        scene.releaseView()

        // Then
        // Nothing outlives the view: the presenter must hold it with `weak var view`, or the three keep each other alive.
        #expect(scene.interactor == nil)
        #expect(scene.presenter == nil)
    }

    @Test("The presenter has no way back to the interactor")
    func presenterCannotReachTheInteractor() throws {
        // Given
        let sut = CreateIceCreamView()

        // When
        let view = sut.configureView()

        // Then
        // The cycle runs one way: the presenter holds the view (weakly) and nothing else of the scene.
        let interactor = try #require(view.interactor as? CreateIceCreamInteractor)
        let presenter = try #require(interactor.presenter as? CreateIceCreamPresenter)
        #expect(!Mirror(reflecting: presenter).children.contains { $0.value is CreateIceCreamBusinessLogic })
    }

    @Test("The app starts from a configured view")
    func appStartsConfigured() {
        // Given
        let sut = ContentView()

        // When
        let view = sut.body

        // Then
        // ContentView's body is CreateIceCreamView().configureView(), so the first screen loads its menu.
        #expect(view.interactor is CreateIceCreamInteractor)
    }
}

/// A configured scene seen only through weak references, once its view is released.
private final class WeakScene {
    private var view: CreateIceCreamView?
    weak var interactor: CreateIceCreamInteractor?
    weak var presenter: CreateIceCreamPresenter?

    init(_ view: CreateIceCreamView) throws {
        let interactor = try #require(view.interactor as? CreateIceCreamInteractor)
        self.view = view
        self.interactor = interactor
        self.presenter = try #require(interactor.presenter as? CreateIceCreamPresenter)
    }

    func releaseView() {
        view = nil
    }
}
