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
    // TODO: the view owns this router. Hold the view so that the two do not keep each
    // other alive (see README.md).
    var viewController: LoginViewController?
    var dataStore: LoginDataStore?

    func routeToHome() {
        // TODO: with a signed-in user in the data store, configure Home, pass it the user and
        // make it the navigator's root; with none, stay here and show an alert that says why.
    }

    func routeToForgotPassword() {
        // TODO: push the Forgot Password scene on the view's navigator.
    }

    func routeToSignup() {
        // TODO: push the Sign up scene on the view's navigator.
    }

    /// Gives Home what it needs from Login: the user who just logged in. It only reads
    /// one data store and writes the other, so a check can call it on its own.
    func passDataToHome(source: LoginDataStore, destination: inout HomeDataStore) {
        // TODO: copy the signed-in user from Login's data store into Home's.
    }
}
