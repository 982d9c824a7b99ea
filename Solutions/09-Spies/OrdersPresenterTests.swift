import RecentOrders
import Seeds
import Testing

/// Stands in for the view and records every message the presenter sends it, in order.
final class OrdersDisplayLogicSpy: OrdersDisplayLogic {
    enum Message: Equatable {
        case displayLoading(isLoading: Bool)
        case displayOrders(Orders.Load.ViewModel)
    }

    private(set) var messages: [Message] = []

    func displayLoading(isLoading: Bool) {
        messages.append(.displayLoading(isLoading: isLoading))
    }

    func displayOrders(viewModel: Orders.Load.ViewModel) {
        messages.append(.displayOrders(viewModel))
    }
}

/// The row the Orders screen shows for a seed order.
func row(for seed: OrderSeed) -> Orders.Load.ViewModel.Row {
    Orders.Load.ViewModel.Row(id: seed.order.id, date: seed.date, items: seed.items, total: seed.total)
}

@Suite("OrdersPresenter words what the Orders screen shows")
struct OrdersPresenterTests {
    let sut = OrdersPresenter()
    let viewSpy = OrdersDisplayLogicSpy()

    /// Every test presents to the view spy.
    init() {
        sut.viewController = viewSpy
    }

    @Test("An order becomes a row: date, items and total in the order's own currency", arguments: Seeds.orders)
    func orderBecomesARow(seed: OrderSeed) {
        // Given
        let response = Orders.Load.Response(result: .success([seed.order]))

        // When
        sut.presentOrders(response: response)

        // Then
        let expected = Orders.Load.ViewModel(rows: [row(for: seed)], emptyMessage: nil, errorMessage: nil)
        // One row with the date as yyyy-MM-dd HH:mm (UTC), the items joined by ", ", the total with two digits
        // of cents and the order's currency; no empty message, no error; displayed once.
        #expect(viewSpy.messages == [.displayOrders(expected)])
    }

    @Test("Orders become rows in the order they come in")
    func rowsKeepTheirOrder() {
        // Given
        let seeds = Seeds.orders.reversed()
        let response = Orders.Load.Response(result: .success(seeds.map(\.order)))

        // When
        sut.presentOrders(response: response)

        // Then
        let expected = Orders.Load.ViewModel(rows: seeds.map(row(for:)), emptyMessage: nil, errorMessage: nil)
        // One row per order, in the order the interactor gave them.
        #expect(viewSpy.messages == [.displayOrders(expected)])
    }

    @Test("No orders shows the empty message, and no rows")
    func noOrdersShowsTheEmptyState() {
        // Given
        let response = Orders.Load.Response(result: .success([]))

        // When
        sut.presentOrders(response: response)

        // Then
        let expected = Orders.Load.ViewModel(rows: [], emptyMessage: Seeds.noOrdersMessage, errorMessage: nil)
        // The empty message, and nothing else.
        #expect(viewSpy.messages == [.displayOrders(expected)])
    }

    @Test("Each service error shows its own message, and no empty message", arguments: Seeds.ordersErrors)
    func errorShowsItsMessage(seed: OrdersErrorSeed) {
        // Given
        let response = Orders.Load.Response(result: .failure(seed.error))

        // When
        sut.presentOrders(response: response)

        // Then
        let expected = Orders.Load.ViewModel(rows: [], emptyMessage: nil, errorMessage: seed.message)
        // The error's own message; an error is not "no orders", so no empty message.
        #expect(viewSpy.messages == [.displayOrders(expected)])
    }

    @Test("Loading on and off reach the view as they come")
    func loadingGoesStraightThrough() {
        // Given
        let states = [true, false]

        // When
        for isLoading in states {
            sut.presentLoading(isLoading: isLoading)
        }

        // Then
        // Loading on, then off, as presented.
        #expect(viewSpy.messages == states.map { .displayLoading(isLoading: $0) })
    }

    @Test("Loading reaches the view each time it is presented, even when it repeats the last")
    func repeatedLoadingGoesStraightThrough() {
        // Given
        // Off before anything was on, then each state twice in a row.
        let states = [false, true, true, false, false]

        // When
        for isLoading in states {
            sut.presentLoading(isLoading: isLoading)
        }

        // Then
        // Every one reaches the view, as presented: none is dropped for repeating the one before.
        #expect(viewSpy.messages == states.map { .displayLoading(isLoading: $0) })
    }
}
