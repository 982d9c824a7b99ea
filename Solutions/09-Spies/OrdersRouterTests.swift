import RecentOrders
import Seeds
import TerminalUI
import Testing

/// Stands in for the app's navigator and records every screen it is asked to show, in order,
/// with the order an Order detail screen held at that very moment.
final class NavigatorSpy: Navigator {
    enum Message: Equatable, CustomDebugStringConvertible {
        case push(screen: String, order: Order?)
        case present(screen: String, order: Order?)
        case replaceRoot(screen: String, order: Order?)

        /// The order by its id, so that a failing test prints a short line.
        var debugDescription: String {
            switch self {
            case .push(let screen, let order): ".push(\(screen), holding \(order?.id ?? "no order"))"
            case .present(let screen, let order): ".present(\(screen), holding \(order?.id ?? "no order"))"
            case .replaceRoot(let screen, let order): ".replaceRoot(\(screen), holding \(order?.id ?? "no order"))"
            }
        }
    }

    private(set) var messages: [Message] = []

    func push(_ view: any TerminalView) {
        messages.append(.push(screen: name(of: view), order: order(in: view)))
    }

    func present(_ view: any TerminalView) {
        messages.append(.present(screen: name(of: view), order: order(in: view)))
    }

    func replaceRoot(with view: any TerminalView) {
        messages.append(.replaceRoot(screen: name(of: view), order: order(in: view)))
    }

    private func name(of view: any TerminalView) -> String {
        String(describing: type(of: view))
    }

    /// Read when the screen is shown: a router that hands the order on later shows an empty screen.
    private func order(in view: any TerminalView) -> Order? {
        (view as? OrderDetailViewController)?.router?.dataStore?.order
    }
}

/// An Orders data store holding the orders a test gives it.
struct OrdersDataStoreStub: OrdersDataStore {
    let orders: [Order]
}

@Suite("OrdersRouter opens the chosen order")
struct OrdersRouterTests {
    let sut = OrdersRouter()
    let ordersView = OrdersViewController()
    let navigatorSpy = NavigatorSpy()

    /// Every test routes from an Orders view that the navigator spy shows, over the seed orders.
    init() {
        ordersView.navigator = navigatorSpy
        sut.viewController = ordersView
        sut.dataStore = OrdersDataStoreStub(orders: Seeds.orders.map(\.order))
    }

    @Test("Choosing an order pushes its detail, already holding that order", arguments: Seeds.orders)
    func choosingPushesTheDetail(seed: OrderSeed) {
        // Given
        let chosen = seed.order

        // When
        sut.routeToOrderDetail(orderID: chosen.id)

        // Then
        let expected = NavigatorSpy.Message.push(
            screen: String(describing: OrderDetailViewController.self), order: chosen)
        // One push (a way back to the list) of the detail, which holds the chosen order when it is shown.
        #expect(navigatorSpy.messages == [expected])
    }

    @Test("An order the list does not have opens nothing")
    func unknownOrderOpensNothing() {
        // Given
        let unknownID = Seeds.unknownOrderID

        // When
        sut.routeToOrderDetail(orderID: unknownID)

        // Then
        // No screen is shown for an order that is not there.
        #expect(navigatorSpy.messages == [])
    }
}

/// Choosing again after the data store's orders changed, as a Reload changes them.
extension OrdersRouterTests {
    @Test("After a reload, choosing an order opens it from the orders the data store holds now")
    func choosingAfterAReloadReadsTheNewOrders() throws {
        // Given
        // Before the reload the list holds the older half of the seed orders, after it the newer half.
        let orders = Seeds.orders.map(\.order)
        let before = Array(orders.prefix(orders.count / 2))
        let after = Array(orders.dropFirst(orders.count / 2))
        // The customer opens an order of the list before the reload.
        let opened = try #require(before.first)
        sut.dataStore = OrdersDataStoreStub(orders: before)
        sut.routeToOrderDetail(orderID: opened.id)
        sut.dataStore = OrdersDataStoreStub(orders: after)

        // When
        for order in orders {
            sut.routeToOrderDetail(orderID: order.id)
        }

        // Then
        let screen = String(describing: OrderDetailViewController.self)
        let expected = ([opened] + after).map { NavigatorSpy.Message.push(screen: screen, order: $0) }
        // The order opened before the reload, then only the orders the list holds now, each holding itself;
        // the orders the list no longer has open nothing.
        #expect(navigatorSpy.messages == expected)
    }
}
