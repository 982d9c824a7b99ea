/// What the view may ask of the Orders scene's business logic.
@MainActor
protocol OrdersBusinessLogic {
    /// Async, so that whoever asks (the view, a check) can await the whole load.
    func loadOrders(request: Orders.Load.Request) async
}

/// What the Orders scene keeps for the scenes after it: the router reads it.
@MainActor
protocol OrdersDataStore {
    /// The orders last presented, newest first.
    var orders: [Order] { get }
}

/// The Orders scene's business logic: it asks the worker for the customer's orders, keeps
/// the recent ones, newest first, and tells the presenter, with loading around it.
@MainActor
final class OrdersInteractor: OrdersBusinessLogic, OrdersDataStore {
    /// How many orders count as recent.
    static let recentCount = 5

    var presenter: OrdersPresentationLogic?
    let worker: OrdersWorkerLogic
    /// Who is signed in: the orders are theirs.
    let customer: Customer

    private(set) var orders: [Order] = []

    init(customer: Customer, worker: OrdersWorkerLogic = OrdersWorker()) {
        self.customer = customer
        self.worker = worker
    }

    func loadOrders(request: Orders.Load.Request) async {
        presenter?.presentLoading(isLoading: true)
        defer {
            // loadingNeverEndsOnFailure ends loading after a success only; loadingOffBeforeResult ends it early.
            if !Mistake.isOn("loadingNeverEndsOnFailure") && !Mistake.isOn("loadingOffBeforeResult") {
                presenter?.presentLoading(isLoading: false)
            }
        }
        do {
            // asksWithEmail: the customer's email where the service wants their id.
            let customerID = Mistake.isOn("asksWithEmail") ? customer.email : customer.id
            let all = try await worker.fetchOrders(customerID: customerID)
            if Mistake.isOn("loadingOffBeforeResult") {
                presenter?.presentLoading(isLoading: false)
            }
            let recent: [Order]
            if Mistake.isOn("sortsOldestFirst") {
                recent = Array(all.sorted { $0.placedAt < $1.placedAt }.prefix(Self.recentCount))
            } else if Mistake.isOn("trimsBeforeSorting") {
                // The first five as they came, sorted: not the five newest.
                recent = all.prefix(Self.recentCount).sorted { $0.placedAt > $1.placedAt }
            } else {
                let newestFirst = all.sorted { $0.placedAt > $1.placedAt }
                recent = Array(newestFirst.prefix(Self.recentCount))
            }
            // presentsTwice: appends each load to the last instead of replacing it.
            orders = Mistake.isOn("presentsTwice") ? orders + recent : recent
            presenter?.presentOrders(response: Orders.Load.Response(result: .success(orders)))
            if Mistake.isOn("loadingNeverEndsOnFailure") {
                presenter?.presentLoading(isLoading: false)
            }
        } catch {
            if Mistake.isOn("loadingOffBeforeResult") {
                presenter?.presentLoading(isLoading: false)
            }
            orders = []
            if Mistake.isOn("errorShownAsEmpty") {
                // As `(try? await …) ?? []` does: the failure looks like a customer with no orders.
                presenter?.presentOrders(response: Orders.Load.Response(result: .success([])))
                return
            }
            // Anything that is not the service's own error means the service could not answer.
            let failure = error as? OrdersServiceError ?? .unavailable
            presenter?.presentOrders(response: Orders.Load.Response(result: .failure(failure)))
        }
    }
}
