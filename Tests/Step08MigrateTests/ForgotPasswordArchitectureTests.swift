import Authentication
import Seeds
import Testing

@testable import Step08Migrate

/// The skill sheet's anti-patterns, read from what each part of the configured scene declares.
@Suite("The migrated scene keeps VIP's rules: one way round, protocols, weak ways back")
struct ForgotPasswordArchitectureTests {
    let serviceStub = PasswordResetServiceStub()

    /// Look in: ForgotPassword/ForgotPasswordViewController.swift at `var interactor`
    /// Hint: The view only asks its interactor and shows what it is told. A view that holds a presenter skips the
    ///   business logic; one that holds a view model, a worker or a service is still MVVM.
    /// Hint: Keep `interactor`, `router` and `navigator` and the values the screen shows. Remove the view model, and
    ///   delete its file: the check looks for the class in the module. Give the view no presenter, worker or service.
    /// Hint: The view's stored properties: interactor, router, weak navigator, email, emailError, isSending,
    ///   confirmation, alertMessage, sendTask. Nothing else that is an object.
    @Test("The view holds its interactor and router, never a presenter, worker, service or view model")
    func viewHoldsNoPresenter() throws {
        // Given
        // Nothing: the configurator makes the scene.

        // When
        let sut = ForgotPasswordConfigurator.configure(service: serviceStub)

        // Then
        // The view asks its interactor and shows what comes back: declare no presenter, worker or service in it, not even one left nil.
        #expect(properties(of: sut, holding: .presenter, .worker, .service) == [])
        let objects = declaredProperties(of: sut).filter { property in
            property.innermost is AnyObject.Type
                && ![.interactor, .router].contains { property.holds($0) } && !property.words.contains("Navigator")
        }
        // Besides its interactor, router and navigator, the view holds no object: a view model left in it is MVVM still.
        #expect(objects.map(\.description) == [])
        // The view model's parts moved into the VIP parts, and its file went: no ForgotPasswordViewModel is left in the
        // module (ForgotPasswordViewModel.swift deleted).
        #expect(_typeByName("Step08Migrate.ForgotPasswordViewModel").map { String(describing: $0) } == nil)
    }

    /// Look in: ForgotPassword/ForgotPasswordPresenter.swift at `var viewController`
    /// Hint: VIP runs one way: the presenter talks to the view and never back to the interactor (or its data store,
    ///   worker or router). Anything it needs comes in the response.
    /// Hint: The presenter declares `weak var viewController: ForgotPasswordDisplayLogic?` and nothing else.
    /// Hint: Remove any interactor, data store, worker, router or service property from ForgotPasswordPresenter.
    @Test("The presenter holds its view and nothing that leads back to the interactor")
    func presenterHoldsNoInteractor() throws {
        // Given
        let view = ForgotPasswordConfigurator.configure(service: serviceStub)

        // When
        // configure(service:) gives the view a ForgotPasswordInteractor…
        let interactor = try #require(view.interactor as? ForgotPasswordInteractor)
        // …and the interactor a ForgotPasswordPresenter.
        let sut = try #require(interactor.presenter as? ForgotPasswordPresenter)

        // Then
        // The presenter displays on the view.
        #expect(sut.viewController === view)
        // The cycle runs one way: declare no interactor, data store, worker, router or service in the presenter, not even one left nil.
        #expect(properties(of: sut, holding: .interactor, .dataStore, .worker, .router, .service) == [])
    }

    /// Look in: ForgotPassword/ForgotPasswordInteractor.swift at `var presenter`
    /// Hint: The interactor decides and hands facts to the presenter; it never updates the view itself, never
    ///   navigates, and reaches the service only through its worker.
    /// Hint: The interactor declares `presenter`, `worker` and the data store's `email`: no view, router, navigator or
    ///   service.
    /// Hint: Remove any view, router or service property from ForgotPasswordInteractor; call the worker instead of a
    ///   service.
    @Test("The interactor holds its presenter and worker, never the view, the router or the service")
    func interactorHoldsNoView() throws {
        // Given
        let view = ForgotPasswordConfigurator.configure(service: serviceStub)

        // When
        // configure(service:) gives the view a ForgotPasswordInteractor.
        let sut = try #require(view.interactor as? ForgotPasswordInteractor)

        // Then
        // The interactor reaches the screen through its presenter only, and the service through its worker: declare no view, router or service in it.
        #expect(properties(of: sut, holding: .view, .router, .service) == [])
        // No navigator either: going somewhere is the router's job.
        #expect(declaredProperties(of: sut).filter { $0.words.contains("Navigator") }.map(\.description) == [])
    }

