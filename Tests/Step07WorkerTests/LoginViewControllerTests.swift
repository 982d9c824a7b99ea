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
    /// Look in: Login/LoginInteractor.swift at `func validateInput`
    /// Hint: Every keystroke goes all the way round, view → interactor → worker → presenter → view. The screen shows
    ///   the worker's messages word for word, and Log in opens only when the presenter says isValid.
    /// Hint: The view is already done, and it only asks its interactor: it holds no presenter, worker or service. This
    ///   check passes when three pieces do: validateCredentials in the worker, validateInput in the interactor and
    ///   presentValidationError in the presenter. Fix those checks first.
    /// Hint: validateInput asks worker.validateCredentials(email: request.email, password: request.password) and
    ///   presents its two errors. presentValidationError displays them with isValid = (both nil). The worker trims the
    ///   email and names each problem with its ValidationMessage.
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

    /// Look in: Login/LoginInteractor.swift at `func authenticate`
    /// Hint: This check logs in on the configured screen through the real worker. It must end with the presenter's
    ///   sentence on screen (a welcome, or the error's text in an alert), loading off, and a user kept only on success.
    ///   The Log in button's task awaits authenticate(request:), so the login must be over when authenticate returns:
    ///   it awaits the worker itself, with no Task { } inside.
    /// Hint: Fix the worker, interactor and presenter checks first. If they all pass and this one still fails, look at
    ///   the order in authenticate(request:): the view routes home as soon as it displays a success, and the router
    ///   reads authenticatedUser at that moment.
    /// Hint: Keep the user before presenting: `authenticatedUser = user` comes before
    ///   presentLoginResult(.success(user)), or the router finds nobody and shows an alert. End loading with a `defer`
    ///   right after presentLoading(isLoading: true).
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

    /// Look in: Login/LoginPresenter.swift at `func presentLoginResult`
    /// Hint: After a failed login the person tries again, and the screen must show the second outcome only: its own
    ///   alert (even the same error again), or the welcome with no alert left over.
    /// Hint: The view clears its alert when Log in is pressed (loginTapped sets alert = nil). The presenter must then
    ///   display every result, even one equal to the last, and the interactor must run the second login in full. Fix
    ///   the presenter and interactor checks first.
    /// Hint: presentLoginResult(response:) calls viewController?.displayLoginResult(viewModel:) once for every
    ///   response, remembering nothing; authenticate(request:) keeps no flag that blocks a second login; loginTapped()
    ///   keeps `alert = nil`.
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
