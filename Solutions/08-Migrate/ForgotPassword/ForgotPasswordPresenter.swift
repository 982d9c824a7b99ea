import Authentication

/// What the interactor may hand the Forgot password scene's presentation logic.
protocol ForgotPasswordPresentationLogic {
    func presentSendLink(response: ForgotPassword.SendLink.Response)
}

/// The Forgot password scene's presentation logic: every sentence the screen shows is
/// written here, and nothing is decided.
final class ForgotPasswordPresenter: ForgotPasswordPresentationLogic {
    /// Weak, because the view owns the interactor, which owns this presenter.
    weak var viewController: ForgotPasswordDisplayLogic?

    func presentSendLink(response: ForgotPassword.SendLink.Response) {
        let viewModel =
            switch response {
            case .invalidEmail(let problem):
                ForgotPassword.SendLink.ViewModel(
                    emailError: message(for: problem), isSending: false, confirmation: nil, alertMessage: nil)
            case .sending:
                ForgotPassword.SendLink.ViewModel(
                    emailError: nil, isSending: true, confirmation: nil, alertMessage: nil)
            case .sent(let email):
                ForgotPassword.SendLink.ViewModel(
                    emailError: nil, isSending: false,
                    confirmation: "We sent a link to choose a new password to \(email).", alertMessage: nil)
            case .failed(let error):
                ForgotPassword.SendLink.ViewModel(
                    emailError: nil, isSending: false, confirmation: nil, alertMessage: message(for: error))
            }
        viewController?.displaySendLink(viewModel: viewModel)
    }

    private func message(for problem: ForgotPassword.EmailProblem) -> String {
        switch problem {
        case .empty: ValidationMessage.emptyEmail
        case .malformed: ValidationMessage.malformedEmail
        }
    }

    private func message(for error: PasswordResetError) -> String {
        switch error {
        case .unknownEmail: "There is no account with that email. Check it, or sign up."
        case .accountLocked: "This account is locked, so its password cannot be reset. Contact support."
        case .tooManyRequests: "You asked for several links just now. Wait a few minutes, then try again."
        case .serviceUnavailable: "Links cannot be sent right now. Try again later."
        case .unknown: "Something went wrong while sending the link. Try again."
        }
    }
}