    /// Look in: ForgotPassword/ForgotPasswordRouter.swift at `var viewController`
    /// Hint: Every part depends on the others through their protocols, never their classes, so that a check (or
    ///   another implementation) can stand in for any of them.
    /// Hint: Type each dependency with its protocol: ForgotPasswordBusinessLogic, ForgotPasswordPresentationLogic,
    ///   ForgotPasswordDisplayLogic, ForgotPasswordWorkerLogic, ForgotPasswordDataStore, PasswordResetService, and
    ///   NavigableView for the router's view.
    /// Hint: For example `weak var viewController: NavigableView?` in the router and `var interactor:
    ///   ForgotPasswordBusinessLogic?` in the view, not ForgotPasswordViewController or ForgotPasswordInteractor.
    @Test("Every part holds the others through protocols, never concrete types")
    func dependenciesAreProtocols() throws {
        // Given
        let view = ForgotPasswordConfigurator.configure(service: serviceStub)

        // When
        // configure(service:) gives the view a ForgotPasswordInteractor.
        let interactor = try #require(view.interactor as? ForgotPasswordInteractor)
        // The interactor gets a ForgotPasswordPresenter.
        let presenter = try #require(interactor.presenter as? ForgotPasswordPresenter)
        // And a ForgotPasswordWorker.
        let worker = try #require(interactor.worker as? ForgotPasswordWorker)
        // The view gets a ForgotPasswordRouter.
        let router = try #require(view.router as? ForgotPasswordRouter)
        let parts: [(String, Any)] = [
            ("view", view), ("interactor", interactor), ("presenter", presenter), ("worker", worker),
            ("router", router),
        ]

        // Then
        let concrete = parts.flatMap { part, subject in
            declaredProperties(of: subject).filter(\.isConcreteDependency).map { "\(part).\($0)" }
        }
        // Each dependency is declared with its protocol (ForgotPasswordBusinessLogic, …, NavigableView, PasswordResetService), never a class or struct.
        #expect(concrete == [])
    }

    /// Look in: ForgotPassword/ForgotPasswordPresenter.swift at `weak var viewController`
    /// Hint: The view owns its interactor (which owns the presenter) and its router. Their ways back to the view must
    ///   be weak, or the scene never goes away; `unowned` crashes when read after the view is gone.
    /// Hint: `weak var viewController` in both the presenter and the router; the configurator keeps nothing
    ///   elsewhere.
    /// Hint: Presenter: `weak var viewController: ForgotPasswordDisplayLogic?`. Router: `weak var viewController:
    ///   NavigableView?`.
    @Test("Releasing the view frees the interactor, presenter, worker and router: every way back is weak")
    func backReferencesAreWeak() throws {
        // Given
        let scene = try WeakScene(ForgotPasswordConfigurator.configure(service: serviceStub))

        // When
        scene.releaseView()

        // Then
        // The interactor goes with the view: nothing holds the view strongly.
        #expect(scene.interactor == nil)
        // The presenter goes: `weak var viewController` in it.
        #expect(scene.presenter == nil)
        // The router goes: `weak var viewController` in it too.
        #expect(scene.router == nil)
        // And the worker with its interactor.
        #expect(scene.worker == nil)
        // weak, not unowned: an unowned reference crashes when read after the view is gone.
        #expect(scene.unownedReferencesAddedToTheView == 0)
    }

    /// Look in: ForgotPassword/ForgotPasswordRouter.swift at `func routeToLogin`
    /// Hint: Login must never be shown without the email: the router passes the data first and navigates after, as
    ///   Clean Swift's routers do.
    /// Hint: In routeToLogin(), call passDataToLogin(source:destination:) before
    ///   viewController?.navigator?.replaceRoot(with:).
    /// Hint: let login = LoginConfigurator.configure(); guard let dataStore, var destination = login.router?.dataStore
    ///   else { return }; passDataToLogin(source: dataStore, destination: &destination); then replaceRoot(with: login).
    @Test("The router hands Login the email before it shows Login", arguments: Seeds.acceptedResetEmails)
    func passesBeforeNavigating(email: ResetEmailSeed) {
        // Given
        let view = ForgotPasswordConfigurator.configure(service: serviceStub)
        let navigatorSpy = NavigatorSpy()
        view.navigator = navigatorSpy
        let sut = ForgotPasswordRouter()
        sut.viewController = view
        sut.dataStore = ForgotPasswordDataStoreStub(email: email.sent)

        // When
        sut.routeToLogin()

        // Then
        // At the very moment Login is shown, its data store already holds the email: pass the data, then navigate.
        #expect(navigatorSpy.messages == [.init(.replaceRoot, LoginViewController.self, holding: email.sent)])
    }
}

/// A configured scene seen only through weak references, once its view is released.
private final class WeakScene {
    private var view: ForgotPasswordViewController?
    weak var interactor: ForgotPasswordInteractor?
    weak var presenter: ForgotPasswordPresenter?
    weak var worker: ForgotPasswordWorker?
    weak var router: ForgotPasswordRouter?
    /// How many `unowned` references the scene holds to the view.
    let unownedReferencesAddedToTheView: Int

    init(_ view: ForgotPasswordViewController) throws {
        // An object nobody holds `unowned` has a count of its own to start from.
        let unownedBaseline = Int(UnownedReferences.count(to: LoginViewController()))
        self.view = view
        // configure(service:) gives the view a ForgotPasswordInteractor.
        let interactor = try #require(view.interactor as? ForgotPasswordInteractor)
        self.interactor = interactor
        // And the interactor a ForgotPasswordPresenter.
        self.presenter = try #require(interactor.presenter as? ForgotPasswordPresenter)
        // And a ForgotPasswordWorker.
        self.worker = try #require(interactor.worker as? ForgotPasswordWorker)
        // And the view a ForgotPasswordRouter.
        self.router = try #require(view.router as? ForgotPasswordRouter)
        unownedReferencesAddedToTheView = Int(UnownedReferences.count(to: view)) - unownedBaseline
    }

    func releaseView() {
        view = nil
    }
}
