/// What the interactor may ask of the Orders worker.
@MainActor
public protocol OrdersWorkerLogic {
    func fetchOrders(customerID: String) async throws -> [Order]
}

/// The Orders scene's worker: it talks to the shop's service, and nothing else.
@MainActor
final class OrdersWorker: OrdersWorkerLogic {
    private let service: OrdersService

    init(service: OrdersService = SampleOrdersService()) {
        self.service = service
    }

    func fetchOrders(customerID: String) async throws -> [Order] {
        try await service.orders(customerID: customerID)
    }
}
