import Foundation

/// What the interactor may hand the Orders scene's presentation logic.
@MainActor
public protocol OrdersPresentationLogic {
    func presentLoading(isLoading: Bool)
    func presentOrders(response: Orders.Load.Response)
}

/// The Orders scene's presentation logic: it turns orders and errors into the text on screen.
@MainActor
public final class OrdersPresenter: OrdersPresentationLogic {
    /// What the screen says when the customer has no orders.
    public static let emptyMessage = "You have not ordered anything yet."

    /// Weak, because the view owns the interactor, which owns this presenter.
    public weak var viewController: OrdersDisplayLogic?

    /// A presenter with no view yet: set `viewController` to the view it speaks to.
    public init() {}

    /// Dates as the shop writes them, in UTC, the shop's clock: 2025-03-21 16:48.
    private static let dateFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter
    }()

    public func presentLoading(isLoading: Bool) {
        viewController?.displayLoading(isLoading: isLoading)
    }

    public func presentOrders(response: Orders.Load.Response) {
        let viewModel =
            switch response.result {
            case .success(let orders) where orders.isEmpty:
                Orders.Load.ViewModel(rows: [], emptyMessage: Self.emptyMessage, errorMessage: nil)
            case .success(let orders):
                Orders.Load.ViewModel(rows: orders.map(Self.row), emptyMessage: nil, errorMessage: nil)
            case .failure(let error):
                Orders.Load.ViewModel(rows: [], emptyMessage: nil, errorMessage: Self.message(for: error))
            }
        viewController?.displayOrders(viewModel: viewModel)
    }

    private static func row(for order: Order) -> Orders.Load.ViewModel.Row {
        Orders.Load.ViewModel.Row(
            id: order.id,
            date: dateFormatter.string(from: order.placedAt),
            items: order.items.joined(separator: ", "),
            total: text(for: order.total)
        )
    }

    /// A price in its own currency, always with two digits of cents: 9.05 GBP, 0.00 EUR.
    static func text(for price: Price) -> String {
        let cents = price.cents % 100
        return "\(price.cents / 100).\(cents < 10 ? "0" : "")\(cents) \(price.currencyCode)"
    }

    /// What the customer reads for each way loading can fail: what happened, and what to do.
    public static func message(for error: OrdersServiceError) -> String {
        switch error {
        case .offline: "You are offline. Connect to the internet, then reload."
        case .sessionExpired: "Your session has ended. Sign in again to see your orders."
        case .unavailable: "Your orders cannot be loaded right now. Try again later."
        }
    }
}
