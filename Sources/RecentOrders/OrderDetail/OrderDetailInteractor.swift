/// What the view may ask of the Order detail scene.
@MainActor
protocol OrderDetailBusinessLogic {
    func showOrder(request: OrderDetail.Show.Request)
}

/// What the Order detail scene keeps, filled in by the router of the scene that opens it.
///
/// A class protocol, so that a router can write it through `router.dataStore`.
@MainActor
public protocol OrderDetailDataStore: AnyObject {
    var order: Order? { get set }
}

/// The Order detail scene's business logic: it hands the order it was given to the presenter.
@MainActor
final class OrderDetailInteractor: OrderDetailBusinessLogic, OrderDetailDataStore {
    var presenter: OrderDetailPresentationLogic?
    var order: Order?

    func showOrder(request: OrderDetail.Show.Request) {
        presenter?.presentOrder(response: OrderDetail.Show.Response(order: order))
    }
}
