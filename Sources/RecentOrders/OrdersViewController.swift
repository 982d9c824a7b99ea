import TerminalUI

/// What the presenter may show on the Orders screen.
@MainActor
public protocol OrdersDisplayLogic: AnyObject {
    func displayLoading(isLoading: Bool)
    func displayOrders(viewModel: Orders.Load.ViewModel)
}

/// The Orders screen: the customer's recent orders, one line each; choosing one opens it.
///
/// A plain class drawn in the terminal, as in the kit's other scenes: what UIKit keeps in a
/// table view and a spinner, it keeps in properties.
@MainActor
public final class OrdersViewController: NavigableView {
    var interactor: OrdersBusinessLogic?
    var router: (OrdersRoutingLogic & OrdersDataPassing)?
    /// Whoever shows this screen sets this, as UIKit sets `navigationController`.
    public weak var navigator: Navigator?

    // What the screen shows.
    private(set) var isLoading = false
    private(set) var viewModel = Orders.Load.ViewModel(rows: [], emptyMessage: nil, errorMessage: nil)

    /// The load under way, kept so that the terminal can wait for it.
    private(set) var loadTask: Task<Void, Never>?
    public var pendingWork: Task<Void, Never>? { loadTask }

    /// An empty screen with no scene behind it yet: `OrdersConfigurator` connects one.
    public init() {}

    public func onAppear() {
        reload()
    }

    public var body: Screen {
        Screen("Recent orders") {
            ActivityIndicator("Loading your orders", isAnimating: isLoading)
            if let errorMessage = viewModel.errorMessage {
                Alert(errorMessage)
            }
            if let emptyMessage = viewModel.emptyMessage {
                Text(emptyMessage)
            }
            for (index, row) in viewModel.rows.enumerated() {
                Button("\(row.date) · \(row.items) · \(row.total)", key: "\(index + 1)") {
                    self.orderChosen(id: row.id)
                }
            }
            Button("Reload", key: "reload", disabledReason: isLoading ? "loading" : nil) { self.reload() }
        }
    }

    // MARK: - Actions

    func reload() {
        loadTask = Task { await interactor?.loadOrders(request: Orders.Load.Request()) }
    }

    func orderChosen(id: String) {
        router?.routeToOrderDetail(orderID: id)
    }
}

extension OrdersViewController: OrdersDisplayLogic {
    public func displayLoading(isLoading: Bool) {
        self.isLoading = isLoading
    }

    public func displayOrders(viewModel: Orders.Load.ViewModel) {
        self.viewModel = viewModel
    }
}
