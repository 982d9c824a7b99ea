import Authentication

/// Makes the Forgot password scene. For now, MVVM: a view and its view model over
/// `service`. The migration makes this connect the VIP parts instead (README.md).
enum ForgotPasswordConfigurator {
    static func configure(service: PasswordResetService = BundledAuthenticationService())
        -> ForgotPasswordViewController
    {
        ForgotPasswordViewController(viewModel: ForgotPasswordViewModel(service: service))
    }
}
