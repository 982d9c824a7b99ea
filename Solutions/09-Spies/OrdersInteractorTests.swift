import Foundation
import RecentOrders
import Seeds
import Testing

/// Stands in for the worker: it answers with what a test sets, and records every call, in order.
final class OrdersWorkerSpy: OrdersWorkerLogic {
    enum Message: Equatable {
        case fetchOrders(customerID: String)
    }

    private(set) var messages: [Message] = []
    /// What fetchOrders(customerID:) answers, one call after another; the last one stays.
    var results: [Result<[Order], any Error>] = [.success([])]

    func fetchOrders(customerID: String) async throws -> [Order] {
        messages.append(.fetchOrders(customerID: customerID))
        let result = results.count > 1 ? results.removeFirst() : results[0]
        return try result.get()
    }
}

/// Stands in for the presenter and records every message the interactor sends it, in order.
final class OrdersPresenterSpy: OrdersPresentationLogic {
    enum Message: Equatable, CustomDebugStringConvertible {
        case presentLoading(isLoading: Bool)
        case presentOrders(Result<[Order], OrdersServiceError>)

        /// Orders by their ids, so that a failing test prints a short line.
        var debugDescription: String {
            switch self {
            case .presentLoading(let isLoading): ".presentLoading(isLoading: \(isLoading))"
            case .presentOrders(.success(let orders)): ".presentOrders(.success(\(orders.map(\.id))))"
            case .presentOrders(.failure(let error)): ".presentOrders(.failure(.\(error)))"
            }
        }
    }

    private(set) var messages: [Message] = []

    func presentLoading(isLoading: Bool) {
        messages.append(.presentLoading(isLoading: isLoading))
    }

    func presentOrders(response: Orders.Load.Response) {
        messages.append(.presentOrders(response.result))
    }
}

@Suite("OrdersInteractor loads the customer's recent orders through its worker")
struct OrdersInteractorTests {
    let workerSpy = OrdersWorkerSpy()
    let presenterSpy = OrdersPresenterSpy()

    /// An interactor for `customer` over the two spies.
    func makeSUT(customer: Customer) -> OrdersInteractor {
        let sut = OrdersInteractor(customer: customer, worker: workerSpy)
        sut.presenter = presenterSpy
        return sut
    }

    @Test("Loading asks the worker once, for the signed-in customer's id", arguments: Seeds.orderHistories)
    func asksForTheCustomersOrders(history: OrderHistorySeed) async {
        // Given
        let sut = makeSUT(customer: history.customer)
        workerSpy.results = [.success(history.fromService)]

        // When
        await sut.loadOrders(request: Orders.Load.Request())

        // Then
        // The worker is asked once, with the customer's id (not their email or name).
        #expect(workerSpy.messages == [.fetchOrders(customerID: history.customer.id)])
    }

    @Test("A failed load asks the worker once, and does not ask again", arguments: OrdersServiceError.allCases)
    func failedLoadAsksOnce(error: OrdersServiceError) async throws {
        // Given
        // A seed customer to load the orders of.
        let history = try #require(Seeds.orderHistories.first)
        let sut = makeSUT(customer: history.customer)
        workerSpy.results = [.failure(error)]

        // When
        await sut.loadOrders(request: Orders.Load.Request())

        // Then
        // One call, even when it fails: trying again is the customer's Reload, not the interactor's.
        #expect(workerSpy.messages == [.fetchOrders(customerID: history.customer.id)])
    }

    @Test("When the fifth and sixth newest orders were placed at the same moment, five are kept all the same")
    func tieAtTheCutoffKeepsFive() async {
        // Given
        let history = Seeds.orderHistoryTiedAtTheCutoff
        let sut = makeSUT(customer: history.customer)
        workerSpy.results = [.success(history.fromService)]

        // When
        await sut.loadOrders(request: Orders.Load.Request())

        // Then
        let presented = presenterSpy.messages.compactMap { message -> [Date]? in
            guard case .presentOrders(.success(let orders)) = message else { return nil }
            return orders.map(\.placedAt)
        }
        // One success with five orders, newest first: which of the two tied orders is the fifth is free,
        // when each was placed is not.
        #expect(presented == [history.recent.map(\.placedAt)])
    }

    @Test(
        "Loading shows loading, presents the recent orders newest first, then ends loading",
        arguments: Seeds.orderHistories)
    func presentsRecentOrdersNewestFirst(history: OrderHistorySeed) async {
        // Given
        let sut = makeSUT(customer: history.customer)
        workerSpy.results = [.success(history.fromService)]

        // When
        await sut.loadOrders(request: Orders.Load.Request())

        // Then
        let expected: [OrdersPresenterSpy.Message] = [
            .presentLoading(isLoading: true),
            .presentOrders(.success(history.recent)),
            .presentLoading(isLoading: false),
        ]
        // Loading on, the five newest orders newest first, loading off: each once, in that order.
        #expect(presenterSpy.messages == expected)
        // The data store keeps exactly the orders it presented, for the router.
        #expect(sut.orders == history.recent)
    }

    @Test(
        "A failed load presents the service's error, keeps no orders, and still ends loading",
        arguments: OrdersServiceError.allCases)
    func failedLoadPresentsTheError(error: OrdersServiceError) async throws {
        // Given
        // A seed customer to load the orders of.
        let history = try #require(Seeds.orderHistories.first)
        let sut = makeSUT(customer: history.customer)
        workerSpy.results = [.failure(error)]

        // When
        await sut.loadOrders(request: Orders.Load.Request())

        // Then
        let expected: [OrdersPresenterSpy.Message] = [
            .presentLoading(isLoading: true),
            .presentOrders(.failure(error)),
            .presentLoading(isLoading: false),
        ]
        // The error itself is presented (not an empty list), and loading ends on this path too.
        #expect(presenterSpy.messages == expected)
        // A failed load keeps no orders.
        #expect(sut.orders == [])
    }

