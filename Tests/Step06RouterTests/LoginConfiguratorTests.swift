import Seeds
import Testing

@testable import Step06Router

@Suite("LoginConfigurator wires the router into the Login scene")
struct LoginConfiguratorTests {
    /// Look in: Login/LoginConfigurator.swift at `static func configure`
    /// Hint: The router is made in the same place as the rest of the scene. configure() gives it to the view, and tells
    ///   it which view to route from and which data store to read. Configuring only connects: it validates nothing and
    ///   routes nowhere. And a router only navigates and hands data on, so it holds no interactor, presenter or service
    ///   of its own.
    /// Hint: In configure(), make a LoginRouter. The view gets it as `router`; the router gets the view as
    ///   `viewController` and the interactor (this scene's LoginDataStore) as `dataStore`. Call nothing else there. In
    ///   LoginRouter, keep only `viewController` and `dataStore`: read the user through dataStore.
    /// Hint: let router = LoginRouter(); viewController.router = router; router.viewController = viewController;
    ///   router.dataStore = interactor; then return viewController.
    @Test("The router routes from this view, and its data store is this scene's interactor")
    func routerIsWired() throws {
        // Given
        // Nothing: configure() makes every part of the scene itself.

        // When
        let sut = LoginConfigurator.configure()

        // Then
        // configure() makes a LoginRouter and gives it to the view: viewController.router = router.
        try #require(typeName(of: sut.router) == "LoginRouter")
        // The rest of this check looks at that LoginRouter.
        let router = try #require(sut.router as? LoginRouter)
        // router.viewController is the view configure() returns.
        #expect(router.viewController === sut)
        // configure() still gives the view its LoginInteractor, as the starter does.
        let interactor = try #require(sut.interactor as? LoginInteractor)
        // router.dataStore = interactor: the router reads the user this scene's interactor keeps.
        #expect((router.dataStore as? LoginInteractor) === interactor)
        // The router only navigates and hands data on: declare no interactor, presenter or service in it, not even one left nil.
        #expect(properties(of: router, holding: .interactor, .presenter, .service) == [])
        // configure() only connects the parts: it validates nothing, so no email error shows yet.
        #expect(sut.emailErrorText == nil)
        // Nor a password error.
        #expect(sut.passwordErrorText == nil)
        // And it routes nowhere, so no alert shows either.
        #expect(sut.alertMessage == nil)
    }

    /// Look in: Login/LoginRouter.swift at `var viewController`
    /// Hint: Once the view is released, the whole scene must go with it. The view owns its interactor and its router,
    ///   so neither may hold the view strongly.
    /// Hint: This check needs a LoginRouter on the view to watch, so configure() must make one; and the router's way
    ///   back to the view, `viewController` in LoginRouter.swift, must not keep the view alive.
    /// Hint: In LoginRouter: `weak var viewController: LoginViewController?`. In configure(): let router =
    ///   LoginRouter(); viewController.router = router; router.viewController = viewController; router.dataStore =
    ///   interactor.
    @Test("Releasing the Login view frees its interactor, presenter and router")
    func releasingTheViewFreesTheScene() throws {
        // Given
        let scene = try WeakLoginScene(LoginConfigurator.configure())

        // When
        scene.releaseView()

        // Then
        // Nothing outlives the view: the router must hold it with `weak var viewController`, or the two keep each other alive.
        #expect(scene.router == nil)
        // The interactor goes with the view: nothing in the scene holds the view strongly.
        #expect(scene.interactor == nil)
        // The presenter goes too: it holds the view weakly.
        #expect(scene.presenter == nil)
    }

    /// Look in: Login/LoginConfigurator.swift at `static func configure`
    /// Hint: This check goes all the way: the interactor keeps the user, the view asks the router, the router hands
    ///   Home that user and makes Home the root, and Home greets them.
    /// Hint: If the other step 6 checks pass, this one does too. Fix the interactor, router and view checks first, then
    ///   make sure configure() connects that router to this view and this interactor. Order matters twice: the user is
    ///   kept before the result is presented, and passed to Home before Home is shown.
    /// Hint: Four pieces: `authenticatedUser = user` before presentLoginResult in the interactor,
    ///   `router?.routeToHome()` on success in the view, passDataToHome then `replaceRoot(with: home)` in
    ///   routeToHome(), and `viewController.router = router; router.viewController = viewController; router.dataStore =
    ///   interactor` in configure().
    @Test(
        "Logging in with a seed account lands on a Home that greets that user, in its own scene",
        arguments: Seeds.accounts)
    func loggingInLandsOnHome(account: AccountSeed) async throws {
        // Given
        let sut = LoginConfigurator.configure()
        let sceneBeside = LoginConfigurator.configure()
        // The scene's LoginInteractor, given the seeds' accounts to sign in against.
        let interactor = try #require(sut.interactor as? LoginInteractor)
        interactor.service = try Seeds.authenticationService()
        let navigatorSpy = NavigatorSpy()
        sut.navigator = navigatorSpy
        _ = try sut.use("email", account.user.email)
        _ = try sut.use("password", account.password)

        // When
        let refusal = try sut.use("login")
        await sut.loginTask?.value

        // Then
        // The Log in button can be pressed once both fields are filled in.
        #expect(refusal == nil)
        // The whole way: the interactor keeps the user, the view asks the router, the router hands Home that user and makes it the root.
        #expect(navigatorSpy.messages == [.init(.replaceRoot, HomeViewController.self, holding: account.user)])
        // The screen shown is a HomeViewController.
        let home = try #require(navigatorSpy.views.first as? HomeViewController)
        home.onAppear()
        // Home greets the user Login signed in.
        #expect(home.greeting.contains(account.user.name))
        // A second Login scene, configured beside it, has signed nobody in: each scene keeps its own user (no static).
        #expect((sceneBeside.interactor as? LoginInteractor)?.authenticatedUser == nil)
        // And its own router, routing from its own view.
        #expect((sceneBeside.router as? LoginRouter)?.viewController === sceneBeside)
    }
}

/// A configured Login scene seen only through weak references, once its view is released.
private final class WeakLoginScene {
    private var view: LoginViewController?
    weak var interactor: LoginInteractor?
    weak var presenter: LoginPresenter?
    weak var router: LoginRouter?

    init(_ view: LoginViewController) throws {
        // LoginConfigurator.configure() gives the view a LoginInteractor, as the starter does.
        let interactor = try #require(view.interactor as? LoginInteractor)
        self.view = view
        self.interactor = interactor
        // And the interactor a LoginPresenter.
        self.presenter = try #require(interactor.presenter as? LoginPresenter)
        // LoginConfigurator.configure() makes a LoginRouter and gives it to the view: viewController.router = router.
        try #require(typeName(of: view.router) == "LoginRouter")
        // This check watches that LoginRouter.
        self.router = try #require(view.router as? LoginRouter)
    }

    func releaseView() {
        view = nil
    }
}
