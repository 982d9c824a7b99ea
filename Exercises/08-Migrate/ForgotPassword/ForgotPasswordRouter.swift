import TerminalUI

/// Where the Forgot password scene can go next.
protocol ForgotPasswordRoutingLogic {
    func routeToLogin()
}

/// What the Forgot password scene hands on to the scene after it.
protocol ForgotPasswordDataPassing {
    var dataStore: ForgotPasswordDataStore? { get }
}

/// The Forgot password scene's router.
final class ForgotPasswordRouter: ForgotPasswordRoutingLogic, ForgotPasswordDataPassing {
    /// Weak, because the view owns this router; a protocol, because all it needs is the navigator.
    weak var viewController: NavigableView?
    var dataStore: ForgotPasswordDataStore?

    func routeToLogin() {
        // TODO: a new Login from LoginConfigurator, its data store given the email, then the root.
    }

    /// Gives Login the email the link went to.
    func passDataToLogin(source: ForgotPasswordDataStore, destination: inout LoginDataStore) {
        // TODO: copy the email from source to destination; nothing else.
    }
}
