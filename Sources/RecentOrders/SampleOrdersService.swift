import Foundation

/// The orders `kata run` shows: a customer of the Pens&Pages stationery shop and what they
/// bought, kept in memory. Its customer and orders are not the checks' seeds.
public struct SampleOrdersService: OrdersService {
    /// Who is signed in when the app starts.
    public static let customer = Customer(id: "cus-1843", name: "Ada Byron", email: "ada@pens-pages.example")

    /// How long an answer takes: none by default; `kata run` sets `KATA_ORDERS_DELAY_MS` so
    /// that the loading state shows, as it would over a network.
    private let delay: Duration

    public init() {
        let milliseconds = ProcessInfo.processInfo.environment["KATA_ORDERS_DELAY_MS"].flatMap(Int.init) ?? 0
        delay = .milliseconds(min(max(milliseconds, 0), 5000))
    }

    public func orders(customerID: String) async throws -> [Order] {
        if delay > .zero {
            try? await Task.sleep(for: delay)
        }
        guard customerID == Self.customer.id else { throw OrdersServiceError.sessionExpired }
        return [
            Order(
                id: "PP-0417", placedAt: Date(timeIntervalSince1970: 1_735_815_600),
                items: ["Notebook, dotted", "Pencil HB ×2"], total: Price(cents: 1150, currencyCode: "GBP")),
            Order(
                id: "PP-0502", placedAt: Date(timeIntervalSince1970: 1_741_600_800),
                items: ["Fountain pen", "Encre « bleu nuit »"], total: Price(cents: 4290, currencyCode: "GBP")),
            Order(
                id: "PP-0388", placedAt: Date(timeIntervalSince1970: 1_730_383_200),
                items: ["Sample card"], total: Price(cents: 0, currencyCode: "GBP")),
        ]
    }
}

/// Where `kata run` starts: the Orders scene of the sample customer, already wired.
@MainActor
struct ContentView {
    var body: OrdersViewController {
        OrdersConfigurator.configure(customer: SampleOrdersService.customer, service: SampleOrdersService())
    }
}
