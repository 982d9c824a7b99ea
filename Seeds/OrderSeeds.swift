import Foundation
import RecentOrders

/// The Orders track's values: orders with the text the Orders screen shows for each, whole
/// order histories as the shop's service sends them, and the service's errors with their
/// messages. Edges on purpose: a free order, names beyond ASCII, two orders on one day,
/// four currencies, cents below ten, months that differ from the minutes, an amount over a
/// thousand, the last days of a year, a summer night, ids that do not follow the dates, and
/// two orders placed at the same moment.
extension Seeds {
    /// An order's time, in UTC (the shop's clock): `placed(2025, 3, 21, 16, 48)`.
    static func placed(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute)
        guard let date = calendar.date(from: parts) else { fatalError("Not a date: \(parts)") }
        return date
    }

    /// Single orders, each with how the Orders screen shows it: Zoë's seven, oldest first, then
    /// Mei's three, whose ids do not follow the order they were placed in.
    public static let orders: [OrderSeed] = [
        OrderSeed(
            "a fountain pen",
            Order(
                id: "PP-1001", placedAt: placed(2024, 11, 3, 8, 15), items: ["Fountain pen"],
                total: Price(cents: 24_50, currencyCode: "EUR")),
            date: "2024-11-03 08:15", items: "Fountain pen", total: "24.50 EUR"),
        OrderSeed(
            "tape and envelopes, 9.05 GBP",
            Order(
                id: "PP-1002", placedAt: placed(2024, 12, 19, 17, 40), items: ["Washi tape", "Kraft envelopes"],
                total: Price(cents: 9_05, currencyCode: "GBP")),
            date: "2024-12-19 17:40", items: "Washi tape, Kraft envelopes", total: "9.05 GBP"),
        OrderSeed(
            "a spiral notebook, French name",
            Order(
                id: "PP-1003", placedAt: placed(2025, 1, 7, 10, 2), items: ["Carnet à spirale"],
                total: Price(cents: 12_00, currencyCode: "EUR")),
            date: "2025-01-07 10:02", items: "Carnet à spirale", total: "12.00 EUR"),
        OrderSeed(
            "two papers, one in Japanese, in CHF",
            Order(
                id: "PP-1004", placedAt: placed(2025, 2, 14, 12, 30), items: ["Crème notebook", "和紙 letter paper"],
                total: Price(cents: 38_75, currencyCode: "CHF")),
            date: "2025-02-14 12:30", items: "Crème notebook, 和紙 letter paper", total: "38.75 CHF"),
        OrderSeed(
            "paper clips in the morning",
            Order(
                id: "PP-1005", placedAt: placed(2025, 3, 21, 9, 5), items: ["Brass paper clips"],
                total: Price(cents: 3_50, currencyCode: "EUR")),
            date: "2025-03-21 09:05", items: "Brass paper clips", total: "3.50 EUR"),
        OrderSeed(
            "ink the same afternoon, in USD",
            Order(
                id: "PP-1006", placedAt: placed(2025, 3, 21, 16, 48), items: ["Ink cartridges ×6"],
                total: Price(cents: 6_99, currencyCode: "USD")),
            date: "2025-03-21 16:48", items: "Ink cartridges ×6", total: "6.99 USD"),
        OrderSeed(
            "a free sample",
            Order(
                id: "PP-1007", placedAt: placed(2025, 4, 2, 11, 11), items: ["Sample: Encre « bleu nuit »"],
                total: Price(cents: 0, currencyCode: "EUR")),
            date: "2025-04-02 11:11", items: "Sample: Encre « bleu nuit »", total: "0.00 EUR"),
        OrderSeed(
            "sealing wax and a seal, in USD",
            Order(
                id: "PP-3001", placedAt: placed(2025, 4, 20, 13, 25), items: ["Sealing wax", "Brass seal «M»"],
                total: Price(cents: 17_10, currencyCode: "USD")),
            date: "2025-04-20 13:25", items: "Sealing wax, Brass seal «M»", total: "17.10 USD"),
        OrderSeed(
            "a writing desk, over a thousand pounds, on a summer night",
            Order(
                id: "PP-3002", placedAt: placed(2025, 6, 12, 0, 30), items: ["Oak writing desk"],
                total: Price(cents: 1249_00, currencyCode: "GBP")),
            date: "2025-06-12 00:30", items: "Oak writing desk", total: "1249.00 GBP"),
        OrderSeed(
            "next year's diary, on the 30th of December",
            Order(
                id: "PP-3003", placedAt: placed(2024, 12, 30, 23, 59), items: ["Diary 2025"],
                total: Price(cents: 21_00, currencyCode: "EUR")),
            date: "2024-12-30 23:59", items: "Diary 2025", total: "21.00 EUR"),
    ]

    /// Customers' whole histories, each as the service sends it and as the Orders scene must
    /// keep it. The first is longer than the recent orders the scene keeps, and shuffled.
    public static let orderHistories: [OrderHistorySeed] = {
        let zoe = orders.prefix(7).map(\.order)
        let mei = orders.dropFirst(7).map(\.order)
        return [
            OrderHistorySeed(
                "Zoë's seven orders, shuffled",
                customer: Customer(id: "cus-2718", name: "Zoë Ashford", email: "zoe.ashford@mail.example"),
                fromService: [zoe[2], zoe[6], zoe[0], zoe[4], zoe[1], zoe[5], zoe[3]],
                recent: [zoe[6], zoe[5], zoe[4], zoe[3], zoe[2]]),
            OrderHistorySeed(
                "Ana's two orders on one day, oldest first",
                customer: Customer(id: "cus-0042", name: "Ana Lúcia Ferreira", email: "ana@mail.example"),
                fromService: [sameDay[0], sameDay[1]],
                recent: [sameDay[1], sameDay[0]]),
            OrderHistorySeed(
                "Mei's three orders, numbered out of date order",
                customer: Customer(id: "cus-1618", name: "Mei Lin", email: "mei.lin@mail.example"),
                fromService: [mei[0], mei[1], mei[2]],
                recent: [mei[1], mei[0], mei[2]]),
            OrderHistorySeed(
                "Søren's one free order",
                customer: Customer(id: "cus-0007", name: "Søren Østergaard", email: "soren@mail.example"),
                fromService: [zoe[6]],
                recent: [zoe[6]]),
            OrderHistorySeed(
                "Kwame, who has not ordered yet",
                customer: Customer(id: "cus-9001", name: "Kwame Mensah", email: "kwame@mail.example"),
                fromService: [],
                recent: []),
        ]
    }()

    /// A customer whose fifth and sixth newest orders were placed at the same moment. Five
    /// orders are recent, so one of the two is kept: which one, the guide leaves free, and
    /// `recent` holds one of the two right answers. Compare when the kept orders were placed.
    public static let orderHistoryTiedAtTheCutoff: OrderHistorySeed = {
        let zoe = orders.prefix(7).map(\.order)
        let sameMoment = Order(
            id: "PP-1008", placedAt: zoe[2].placedAt, items: ["Gift wrapping"],
            total: Price(cents: 2_50, currencyCode: "EUR"))
        return OrderHistorySeed(
            "Inès's eight orders, the fifth and sixth newest placed at the same moment",
            customer: Customer(id: "cus-3141", name: "Inès Moreau", email: "ines.moreau@mail.example"),
            fromService: [zoe[4], zoe[2], zoe[0], zoe[6], sameMoment, zoe[5], zoe[1], zoe[3]],
            recent: [zoe[6], zoe[5], zoe[4], zoe[3], zoe[2]])
    }()

    /// Two orders placed on the same day, morning and evening.
    static let sameDay: [Order] = [
        Order(
            id: "PP-2001", placedAt: placed(2025, 5, 9, 8, 20), items: ["Agenda 2026"],
            total: Price(cents: 15_99, currencyCode: "EUR")),
        Order(
            id: "PP-2002", placedAt: placed(2025, 5, 9, 19, 45), items: ["Stylo plume", "Cartouches d’encre"],
            total: Price(cents: 31_00, currencyCode: "EUR")),
    ]

    /// An order id that no seed has: choosing it opens nothing.
    public static let unknownOrderID = "PP-0000"

    /// What the Orders screen says when there are no orders.
    public static let noOrdersMessage = "You have not ordered anything yet."

    /// Every error the orders service can throw, with what the Orders screen says for it.
    public static let ordersErrors: [OrdersErrorSeed] = [
        OrdersErrorSeed(.offline, message: "You are offline. Connect to the internet, then reload."),
        OrdersErrorSeed(.sessionExpired, message: "Your session has ended. Sign in again to see your orders."),
        OrdersErrorSeed(.unavailable, message: "Your orders cannot be loaded right now. Try again later."),
    ]
}

