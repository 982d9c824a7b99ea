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
    /// readsOrdersOnce: the orders to choose from, read once from the data store, on the first route.
    private lazy var ordersReadOnce: [Order] = dataStore?.orders ?? []
    /// keepsItsOwnRecord (a correct variant): the last order this router opened, for nobody but itself.
    private var lastOpened: String?

    /// A router going nowhere yet: set `viewController` to the screen it routes from, and `dataStore`
    /// to the orders it chooses among.
    public init() {}

    public func routeToOrderDetail(orderID: String) {
        if Variant.isOn("indexLookup") {
            routeByIndex(orderID: orderID)
            return
        }
        // An id the list no longer has opens nothing: a detail without its order would be empty.
        let listed: [Order]? =
            Mistake.isOn("readsOrdersOnce") ? ordersReadOnce : Variant.read("readsOrdersAgain") { dataStore?.orders }
        // opensLastWithTheID (a correct variant): of two orders with one id, which the service never sends, the last.
        var order =
            Variant.isOn("opensLastWithTheID")
            ? listed?.last(where: { $0.id == orderID }) : listed?.first(where: { $0.id == orderID })
        if Mistake.isOn("unknownOpensFirst") {
            // An unknown id falls back to the first (newest) order.
            order = order ?? dataStore?.orders.first
        }
        // unknownOrderOpensEmptyDetail: opens the detail even when the order is not in the list.
        if order == nil && !Mistake.isOn("unknownOrderOpensEmptyDetail") { return }
        let detail = OrderDetailConfigurator.configure()
        guard let destination = detail.router?.dataStore else { return }
        if Mistake.isOn("navigatesBeforePassing") {
            viewController?.navigator?.push(detail)
        }
        // passesFirstOrder: the first order of the list, not the chosen one.
        destination.order = Mistake.isOn("passesFirstOrder") ? dataStore?.orders.first : order
        if Mistake.isOn("presentsInsteadOfPushing") {
            viewController?.navigator?.present(detail)
        } else if Mistake.isOn("replacesRoot") {
            // The detail made the root: the Orders screen is gone, with no way back.
            viewController?.navigator?.replaceRoot(with: detail)
        } else if Mistake.isOn("pushesAnotherDetail") {
            // A second, fresh detail pushed: not the one that holds the order.
            viewController?.navigator?.push(OrderDetailConfigurator.configure())
        } else if !Mistake.isOn("navigatesBeforePassing") {
            viewController?.navigator?.push(detail)
        }
        Variant.keep("keepsItsOwnRecord") { lastOpened = orderID }
    }

    /// indexLookup (a correct variant): the detail built first, the order found by its index in a
    /// helper and handed over in one guard, then pushed.
    private func routeByIndex(orderID: String) {
        let detail = OrderDetailConfigurator.configure()
        // An id the list no longer has opens nothing: a detail without its order would be empty.
        guard let order = order(withID: orderID), let destination = detail.router?.dataStore else { return }
        destination.order = order
        viewController?.navigator?.push(detail)
    }

    /// The data store's order with this id, if it has one.
    private func order(withID id: String) -> Order? {
        guard let orders = dataStore?.orders, let index = orders.firstIndex(where: { $0.id == id }) else {
            return nil
        }
        return orders[index]
    }
}
