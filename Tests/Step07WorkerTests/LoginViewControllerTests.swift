import Seeds
import TerminalUI
import Testing

@testable import Step07Worker

extension TerminalView {
    /// Does what typing `key input` at the terminal does: hands `input` to the control with that key.
    /// - Returns: why the control refused, or nil when it acted.
    func use(_ key: String, _ input: String = "") throws -> Refusal? {
        let control = try #require(
            body.controls.first { $0.key == key }, "The screen has no control with key '\(key)'.")
        return control.use(input)
    }
}

@Suite("The configured Login screen shows what the worker and presenter decide, word for word")
struct LoginViewControllerTests {
    @Test(
        "Typing shows each field's validation message, and Log in opens only for valid credentials",
        arguments: Seeds.credentialChecks)
    func typingShowsValidation(check: CredentialSeed) throws {
        // Given
        let sut = LoginConfigurator.configure()

        // When
        _ = try sut.use("email", check.email)
        _ = try sut.use("password", check.password)

        // Then
        // Each keystroke goes view → interactor → worker → presenter → view; the texts arrive as the worker wrote them.
        #expect(sut.emailErrorText == check.emailError)
        #expect(sut.passwordErrorText == check.passwordError)
        // The Log in button can be pressed exactly when the presenter says isValid.
        #expect(sut.isValid == check.isValid)
        // The view only displays: it holds no presenter to call, and formats nothing itself.
        #expect(!Mirror(reflecting: sut).children.contains { $0.value is LoginPresentationLogic })
    }

    @Test(
        "Each login ends on screen with its own message, loading over, and a user only on success",
        arguments: Seeds.loginAttempts)
    func loginEndsOnScreen(attempt: LoginAttemptSeed) async throws {
        // Given
        let sut = LoginConfigurator.configure()
        let interactor = try #require(sut.interactor as? LoginInteractor)
        interactor.worker = LoginWorker(service: try Seeds.authenticationService())
        _ = try sut.use("email", attempt.email)
        _ = try sut.use("password", attempt.password)

        // When
        let refusal = try sut.use("login")
        await sut.loginTask?.value

        // Then
        // Valid credentials open the Log in button.
        #expect(refusal == nil)
        let shown = attempt.signedInUser == nil ? sut.alertMessage : sut.welcomeMessage
        // The screen shows the presenter's sentence: the welcome, or the error's own text in an alert.
        #expect(shown == attempt.screenMessage)
        if attempt.signedInUser != nil {
            // After a success, no alert: keep the user before presenting, so the router finds them when the view routes home.
            #expect(sut.alertMessage == nil)
        }
        // Loading is over, whatever happened.
        #expect(!sut.isLoading)
        // Only a successful login leaves a user in the data store.
        #expect(interactor.authenticatedUser == attempt.signedInUser)
    }
}
