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
    /// busyAfterFailure: a load under way, so that a second Reload does not start another.
    private var isBusy = false

    /// An interactor loading the orders of `customer` through `worker`.
    public init(customer: Customer, worker: OrdersWorkerLogic) {
        self.customer = customer
        self.worker = worker
    }

    public func loadOrders(request: Orders.Load.Request) async {
        if Variant.isOn("resultThenPresent") {
            await loadAsResult()
            return
        }
        if Mistake.isOn("busyAfterFailure") {
            // Reset after a success only: after a failure every load does nothing.
            guard !isBusy else { return }
            isBusy = true
        }
        var fetched: Result<[Order], any Error> = .success([])
        await Variant.inEitherOrder(
            "asksBeforeLoading",
            {
                // spinnerOnlyWhenEmpty: loading on only while no orders are kept.
                if !Mistake.isOn("spinnerOnlyWhenEmpty") || orders.isEmpty {
                    presenter?.presentLoading(isLoading: true)
                }
            },
            { fetched = await fetchAll() })
        defer {
            // loadingNeverEndsOnFailure ends loading after a success only; loadingOffBeforeResult ends it early;
            // failureStopsLoadingFirst ends it by hand, early on the failure path only.
            if !Mistake.isOn("loadingNeverEndsOnFailure") && !Mistake.isOn("loadingOffBeforeResult")
                && !Mistake.isOn("failureStopsLoadingFirst")
            {
                presenter?.presentLoading(isLoading: false)
            }
        }
        do {
            var all = try fetched.get()
            if Mistake.isOn("skipsFreeOrders") {
                // Free orders dropped before the recent ones are kept.
                all = all.filter { $0.total.cents > 0 }
            }
            if Mistake.isOn("loadingOffBeforeResult") {
                presenter?.presentLoading(isLoading: false)
            }
            let newestFirst: [Order]
            if Mistake.isOn("sortsOldestFirst") {
                newestFirst = all.sorted { $0.placedAt < $1.placedAt }
            } else if Mistake.isOn("sortsByID") {
                // The highest id taken for the newest order.
                newestFirst = all.sorted { $0.id > $1.id }
            } else if Mistake.isOn("mergesReload") {
                // The orders already kept, and only the new ones not seen yet.
                let unseen = all.filter { order in !orders.contains { $0.id == order.id } }
                newestFirst = (orders + unseen).sorted { $0.placedAt > $1.placedAt }
            } else if Variant.isOn("tieKeepsTheOther") {
                // Orders placed at the same moment in the other order: at the cutoff, the other one is kept.
                newestFirst = all.reversed().sorted { $0.placedAt > $1.placedAt }
            } else {
                newestFirst = all.sorted { $0.placedAt > $1.placedAt }
            }
            var recent: [Order]
            if Mistake.isOn("trimsBeforeSorting") {
                // The first five as they came, sorted: not the five newest.
                recent = all.prefix(Self.recentCount).sorted { $0.placedAt > $1.placedAt }
            } else if Mistake.isOn("keepsSix") {
                // Off by one: the loop keeps one order more than recentCount.
                recent = []
                for order in newestFirst where recent.count <= Self.recentCount {
                    recent.append(order)
                }
            } else if Mistake.isOn("keepsTiesAtCutoff") {
                // Everything placed since the fifth newest order, ties included.
                if let cutoff = newestFirst.prefix(Self.recentCount).last?.placedAt {
                    recent = newestFirst.filter { $0.placedAt >= cutoff }
                } else {
                    recent = []
                }
            } else if Mistake.isOn("slicesFive") {
                // A range subscript that traps with fewer than five orders.
                recent = Array(newestFirst[..<Self.recentCount])
            } else {
                recent = Array(newestFirst.prefix(Self.recentCount))
            }
            // storesEveryOrder: every order kept for the router, the five newest presented;
            // presentsTwice: appends each load to the last instead of replacing it.
            let kept =
                Mistake.isOn("storesEveryOrder")
                ? newestFirst : Mistake.isOn("presentsTwice") ? orders + recent : recent
            let presented = Mistake.isOn("storesEveryOrder") ? recent : kept
            isBusy = false
            Variant.inEitherOrder(
                "keepsAfterPresenting", { orders = kept },
                { presenter?.presentOrders(response: Orders.Load.Response(result: .success(presented))) })
            if Mistake.isOn("loadingNeverEndsOnFailure") || Mistake.isOn("failureStopsLoadingFirst") {
                presenter?.presentLoading(isLoading: false)
            }
        } catch {
            if Mistake.isOn("loadingOffBeforeResult") || Mistake.isOn("failureStopsLoadingFirst") {
                presenter?.presentLoading(isLoading: false)
            }
            let response: Orders.Load.Response
            if Mistake.isOn("errorShownAsEmpty") {
                // As `(try? await …) ?? []` does: the failure looks like a customer with no orders.
                response = Orders.Load.Response(result: .success([]))
            } else if Mistake.isOn("everyErrorUnavailable") {
                // The service's own error dropped: every failure is .unavailable.
                response = Orders.Load.Response(result: .failure(.unavailable))
            } else {
                // Anything that is not the service's own error means the service could not answer;
                // otherErrorOffline: any other error taken for .offline.
                let failure =
                    error as? OrdersServiceError ?? (Mistake.isOn("otherErrorOffline") ? .offline : .unavailable)
                response = Orders.Load.Response(result: .failure(failure))
            }
            Variant.inEitherOrder(
                "keepsAfterPresenting",
                {
                    // keepsOrdersOnFailure: the orders of the load before stay in the data store.
                    if !Mistake.isOn("keepsOrdersOnFailure") { orders = [] }
                },
                { presenter?.presentOrders(response: response) })
        }
    }

    /// The worker's answer for the customer, asked as the mistake switched on asks it.
    private func fetchAll() async -> Result<[Order], any Error> {
        // asksWithEmail: the customer's email where the service wants their id.
        let customerID = Mistake.isOn("asksWithEmail") ? customer.email : customer.id
        do {
            return .success(try await worker.fetchOrders(customerID: customerID))
        } catch {
            // retriesOnce: asks the worker a second time before giving up.
            guard Mistake.isOn("retriesOnce") else { return .failure(error) }
            do {
                return .success(try await worker.fetchOrders(customerID: customerID))
            } catch {
                return .failure(error)
            }
        }
    }

    /// resultThenPresent (a correct variant): the outcome built as a Result first, with a catch
    /// clause for the service's errors and one for anything else, then kept and presented, and
    /// loading ended by hand, last.
    private func loadAsResult() async {
        presenter?.presentLoading(isLoading: true)
        let result: Result<[Order], OrdersServiceError>
        do {
            result = .success(Self.recent(from: try await worker.fetchOrders(customerID: customer.id)))
        } catch let error as OrdersServiceError {
            result = .failure(error)
        } catch {
            // Anything that is not the service's own error means the service could not answer.
            result = .failure(.unavailable)
        }
        orders = (try? result.get()) ?? []
        presenter?.presentOrders(response: Orders.Load.Response(result: result))
        presenter?.presentLoading(isLoading: false)
    }

    /// The newest `recentCount` of `all`, newest first.
    private static func recent(from all: [Order]) -> [Order] {
        let newestFirst = all.sorted { $0.placedAt > $1.placedAt }
        return Array(newestFirst[..<min(newestFirst.count, recentCount)])
    }
}
