import Seeds
import TerminalUI
import Testing

@testable import Step07Worker

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
        // Each keystroke goes view → interactor → worker → presenter → view; the email's text arrives as the worker wrote it.
        #expect(sut.emailErrorText == check.emailError)
        // So does the password's.
        #expect(sut.passwordErrorText == check.passwordError)
        // The Log in button can be pressed exactly when the presenter says isValid.
        #expect(sut.isValid == check.isValid)
        // The view only asks its interactor and displays: declare no presenter, worker or service in it, not even one left nil.
        #expect(properties(of: sut, holding: .presenter, .worker, .service) == [])
    }

    @Test(
        "Each login ends on screen with its own message, loading over, and a user only on success",
        arguments: Seeds.loginAttempts)
    func loginEndsOnScreen(attempt: LoginAttemptSeed) async throws {
        // Given
        let sut = LoginConfigurator.configure()
        // The scene's LoginInteractor, given a worker over the seeds' accounts.
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
        // The login is over when the button's task is: authenticate(request:) awaits the worker itself (no Task { } inside) and ends loading on every path.
        try #require(sut.isLoading == false)
        // The screen shows the presenter's sentence: after a success its welcome and no alert (keep the user before presenting, or the router finds nobody and says so), after a failure the error's own text in an alert.
        #expect(sut.welcomeMessage == attempt.welcomeOnScreen)
        // The alert is the failure's own text, and there is none after a success.
        #expect(sut.alertMessage == attempt.alertOnScreen)
        // Only a successful login leaves a user in the data store, exactly the one who signed in.
        #expect(interactor.authenticatedUser == attempt.signedInUser)
    }

    @Test(
        "A login after a failed one shows only its own outcome: the old error is gone",
        arguments: Seeds.loginAttempts)
    func loginAfterFailureReplacesTheMessage(attempt: LoginAttemptSeed) async throws {
        // Given
        // A login that fails first.
        let failed = try #require(Seeds.failedLoginAttempts.first)
        let sut = LoginConfigurator.configure()
        // The scene's LoginInteractor, given a worker over the seeds' accounts.
        let interactor = try #require(sut.interactor as? LoginInteractor)
        interactor.worker = LoginWorker(service: try Seeds.authenticationService())
        _ = try sut.use("email", failed.email)
        _ = try sut.use("password", failed.password)
        _ = try sut.use("login")
        await sut.loginTask?.value

        // When
        _ = try sut.use("email", attempt.email)
        _ = try sut.use("password", attempt.password)
        _ = try sut.use("login")
        await sut.loginTask?.value

        // Then
        // The login is over when the button's task is: authenticate(request:) awaits the worker itself (no Task { } inside) and ends loading on every path.
        try #require(sut.isLoading == false)
        // The second outcome replaces the first: a failure shows its own alert, even when it is the same error again; a success shows its welcome and no alert.
        #expect(sut.alertMessage == attempt.alertOnScreen)
        // The welcome is there only after a success.
        #expect(sut.welcomeMessage == attempt.welcomeOnScreen)
    }
}
