import TerminalUI

/// What the presenter may show on the Home screen.
protocol HomeDisplayLogic: AnyObject {
    func displayUser(viewModel: Home.ShowUser.ViewModel)
}

/// The Home screen: it greets whoever signed in, and lets them log out.
final class HomeViewController: NavigableView {
    var interactor: HomeBusinessLogic?
    var router: (HomeRoutingLogic & HomeDataPassing)?
    /// Whoever shows this screen sets this, as UIKit sets `navigationController`.
    weak var navigator: Navigator?

    private(set) var greeting = ""
    private(set) var detail = ""

    func onAppear() {
        interactor?.showUser(request: Home.ShowUser.Request())
    }

    var body: Screen {
        Screen("Home") {
            Text(greeting)
            Text(detail)
            Button("Log out", key: "logout") { self.router?.routeToLogin() }
        }
    }
}

extension HomeViewController: HomeDisplayLogic {
    func displayUser(viewModel: Home.ShowUser.ViewModel) {
        greeting = viewModel.greeting
        detail = viewModel.detail
    }
}
