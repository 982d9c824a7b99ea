/// Where the Login scene can go next.
protocol LoginRoutingLogic {
    func routeToHome()
    func routeToForgotPassword()
    func routeToSignup()
}

/// What the Login scene hands on to the scenes after it.
protocol LoginDataPassing {
    var dataStore: LoginDataStore? { get }
}

/// The Login scene's router: it builds the next scene, hands it its data, and asks
/// the navigator to show it.
final class LoginRouter: LoginRoutingLogic, LoginDataPassing {
    /// Weak, because the view owns this router: a strong reference back would keep both alive.
    weak var viewController: LoginViewController?
    var dataStore: LoginDataStore?

    func routeToHome() {
        guard let dataStore, dataStore.authenticatedUser != nil else {
            viewController?.showAlert(
                title: "Not logged in",
                message: "Nobody has logged in yet, so there is no Home to show."
            )
            return
        }
        let home = HomeConfigurator.configure()
        guard var destination = home.router?.dataStore else { return }
        passDataToHome(source: dataStore, destination: &destination)
        viewController?.navigator?.replaceRoot(with: home)
    }

    func routeToForgotPassword() {
        viewController?.navigator?.push(ForgotPasswordConfigurator.configure())
    }

    func routeToSignup() {
        viewController?.navigator?.push(SignupConfigurator.configure())
    }

    /// Gives Home what it needs from Login: the user who just logged in. It only reads
    /// one data store and writes the other, so a check can call it on its own.
    func passDataToHome(source: LoginDataStore, destination: inout HomeDataStore) {
        destination.currentUser = source.authenticatedUser
    }
}
