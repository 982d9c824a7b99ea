import RecentOrders
import Seeds
import TerminalUI
import Testing

// Your spy for the navigator, and a stub of the Orders data store, go here.

/// The router's tests: choosing an order opens its detail, holding that order, the right way;
/// an order that is not there opens nothing. See README.md.
struct OrdersRouterTests {
}
