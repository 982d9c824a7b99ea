/// What the interactor may hand the Forgot password scene's presentation logic.
protocol ForgotPasswordPresentationLogic {
    func presentSendLink(response: ForgotPassword.SendLink.Response)
}

/// The Forgot password scene's presentation logic.
final class ForgotPasswordPresenter: ForgotPasswordPresentationLogic {
    /// Weak, because the view owns the interactor, which owns this presenter.
    weak var viewController: ForgotPasswordDisplayLogic?

    func presentSendLink(response: ForgotPassword.SendLink.Response) {
        // TODO: move the view model's sentences here (README.md): one view model per response,
        // displayed once.
    }
}
