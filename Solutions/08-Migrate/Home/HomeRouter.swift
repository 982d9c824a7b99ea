/// Where the Home scene can go next.
protocol HomeRoutingLogic {
    func routeToLogin()
}

/// What the Home scene exposes to the scene that routes to it.
protocol HomeDataPassing {
    var dataStore: HomeDataStore? { get }
}

/// The Home scene's router.
final class HomeRouter: HomeRoutingLogic, HomeDataPassing {
    /// Weak, because the view owns this router.
    weak var viewController: HomeViewController?
    var dataStore: HomeDataStore?

    func routeToLogin() {
        viewController?.navigator?.replaceRoot(with: LoginConfigurator.configure())
    }
}
