import TerminalUI

/// What the presenter may show on the Order detail screen.
@MainActor
protocol OrderDetailDisplayLogic: AnyObject {
    func displayOrder(viewModel: OrderDetail.Show.ViewModel)
}

/// The Order detail screen: what one order held.
@MainActor
public final class OrderDetailViewController: NavigableView {
    var interactor: OrderDetailBusinessLogic?
    public var router: OrderDetailDataPassing?
    public weak var navigator: Navigator?

    private(set) var viewModel = OrderDetail.Show.ViewModel(title: "Order", lines: [])

    public func onAppear() {
        interactor?.showOrder(request: OrderDetail.Show.Request())
    }

    public var body: Screen {
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
