import RecentOrders
import Seeds
import Testing

// Your spies for the interactor's worker and presenter go here: each named after what it
// replaces, recording every call and its arguments, in order.

/// The interactor's tests: asking the worker for the right customer, the recent orders newest
/// first, loading on and off on every path, errors, loading twice. See README.md.
struct OrdersInteractorTests {
}
