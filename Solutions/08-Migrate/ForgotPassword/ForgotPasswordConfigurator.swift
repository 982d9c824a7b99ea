import Authentication

/// Makes the Forgot password scene and connects it: view → interactor → presenter → view,
/// the worker over `service`, and the router back to Login.
enum ForgotPasswordConfigurator {
    static func configure(service: PasswordResetService = BundledAuthenticationService())
        -> ForgotPasswordViewController
    {
        let viewController = ForgotPasswordViewController()
        let interactor = ForgotPasswordInteractor(worker: ForgotPasswordWorker(service: service))
        let presenter = ForgotPasswordPresenter()
        let router = ForgotPasswordRouter()
        viewController.interactor = interactor
        viewController.router = router
        interactor.presenter = presenter
        presenter.viewController = viewController
        router.viewController = viewController
        router.dataStore = interactor
        return viewController
    }
}
