import Authentication
import Seeds
import TerminalUI
import Testing

@testable import Step06Router

/// Stands in for the router and records every route the view asks for, in order.
final class LoginRouterSpy: LoginRoutingLogic, LoginDataPassing {
    enum Message: Equatable, CustomDebugStringConvertible {
        case routeToHome, routeToForgotPassword, routeToSignup

        var debugDescription: String {
            switch self {
            case .routeToHome: ".routeToHome"
            case .routeToForgotPassword: ".routeToForgotPassword"
            case .routeToSignup: ".routeToSignup"
            }
        }
    }

    private(set) var messages: [Message] = []
    var dataStore: LoginDataStore?

    func routeToHome() { messages.append(.routeToHome) }
    func routeToForgotPassword() { messages.append(.routeToForgotPassword) }
    func routeToSignup() { messages.append(.routeToSignup) }
}

extension TerminalView {
    /// Does what typing `key input` at the terminal does: hands `input` to the control with that key.
    /// - Returns: why the control refused, or nil when it acted.
    func use(_ key: String, _ input: String = "") throws -> Refusal? {
        // The screen has a control with this key.
        let control = try #require(
            body.controls.first { $0.key == key }, "The screen has no control with key '\(key)'.")
        return control.use(input)
    }
}

@Suite("LoginViewController hands navigation to its router")
struct LoginViewControllerTests {
    let sut = LoginViewController()
    let routerSpy = LoginRouterSpy()

    /// Look in: Login/LoginViewController.swift at `func displayLoginResult`
    /// Hint: The view routes on what the view model says, and only then: when it says the login worked, the view asks
    ///   the router for Home, once. A failure stays on Login with its alert, and asks the router for nothing.
    /// Hint: In displayLoginResult(viewModel:), inside the `if viewModel.isSuccess` branch and after keeping the
    ///   welcome message, add one call to the router, right there: not in a Task or on a queue, which route later.
    /// Hint: if viewModel.isSuccess { welcomeMessage = viewModel.welcomeMessage; router?.routeToHome() }
    @Test("A successful login asks the router for Home, once; a failed one stays and says why")
    func successfulLoginRoutesHome() async throws {
        // Given
        sut.router = routerSpy
        // A seed account, for the welcome.
        let account = try #require(Seeds.accounts.first)
        let failure = Login.Authenticate.ViewModel(
            isSuccess: false, errorMessage: AuthError.wrongPassword.description, welcomeMessage: nil
        )
        let success = Login.Authenticate.ViewModel(
            isSuccess: true, errorMessage: nil, welcomeMessage: account.welcomeMessage)

        // When
        sut.displayLoginResult(viewModel: failure)
        let routesAfterFailure = routerSpy.messages
        sut.displayLoginResult(viewModel: success)
        let alertAfterSuccess = sut.alertMessage
        let routedOnlyLater = await isDoneOnlyLater { !routerSpy.messages.isEmpty }
        // Back on Login later, the person mistypes the password.
        sut.displayLoginResult(viewModel: failure)

        // Then
        // A failed login stays on Login: no route.
        #expect(routesAfterFailure == [])
        // Its message is on screen, in an alert.
        #expect(sut.alertMessage == failure.errorMessage)
        // A success puts up no alert of its own: Home is where the person goes, with nothing left behind on Login.
        #expect([nil, failure.errorMessage].contains(alertAfterSuccess))
        // The view asks for Home while it displays the success, before it returns: not put off into a Task or onto a queue.
        #expect(routedOnlyLater == false)
        // displayLoginResult(viewModel:) calls router?.routeToHome() when isSuccess is true, once: never for a failure, not even one after a success (a welcome still on screen is no reason to route).
        #expect(routerSpy.messages == [.routeToHome])
    }

    /// Look in: Login/LoginViewController.swift at `func forgotPasswordTapped`
    /// Hint: A button press only tells the router where the person wants to go. The router knows how to get there.
    /// Hint: forgotPasswordTapped() and signupTapped() each need one line: call the route of the same name on router.
    /// Hint: func forgotPasswordTapped() { router?.routeToForgotPassword() } and func signupTapped() {
    ///   router?.routeToSignup() }
    @Test("The Forgot password? and Sign up buttons each ask the router for their scene")
    func buttonsAskTheRouter() throws {
        // Given
        sut.router = routerSpy

        // When
        let forgotRefusal = try sut.use("forgot")
        let signupRefusal = try sut.use("signup")

        // Then
        // Forgot password? can always be pressed.
        #expect(forgotRefusal == nil)
        // So can Sign up.
        #expect(signupRefusal == nil)
        // forgotPasswordTapped() calls router?.routeToForgotPassword(); signupTapped() calls router?.routeToSignup().
        #expect(routerSpy.messages == [.routeToForgotPassword, .routeToSignup])
    }
}
