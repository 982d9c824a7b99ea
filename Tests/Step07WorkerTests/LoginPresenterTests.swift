import Authentication
import Seeds
import Testing

@testable import Step07Worker

/// Stands in for the view and records every view model the presenter asks it to display, in order.
final class LoginViewControllerSpy: LoginDisplayLogic {
    enum Message: Equatable, CustomDebugStringConvertible {
        case displayLoginResult(isSuccess: Bool, errorMessage: String?, welcomeMessage: String?)
        case displayValidationError(emailErrorText: String?, passwordErrorText: String?, isValid: Bool)
        case displayLoading(isLoading: Bool)

        var debugDescription: String {
            switch self {
            case .displayLoginResult(let isSuccess, let errorMessage, let welcomeMessage):
                ".displayLoginResult(isSuccess: \(isSuccess), errorMessage: \(quoted(errorMessage)), welcomeMessage: \(quoted(welcomeMessage)))"
            case .displayValidationError(let emailErrorText, let passwordErrorText, let isValid):
                ".displayValidationError(emailErrorText: \(quoted(emailErrorText)), passwordErrorText: \(quoted(passwordErrorText)), isValid: \(isValid))"
            case .displayLoading(let isLoading):
                ".displayLoading(isLoading: \(isLoading))"
            }
        }
    }

    private(set) var messages: [Message] = []

    func displayLoginResult(viewModel: Login.Authenticate.ViewModel) {
        messages.append(
            .displayLoginResult(
                isSuccess: viewModel.isSuccess, errorMessage: viewModel.errorMessage,
                welcomeMessage: viewModel.welcomeMessage
            ))
    }

    func displayValidationError(viewModel: Login.Validate.ViewModel) {
        messages.append(
            .displayValidationError(
                emailErrorText: viewModel.emailErrorText, passwordErrorText: viewModel.passwordErrorText,
                isValid: viewModel.isValid
            ))
    }

    func displayLoading(isLoading: Bool) {
        messages.append(.displayLoading(isLoading: isLoading))
    }
}

@Suite("LoginPresenter words what the Login screen shows")
struct LoginPresenterTests {
    let sut = LoginPresenter()
    let viewSpy = LoginViewControllerSpy()

    /// Look in: Login/LoginPresenter.swift at `func presentLoginResult`
    /// Hint: The presenter writes the words: a successful login becomes a greeting with the user's name, which the view
    ///   shows as it is.
    /// Hint: Switch over response.result. For .success(let user), make a Login.Authenticate.ViewModel with isSuccess
    ///   true, no errorMessage and a welcome built from user.name, then give it to viewController once.
    /// Hint: case .success(let user): Login.Authenticate.ViewModel(isSuccess: true, errorMessage: nil, welcomeMessage:
    ///   "Welcome, \(user.name)!"), then viewController?.displayLoginResult(viewModel: viewModel)
    @Test("A successful login becomes \"Welcome, <name>!\"", arguments: Seeds.accounts)
    func successBecomesWelcome(account: AccountSeed) {
        // Given
        sut.viewController = viewSpy

        // When
        sut.presentLoginResult(response: Login.Authenticate.Response(result: .success(account.user)))

        // Then
        let welcome = LoginViewControllerSpy.Message.displayLoginResult(
            isSuccess: true, errorMessage: nil, welcomeMessage: account.welcomeMessage)
        // isSuccess true, welcomeMessage "Welcome, \(user.name)!", no errorMessage: displayed once.
        #expect(viewSpy.messages == [welcome])
    }

    /// Look in: Login/LoginPresenter.swift at `func presentLoginResult`
    /// Hint: A failed login shows the error's own sentence, with isSuccess false and no welcome. The presenter picks
    ///   the text and the view just shows it.
    /// Hint: In the .failure(let error) case, errorMessage is error.localizedDescription. AuthError is a
    ///   LocalizedError, so that gives its sentence on Linux too. Display the view model once.
    /// Hint: case .failure(let error): Login.Authenticate.ViewModel(isSuccess: false, errorMessage:
    ///   error.localizedDescription, welcomeMessage: nil), then viewController?.displayLoginResult(viewModel:
    ///   viewModel)
    @Test("A failed login becomes the error's own readable text", arguments: AuthError.allCases)
    func failureBecomesReadableText(error: AuthError) {
        // Given
        sut.viewController = viewSpy

        // When
        sut.presentLoginResult(response: Login.Authenticate.Response(result: .failure(error)))

        // Then
        let failure = LoginViewControllerSpy.Message.displayLoginResult(
            isSuccess: false, errorMessage: error.errorDescription, welcomeMessage: nil)
        // isSuccess false, errorMessage error.localizedDescription (AuthError's sentence), no welcomeMessage: displayed once.
        #expect(viewSpy.messages == [failure])
    }

