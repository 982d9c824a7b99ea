/// What the Order detail scene exposes to the scene that opens it.
@MainActor
public protocol OrderDetailDataPassing {
    var dataStore: OrderDetailDataStore? { get }
}

/// The Order detail scene's router: it goes nowhere yet, and holds the data store to fill.
@MainActor
final class OrderDetailRouter: OrderDetailDataPassing {
    weak var viewController: OrderDetailViewController?
    var dataStore: OrderDetailDataStore?
}
