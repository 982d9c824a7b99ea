import TerminalUI

/// What the presenter may show on the Order detail screen.
@MainActor
protocol OrderDetailDisplayLogic: AnyObject {
    func displayOrder(viewModel: OrderDetail.Show.ViewModel)
}

/// The Order detail screen: what one order held.
@MainActor
final class OrderDetailViewController: NavigableView {
    var interactor: OrderDetailBusinessLogic?
    var router: OrderDetailDataPassing?
    weak var navigator: Navigator?

    private(set) var viewModel = OrderDetail.Show.ViewModel(title: "Order", lines: [])

    func onAppear() {
        interactor?.showOrder(request: OrderDetail.Show.Request())
    }

    var body: Screen {
        Screen(viewModel.title) {
            for line in viewModel.lines {
                Text(line)
            }
        }
    }
}

extension OrderDetailViewController: OrderDetailDisplayLogic {
    func displayOrder(viewModel: OrderDetail.Show.ViewModel) {
        self.viewModel = viewModel
    }
}
