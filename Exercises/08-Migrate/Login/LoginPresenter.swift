/// What the interactor may hand the Login scene's presentation logic.
protocol LoginPresentationLogic {
    func presentLoginResult(response: Login.Authenticate.Response)
    func presentValidationError(response: Login.Validate.Response)
    func presentLoading(isLoading: Bool)
    func presentPrefilledEmail(response: Login.PrefillEmail.Response)
}

/// The Login scene's presentation logic: it turns results into what the screen says.
final class LoginPresenter: LoginPresentationLogic {
    /// Weak, because the view owns the interactor, which owns this presenter.
    weak var viewController: LoginDisplayLogic?

    func presentLoginResult(response: Login.Authenticate.Response) {
        let viewModel =
            switch response.result {
            case .success(let user):
                Login.Authenticate.ViewModel(
                    isSuccess: true, errorMessage: nil, welcomeMessage: "Welcome, \(user.name)!")
            case .failure(let error):
                Login.Authenticate.ViewModel(
                    isSuccess: false, errorMessage: error.localizedDescription, welcomeMessage: nil)
            }
        viewController?.displayLoginResult(viewModel: viewModel)
    }

    func presentValidationError(response: Login.Validate.Response) {
        let viewModel = Login.Validate.ViewModel(
            emailErrorText: response.emailError,
            passwordErrorText: response.passwordError,
            isValid: response.emailError == nil && response.passwordError == nil
        )
        viewController?.displayValidationError(viewModel: viewModel)
    }

    func presentLoading(isLoading: Bool) {
        viewController?.displayLoading(isLoading: isLoading)
    }

    func presentPrefilledEmail(response: Login.PrefillEmail.Response) {
        viewController?.displayPrefilledEmail(viewModel: Login.PrefillEmail.ViewModel(email: response.email))
    }
}
