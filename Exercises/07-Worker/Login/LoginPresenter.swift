/// What the interactor may hand the Login scene's presentation logic.
protocol LoginPresentationLogic {
    func presentLoginResult(response: Login.Authenticate.Response)
    func presentValidationError(response: Login.Validate.Response)
    func presentLoading(isLoading: Bool)
}

/// The Login scene's presentation logic: it turns results into what the screen says.
final class LoginPresenter: LoginPresentationLogic {
    /// Weak, because the view owns the interactor, which owns this presenter.
    weak var viewController: LoginDisplayLogic?

    func presentLoginResult(response: Login.Authenticate.Response) {
        // TODO: a success becomes "Welcome, <name>!", a failure the error's readable text;
        // ask the view to display the view model.
    }

    func presentValidationError(response: Login.Validate.Response) {
        // TODO: pass each field's error on, with isValid true only when there is none.
    }

    func presentLoading(isLoading: Bool) {
        // TODO: pass the loading state on to the view.
    }
}
