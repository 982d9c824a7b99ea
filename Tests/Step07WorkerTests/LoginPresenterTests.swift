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
