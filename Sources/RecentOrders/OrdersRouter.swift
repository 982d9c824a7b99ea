/// Where the Orders scene can go next.
@MainActor
public protocol OrdersRoutingLogic {
    func routeToOrderDetail(orderID: String)
}

/// What the Orders scene hands on to the scenes after it.
@MainActor
public protocol OrdersDataPassing {
    var dataStore: OrdersDataStore? { get }
}

/// The Orders scene's router: it builds the order's detail scene, hands it the chosen order,
/// and only then asks the navigator to show it.
@MainActor
public final class OrdersRouter: OrdersRoutingLogic, OrdersDataPassing {
    /// Weak, because the view owns this router.
    public weak var viewController: OrdersViewController?
    public var dataStore: OrdersDataStore?

    /// A router going nowhere yet: set `viewController` to the screen it routes from, and `dataStore`
    /// to the orders it chooses among.
    public init() {}

    public func routeToOrderDetail(orderID: String) {
        // An id the list no longer has opens nothing: a detail without its order would be empty.
        guard let order = dataStore?.orders.first(where: { $0.id == orderID }) else { return }
        let detail = OrderDetailConfigurator.configure()
        guard let destination = detail.router?.dataStore else { return }
        destination.order = order
        viewController?.navigator?.push(detail)
    }
}
