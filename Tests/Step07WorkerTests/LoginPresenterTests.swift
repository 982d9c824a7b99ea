import Authentication
import Seeds
import Testing

@testable import Step07Worker

/// Stands in for the view and records every view model the presenter asks it to display, in order.
final class LoginViewControllerSpy: LoginDisplayLogic {
    enum Message: Equatable {
        case displayLoginResult(isSuccess: Bool, errorMessage: String?, welcomeMessage: String?)
        case displayValidationError(emailErrorText: String?, passwordErrorText: String?, isValid: Bool)
        case displayLoading(isLoading: Bool)
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
        // isSuccess true, welcomeMessage "Welcome, \(user.name)!", no errorMessage: displayed once.
        #expect(
            viewSpy.messages == [
                .displayLoginResult(isSuccess: true, errorMessage: nil, welcomeMessage: account.welcomeMessage)
            ])
    }

    @Test("A failed login becomes the error's own readable text", arguments: AuthError.allCases)
    func failureBecomesReadableText(error: AuthError) {
        // Given
        sut.viewController = viewSpy

        // When
        sut.presentLoginResult(response: Login.Authenticate.Response(result: .failure(error)))

        // Then
        // isSuccess false, errorMessage error.localizedDescription (AuthError's sentence), no welcomeMessage.
        #expect(
            viewSpy.messages == [
                .displayLoginResult(isSuccess: false, errorMessage: error.errorDescription, welcomeMessage: nil)
            ])
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
        // The email error under the email, the password error under the password; isValid when both are nil.
        #expect(
            viewSpy.messages == [
                .displayValidationError(
                    emailErrorText: check.emailError, passwordErrorText: check.passwordError, isValid: check.isValid)
            ])
    }

    @Test("Loading on and off reach the view as they come, and the presenter holds only the view")
    func loadingPassesThrough() {
        // Given
        sut.viewController = viewSpy

        // When
        sut.presentLoading(isLoading: true)
        sut.presentLoading(isLoading: false)

        // Then
        // presentLoading(isLoading:) calls viewController?.displayLoading(isLoading:) with the same value, each time.
        #expect(viewSpy.messages == [.displayLoading(isLoading: true), .displayLoading(isLoading: false)])
        // The cycle runs one way: the presenter has no way back to the interactor.
        #expect(!Mirror(reflecting: sut).children.contains { $0.value is LoginBusinessLogic })
    }
}
