import Foundation

/// Why the shop could not hand over a customer's orders.
public enum OrdersServiceError: Error, Hashable, Sendable, CaseIterable {
    /// There is no connection to the shop.
    case offline
    /// The customer's session ended: they must sign in again.
    case sessionExpired
    /// The shop answered, but could not give the orders now.
    case unavailable
}

/// The shop's record of orders. In an app it would be the network client; the kit gives
/// `SampleOrdersService`, and checks give a spy or a stub.
public protocol OrdersService: Sendable {
    /// Every order the customer with this id has placed, in no particular order.
    /// - Throws: an `OrdersServiceError` saying why not.
    func orders(customerID: String) async throws -> [Order]
}