    /// Look in: Login/LoginPresenter.swift at `func presentLoginResult`
    /// Hint: Every response becomes its own view model and is displayed, even when it is the same as the last one: the
    ///   view cleared its alert when Log in was pressed, so skipping a repeat leaves the person with no answer. The
    ///   presenter keeps no state.
    /// Hint: presentLoginResult(response:) builds the view model from this response alone and calls displayLoginResult
    ///   once, every time. Remove any property that remembers an earlier result or message.
    /// Hint: let viewModel = switch response.result { case .success(let user): … case .failure(let error): … };
    ///   viewController?.displayLoginResult(viewModel: viewModel), and no stored property besides `weak var
    ///   viewController`.
    @Test("Presenting again displays the new result in full, never the last one again", arguments: Seeds.accounts)
    func presentingAgainReplaces(account: AccountSeed) {
        // Given
        sut.viewController = viewSpy

        // When
        sut.presentLoginResult(response: Login.Authenticate.Response(result: .failure(.wrongPassword)))
        sut.presentLoginResult(response: Login.Authenticate.Response(result: .failure(.wrongPassword)))
        sut.presentLoginResult(response: Login.Authenticate.Response(result: .failure(.accountLocked)))
        sut.presentLoginResult(response: Login.Authenticate.Response(result: .success(account.user)))

        // Then
        let wrongPassword = LoginViewControllerSpy.Message.displayLoginResult(
            isSuccess: false, errorMessage: AuthError.wrongPassword.errorDescription, welcomeMessage: nil)
        let locked = LoginViewControllerSpy.Message.displayLoginResult(
            isSuccess: false, errorMessage: AuthError.accountLocked.errorDescription, welcomeMessage: nil)
        let welcome = LoginViewControllerSpy.Message.displayLoginResult(
            isSuccess: true, errorMessage: nil, welcomeMessage: account.welcomeMessage)
        // Each response becomes its own view model, displayed once, even when it repeats the last one: the presenter keeps nothing from one to the next.
        #expect(viewSpy.messages == [wrongPassword, wrongPassword, locked, welcome])
    }

    /// Look in: Login/LoginPresenter.swift at `func presentValidationError`
    /// Hint: Each field's problem is shown under that field, and Log in opens only when there is no problem at all. The
    ///   presenter makes that decision, not the view.
    /// Hint: Make a Login.Validate.ViewModel: emailErrorText from emailError, passwordErrorText from passwordError, and
    ///   isValid true only when both are nil. Display it once.
    /// Hint: viewController?.displayValidationError(viewModel: Login.Validate.ViewModel(emailErrorText:
    ///   response.emailError, passwordErrorText: response.passwordError, isValid: response.emailError == nil &&
    ///   response.passwordError == nil))
    @Test(
        "Validation errors go to their fields, and isValid is true only when there are none",
        arguments: Seeds.credentialChecks)
    func validationBecomesFieldTexts(check: CredentialSeed) {
        // Given
        sut.viewController = viewSpy

        // When
        sut.presentValidationError(
            response: Login.Validate.Response(emailError: check.emailError, passwordError: check.passwordError))

        // Then
        let fieldTexts = LoginViewControllerSpy.Message.displayValidationError(
            emailErrorText: check.emailError, passwordErrorText: check.passwordError, isValid: check.isValid)
        // The email error under the email, the password error under the password; isValid only when both are nil.
        #expect(viewSpy.messages == [fieldTexts])
    }

    /// Look in: Login/LoginPresenter.swift at `func presentLoading`
    /// Hint: Loading needs no wording, so the presenter passes it straight to the view each time. The presenter holds
    ///   its view weakly (the view owns the interactor, which owns the presenter) and nothing that leads back to the
    ///   interactor: VIP runs one way.
    /// Hint: presentLoading(isLoading:) needs one line: a call on viewController with the same Bool. Keep `weak var
    ///   viewController`, and give the presenter no interactor, worker, router or service property.
    /// Hint: func presentLoading(isLoading: Bool) { viewController?.displayLoading(isLoading: isLoading) }
    @Test("Loading on and off reach the view as they come, and the presenter holds its view weakly and nothing else")
    func loadingPassesThrough() {
        // Given
        var shownView: LoginViewControllerSpy? = LoginViewControllerSpy()
        weak let releasedView = shownView
        sut.viewController = shownView

        // When
        sut.presentLoading(isLoading: true)
        sut.presentLoading(isLoading: false)
        let displayed = shownView?.messages
        shownView = nil

        // Then
        // presentLoading(isLoading:) calls viewController?.displayLoading(isLoading:) with the same value, each time.
        #expect(displayed == [.displayLoading(isLoading: true), .displayLoading(isLoading: false)])
        // The view owns the interactor, which owns the presenter: keep `weak var viewController`, so the view can go.
        #expect(releasedView == nil)
        // The cycle runs one way: declare no interactor, worker, router or service in the presenter, not even one left nil.
        #expect(properties(of: sut, holding: .interactor, .worker, .router, .service) == [])
    }
}
