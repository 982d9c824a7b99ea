import Authentication
import Seeds
import Testing

@testable import Step08Migrate

@Suite("ForgotPasswordRouter takes the person back to Login with the email")
struct ForgotPasswordRouterTests {
    let sut = ForgotPasswordRouter()
    let forgotPasswordView = ForgotPasswordConfigurator.configure(service: PasswordResetServiceStub())
    let navigatorSpy = NavigatorSpy()

    /// Every check routes from a Forgot password view that the navigator spy shows.
    init() {
        sut.viewController = forgotPasswordView
        forgotPasswordView.navigator = navigatorSpy
    }

    /// Look in: ForgotPassword/ForgotPasswordRouter.swift at `func passDataToLogin`
    /// Hint: Passing data is a small job of its own: copy what Login needs, the email, from this scene's data store
    ///   into Login's. Showing Login is another job.
    /// Hint: Use only the two arguments: read `source.email`, write `destination.prefilledEmail`. No navigator here.
    /// Hint: The whole body: `destination.prefilledEmail = source.email`.
    @Test(
        "passDataToLogin(source:destination:) copies the email, and shows nothing", arguments: Seeds.acceptedResetEmails
    )
    func passDataCopiesTheEmail(email: ResetEmailSeed) {
        // Given
        let source = ForgotPasswordDataStoreStub(email: email.sent)
        var destination: LoginDataStore = LoginDataStoreStub()
        // The router's own data store holds another email: only the source handed in counts.
        sut.dataStore = ForgotPasswordDataStoreStub(email: "someone.else@orbit.example")

        // When
        sut.passDataToLogin(source: source, destination: &destination)

        // Then
        // destination.prefilledEmail = source.email: the function reads only its arguments.
        #expect(destination.prefilledEmail == email.sent)
        // Passing data is only copying: showing Login is routeToLogin()'s job.
        #expect(navigatorSpy.messages == [])
    }

    /// Look in: ForgotPassword/ForgotPasswordRouter.swift at `func routeToLogin`
    /// Hint: Going back after a sent link means a new Login, made by its configurator, as the only screen (nothing to
    ///   go back to), and it must end up holding the email so that it fills in the field when it appears.
    /// Hint: LoginConfigurator.configure() makes Login; its `router?.dataStore` is the destination for
    ///   passDataToLogin(source:destination:), with this router's dataStore as the source; then
    ///   viewController?.navigator?.replaceRoot(with: login), once.
    /// Hint: let login = LoginConfigurator.configure(); guard let dataStore, var destination =
    ///   login.router?.dataStore else { return }; passDataToLogin(source: dataStore, destination: &destination);
    ///   viewController?.navigator?.replaceRoot(with: login)
    @Test(
        "routeToLogin() makes a configured Login the root, and it fills in the email",
        arguments: Seeds.acceptedResetEmails)
    func routeToLoginReplacesTheRoot(email: ResetEmailSeed) throws {
        // Given
        sut.dataStore = ForgotPasswordDataStoreStub(email: email.sent)

        // When
        sut.routeToLogin()
        // The same router, asked a second time: another trip back.
        sut.routeToLogin()

        // Then
        // One replaceRoot(with:) of a LoginViewController per route, on viewController?.navigator: not push, not present.
        #expect(navigatorSpy.messages.map(\.kind) == [.replaceRoot, .replaceRoot])
        // The screen shown is a LoginViewController.
        let login = try #require(navigatorSpy.views.first as? LoginViewController)
        // Each trip back shows a Login of its own, made then by LoginConfigurator.configure(), not one kept from before.
        #expect(navigatorSpy.views.last.map { $0 !== login } == true)
        // It comes from LoginConfigurator.configure(): its router's data store is its own interactor.
        #expect((login.router?.dataStore as? LoginInteractor) === (login.interactor as? LoginInteractor))
        login.onAppear()
        // Login's data store got the email, so its field shows it when it appears.
        #expect(ShownScreen(login).emailText == email.sent)
    }
}
