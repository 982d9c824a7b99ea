import Authentication

/// What the view may ask of the Home scene's business logic.
protocol HomeBusinessLogic {
    func showUser(request: Home.ShowUser.Request)
}

/// What Home keeps, filled in by the scene that routes here.
///
/// A class protocol, so that a router can write it through `router.dataStore`.
protocol HomeDataStore: AnyObject {
    var currentUser: User? { get set }
}

/// The Home scene's business logic: it hands the current user to the presenter.
final class HomeInteractor: HomeBusinessLogic, HomeDataStore {
    var presenter: HomePresentationLogic?
    var currentUser: User?

    func showUser(request: Home.ShowUser.Request) {
        presenter?.presentUser(response: Home.ShowUser.Response(user: currentUser))
    }
}
