import TerminalUI

/// Where the Forgot password scene can go next.
protocol ForgotPasswordRoutingLogic {
    func routeToLogin()
}

/// What the Forgot password scene hands on to the scene after it.
protocol ForgotPasswordDataPassing {
    var dataStore: ForgotPasswordDataStore? { get }
}

/// The Forgot password scene's router: back to a new Login, holding the email.
final class ForgotPasswordRouter: ForgotPasswordRoutingLogic, ForgotPasswordDataPassing {
    /// Weak, because the view owns this router; a protocol, because all it needs is the navigator.
    weak var viewController: NavigableView?
    var dataStore: ForgotPasswordDataStore?

    func routeToLogin() {
        let login = LoginConfigurator.configure()
        guard let dataStore, var destination = login.router?.dataStore else { return }
        passDataToLogin(source: dataStore, destination: &destination)
        viewController?.navigator?.replaceRoot(with: login)
    }

    /// Gives Login the email the link went to, so the person only types their new password.
    func passDataToLogin(source: ForgotPasswordDataStore, destination: inout LoginDataStore) {
        destination.prefilledEmail = source.email
    }
}
