import Foundation

/// Someone signed in to the shop: the Orders scene shows their orders.
public struct Customer: Hashable, Sendable {
    public let id: String
    public let name: String
    public let email: String

    public init(id: String, name: String, email: String) {
        self.id = id
        self.name = name
        self.email = email
    }
}

/// An amount of money in one currency, in its smallest unit (cents), so no rounding ever creeps in.
public struct Price: Hashable, Sendable {
    public let cents: Int
    /// The ISO 4217 code: "EUR", "GBP", "USD".
    public let currencyCode: String

    public init(cents: Int, currencyCode: String) {
        self.cents = cents
        self.currencyCode = currencyCode
    }
}

/// One order the customer placed.
public struct Order: Hashable, Sendable {
    public let id: String
    public let placedAt: Date
    /// The names of the items, as the shop lists them.
    public let items: [String]
    public let total: Price

    public init(id: String, placedAt: Date, items: [String], total: Price) {
        self.id = id
        self.placedAt = placedAt
        self.items = items
        self.total = total
    }
}