/// One order, and the text of its line on the Orders screen.
public struct OrderSeed: Sendable, CustomStringConvertible {
    public let name: String
    public let order: Order
    /// The date as shown: `2025-03-21 16:48` (UTC).
    public let date: String
    /// The item names as shown, joined by ", ".
    public let items: String
    /// The total as shown: `9.05 GBP`.
    public let total: String

    init(_ name: String, _ order: Order, date: String, items: String, total: String) {
        self.name = name
        self.order = order
        self.date = date
        self.items = items
        self.total = total
    }

    public var description: String { "\(order.id) (\(name))" }
}

/// A customer's orders as the service sends them, and the recent ones the Orders scene keeps:
/// newest first, at most `OrdersInteractor.recentCount` (5).
public struct OrderHistorySeed: Sendable, CustomStringConvertible {
    public let name: String
    public let customer: Customer
    public let fromService: [Order]
    public let recent: [Order]

    init(_ name: String, customer: Customer, fromService: [Order], recent: [Order]) {
        self.name = name
        self.customer = customer
        self.fromService = fromService
        self.recent = recent
    }

    public var description: String { name }
}

/// An error of the orders service, and the message the Orders screen shows for it.
public struct OrdersErrorSeed: Sendable, CustomStringConvertible {
    public let error: OrdersServiceError
    public let message: String

    init(_ error: OrdersServiceError, message: String) {
        self.error = error
        self.message = message
    }

    public var description: String { ".\(error)" }
}
