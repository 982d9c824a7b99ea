import RecentOrders
import Seeds
import Testing

// Your spy for the view (the presenter's OrdersDisplayLogic) goes here.

/// The presenter's tests: each order as a row (date, items, total in its currency), the empty
/// state, a message per error, loading passed on. See README.md.
struct OrdersPresenterTests {
}
