/// What the view may ask of the Orders scene's business logic.
@MainActor
public protocol OrdersBusinessLogic {
    /// Async, so that whoever asks (the view, a check) can await the whole load.
    func loadOrders(request: Orders.Load.Request) async
}

/// What the Orders scene keeps for the scenes after it: the router reads it.
@MainActor
public protocol OrdersDataStore {
    /// The orders last presented, newest first.
    var orders: [Order] { get }
}

/// The Orders scene's business logic: it asks the worker for the customer's orders, keeps
/// the recent ones, newest first, and tells the presenter, with loading around it.
@MainActor
public final class OrdersInteractor: OrdersBusinessLogic, OrdersDataStore {
    /// How many orders count as recent.
    public static let recentCount = 5

    public var presenter: OrdersPresentationLogic?
    let worker: OrdersWorkerLogic
    /// Who is signed in: the orders are theirs.
    let customer: Customer

    public private(set) var orders: [Order] = []

    /// An interactor loading the orders of `customer` through `worker`.
    public init(customer: Customer, worker: OrdersWorkerLogic) {
        self.customer = customer
        self.worker = worker
    }

    public func loadOrders(request: Orders.Load.Request) async {
        presenter?.presentLoading(isLoading: true)
        defer { presenter?.presentLoading(isLoading: false) }
        do {
            let all = try await worker.fetchOrders(customerID: customer.id)
            let newestFirst = all.sorted { $0.placedAt > $1.placedAt }
            orders = Array(newestFirst.prefix(Self.recentCount))
            presenter?.presentOrders(response: Orders.Load.Response(result: .success(orders)))
        } catch {
            orders = []
            // Anything that is not the service's own error means the service could not answer.
            let failure = error as? OrdersServiceError ?? .unavailable
            presenter?.presentOrders(response: Orders.Load.Response(result: .failure(failure)))
        }
    }
}
