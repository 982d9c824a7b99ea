/// Makes the Forgot Password scene: a single view, since the scene has no logic yet.
enum ForgotPasswordConfigurator {
    static func configure() -> ForgotPasswordViewController {
        ForgotPasswordViewController()
    }
}
