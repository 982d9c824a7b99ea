/// Where the Orders scene can go next.
@MainActor
protocol OrdersRoutingLogic {
    func routeToOrderDetail(orderID: String)
}

/// What the Orders scene hands on to the scenes after it.
@MainActor
protocol OrdersDataPassing {
    var dataStore: OrdersDataStore? { get }
}

/// The Orders scene's router: it builds the order's detail scene, hands it the chosen order,
/// and only then asks the navigator to show it.
@MainActor
final class OrdersRouter: OrdersRoutingLogic, OrdersDataPassing {
    /// Weak, because the view owns this router.
    weak var viewController: OrdersViewController?
    var dataStore: OrdersDataStore?

    func routeToOrderDetail(orderID: String) {
        // An id the list no longer has opens nothing: a detail without its order would be empty.
        let order = dataStore?.orders.first(where: { $0.id == orderID })
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
        } else if !Mistake.isOn("navigatesBeforePassing") {
            viewController?.navigator?.push(detail)
        }
    }
}