    @Test("An error that is not the service's is presented as .unavailable, and loading ends")
    func otherErrorIsUnavailable() async throws {
        // Given
        // A seed customer to load the orders of.
        let history = try #require(Seeds.orderHistories.first)
        let sut = makeSUT(customer: history.customer)
        workerSpy.results = [.failure(Seeds.unexpectedError)]

        // When
        await sut.loadOrders(request: Orders.Load.Request())

        // Then
        let expected: [OrdersPresenterSpy.Message] = [
            .presentLoading(isLoading: true),
            .presentOrders(.failure(.unavailable)),
            .presentLoading(isLoading: false),
        ]
        // Any other error still reaches the presenter, as .unavailable.
        #expect(presenterSpy.messages == expected)
    }

    @Test("Loading again presents only the new load's orders, once each", arguments: Seeds.orderHistories)
    func loadingAgainStartsAfresh(history: OrderHistorySeed) async {
        // Given
        let sut = makeSUT(customer: history.customer)
        workerSpy.results = [.success(history.fromService)]

        // When
        await sut.loadOrders(request: Orders.Load.Request())
        await sut.loadOrders(request: Orders.Load.Request())

        // Then
        let oneLoad: [OrdersPresenterSpy.Message] = [
            .presentLoading(isLoading: true),
            .presentOrders(.success(history.recent)),
            .presentLoading(isLoading: false),
        ]
        // The second load presents its own orders, nothing kept from the first.
        #expect(presenterSpy.messages == oneLoad + oneLoad)
    }
}

/// Several loads on one interactor, the service answering differently each time: each load runs
/// in full and stands alone, whatever the load before it did.
extension OrdersInteractorTests {
    @Test(
        "A reload presents only what the service answers now, nothing of the load before",
        arguments: Seeds.orderHistories)
    func reloadPresentsOnlyTheNewAnswer(history: OrderHistorySeed) async throws {
        // Given
        // What the service answered the first time: another seed history, the longest.
        let before = try #require(Seeds.orderHistories.first)
        let sut = makeSUT(customer: history.customer)
        workerSpy.results = [.success(before.fromService), .success(history.fromService)]

        // When
        await sut.loadOrders(request: Orders.Load.Request())
        await sut.loadOrders(request: Orders.Load.Request())

        // Then
        let expected: [OrdersPresenterSpy.Message] = [
            .presentLoading(isLoading: true),
            .presentOrders(.success(before.recent)),
            .presentLoading(isLoading: false),
            .presentLoading(isLoading: true),
            .presentOrders(.success(history.recent)),
            .presentLoading(isLoading: false),
        ]
        // Each load in full; the second presents the recent orders of its own answer, none kept from the first.
        #expect(presenterSpy.messages == expected)
        // The data store holds the second load's orders only.
        #expect(sut.orders == history.recent)
    }

    @Test(
        "A failed reload presents the error and keeps none of the orders before",
        arguments: OrdersServiceError.allCases)
    func failedReloadKeepsNoOrders(error: OrdersServiceError) async throws {
        // Given
        // A seed customer whose first load succeeds.
        let history = try #require(Seeds.orderHistories.first)
        let sut = makeSUT(customer: history.customer)
        workerSpy.results = [.success(history.fromService), .failure(error)]

        // When
        await sut.loadOrders(request: Orders.Load.Request())
        await sut.loadOrders(request: Orders.Load.Request())

        // Then
        let expected: [OrdersPresenterSpy.Message] = [
            .presentLoading(isLoading: true),
            .presentOrders(.success(history.recent)),
            .presentLoading(isLoading: false),
            .presentLoading(isLoading: true),
            .presentOrders(.failure(error)),
            .presentLoading(isLoading: false),
        ]
        // The reload runs in full and presents its error.
        #expect(presenterSpy.messages == expected)
        // After a failed load the data store holds no orders, not those of the load before.
        #expect(sut.orders == [])
    }

    @Test("Loading again after a failure runs in full", arguments: OrdersServiceError.allCases)
    func loadAfterAFailureRunsInFull(error: OrdersServiceError) async throws {
        // Given
        // A seed customer whose first load fails.
        let history = try #require(Seeds.orderHistories.first)
        let sut = makeSUT(customer: history.customer)
        workerSpy.results = [.failure(error), .success(history.fromService)]

        // When
        await sut.loadOrders(request: Orders.Load.Request())
        await sut.loadOrders(request: Orders.Load.Request())

        // Then
        let expected: [OrdersPresenterSpy.Message] = [
            .presentLoading(isLoading: true),
            .presentOrders(.failure(error)),
            .presentLoading(isLoading: false),
            .presentLoading(isLoading: true),
            .presentOrders(.success(history.recent)),
            .presentLoading(isLoading: false),
        ]
        // A failure leaves nothing behind that stops the next load: it asks, presents and ends loading again.
        #expect(presenterSpy.messages == expected)
        // The worker was asked once per load.
        #expect(workerSpy.messages == Array(repeating: .fetchOrders(customerID: history.customer.id), count: 2))
    }
}
