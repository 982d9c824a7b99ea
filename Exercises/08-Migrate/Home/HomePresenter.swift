/// What the interactor may hand the Home scene's presentation logic.
protocol HomePresentationLogic {
    func presentUser(response: Home.ShowUser.Response)
}

/// The Home scene's presentation logic: it words the greeting.
final class HomePresenter: HomePresentationLogic {
    /// Weak, because the view owns the interactor, which owns this presenter.
    weak var viewController: HomeDisplayLogic?

    func presentUser(response: Home.ShowUser.Response) {
        let viewModel =
            if let user = response.user {
                Home.ShowUser.ViewModel(greeting: "Hello, \(user.name).", detail: "You are signed in as \(user.email).")
            } else {
                Home.ShowUser.ViewModel(greeting: "Hello.", detail: "Nobody is signed in.")
            }
        viewController?.displayUser(viewModel: viewModel)
    }
}
