/// Makes the Sign up scene: a single view, since the scene has no logic yet.
enum SignupConfigurator {
    static func configure() -> SignupViewController {
        SignupViewController()
    }
}
