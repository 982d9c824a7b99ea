import Foundation

/// What the interactor may hand the Orders scene's presentation logic.
@MainActor
public protocol OrdersPresentationLogic {
    func presentLoading(isLoading: Bool)
    func presentOrders(response: Orders.Load.Response)
}

/// The Orders scene's presentation logic: it turns orders and errors into the text on screen.
@MainActor
public final class OrdersPresenter: OrdersPresentationLogic {
    /// What the screen says when the customer has no orders.
    public static let emptyMessage = "You have not ordered anything yet."

    /// Weak, because the view owns the interactor, which owns this presenter.
    public weak var viewController: OrdersDisplayLogic?

    /// A presenter with no view yet: set `viewController` to the view it speaks to.
    public init() {}

    /// Dates as the shop writes them, in UTC, the shop's clock: 2025-03-21 16:48.
    private static let dateFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        // londonTime: the shop's local zone, an hour ahead of UTC in British Summer Time.
        formatter.timeZone = TimeZone(identifier: Mistake.isOn("londonTime") ? "Europe/London" : "UTC")
        formatter.dateFormat =
            if Mistake.isOn("monthAsMinutes") {
                // mm is the minute; the month is MM.
                "yyyy-mm-dd HH:mm"
            } else if Mistake.isOn("dayOfYear") {
                // DD is the day of the year; the day of the month is dd.
                "yyyy-MM-DD HH:mm"
            } else if Mistake.isOn("twelveHourClock") {
                // hh is the hour on a 12-hour clock; HH counts to 23.
                "yyyy-MM-dd hh:mm"
            } else if Mistake.isOn("weekYear") {
                // YYYY is the year of the week; the calendar year is yyyy.
                "YYYY-MM-dd HH:mm"
            } else {
                "yyyy-MM-dd HH:mm"
            }
        return formatter
    }()

    /// dateFormatStyle (a correct variant): the date as a verbatim format style, not a formatter.
    private static let dateStyle = Date.VerbatimFormatStyle(
        format: """
            \(year: .padded(4))-\(month: .twoDigits)-\(day: .twoDigits) \
            \(hour: .twoDigits(clock: .twentyFourHour, hourCycle: .zeroBased)):\(minute: .twoDigits)
            """,
        locale: Locale(identifier: "en_US_POSIX"),
        timeZone: TimeZone(identifier: "UTC")!,
        calendar: Calendar(identifier: .gregorian))

    /// dateFromComponents (a correct variant): the shop's calendar, in UTC, the shop's clock.
    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// groupsThousands: amounts with exactly two fraction digits, and thousands grouped.
    private static let amountFormatter: NumberFormatter = {
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: "en_US")
        formatter.numberStyle = .decimal
        formatter.minimumFractionDigits = 2
        formatter.maximumFractionDigits = 2
        return formatter
    }()

    /// skipsRepeatedLoading: what the view was last told.
    private var isShowingLoading = false
    /// keepsItsOwnRecord (a correct variant): the last view model sent, for nobody but this presenter.
    private var lastShown: Orders.Load.ViewModel?

    public func presentLoading(isLoading: Bool) {
        if Mistake.isOn("skipsRepeatedLoading") {
            // Only a change from what was last sent reaches the view.
            guard isLoading != isShowingLoading else { return }
            isShowingLoading = isLoading
        }
        viewController?.displayLoading(isLoading: Mistake.isOn("loadingStaysOn") ? true : isLoading)
    }

    public func presentOrders(response: Orders.Load.Response) {
        if Variant.isOn("loopsAndGuards") {
            viewController?.displayOrders(viewModel: Self.viewModel(for: response.result))
            return
        }
        let viewModel =
            switch response.result {
            case .success(let orders) where orders.isEmpty:
                // emptyShownAsError: the empty message in the error's place.
                Mistake.isOn("emptyShownAsError")
                    ? Orders.Load.ViewModel(rows: [], emptyMessage: nil, errorMessage: Self.emptyMessage)
                    : Orders.Load.ViewModel(rows: [], emptyMessage: Self.emptyMessage, errorMessage: nil)
            case .success(let orders):
                Orders.Load.ViewModel(
                    // sortsRowsByDate: the rows sorted again, oldest first.
                    rows: Mistake.isOn("sortsRowsByDate")
                        ? orders.sorted { $0.placedAt < $1.placedAt }.map(Self.row) : orders.map(Self.row),
                    emptyMessage: Mistake.isOn("emptyStateWithOrders") ? Self.emptyMessage : nil,
                    errorMessage: nil)
            case .failure(let error):
                Orders.Load.ViewModel(
                    rows: [],
                    emptyMessage: Mistake.isOn("errorShowsEmptyState") ? Self.emptyMessage : nil,
                    // errorLocalizedDescription: Foundation's generic text for the error.
                    errorMessage: Mistake.isOn("errorLocalizedDescription")
                        ? error.localizedDescription : Self.message(for: error))
            }
        if Mistake.isOn("stopsLoadingWithResult") {
            // Loading off sent along with the result, unasked.
            viewController?.displayLoading(isLoading: false)
        }
        viewController?.displayOrders(viewModel: viewModel)
        Variant.keep("keepsItsOwnRecord") { lastShown = viewModel }
    }

    private static func row(for order: Order) -> Orders.Load.ViewModel.Row {
        Orders.Load.ViewModel.Row(
            id: order.id,
            date: dateText(for: order.placedAt),
            // itemsWithoutSpace: a comma with no space after it.
            items: order.items.joined(separator: Mistake.isOn("itemsWithoutSpace") ? "," : ", "),
            total: text(for: order.total)
        )
    }

    /// The date of a row, written as the variant switched on writes it, or by the formatter.
    private static func dateText(for date: Date) -> String {
        if Variant.isOn("dateFormatStyle") {
            return date.formatted(dateStyle)
        }
        if Variant.isOn("dateFromComponents") {
            let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
            return String(
                format: "%04ld-%02ld-%02ld %02ld:%02ld",
                parts.year ?? 0, parts.month ?? 0, parts.day ?? 0, parts.hour ?? 0, parts.minute ?? 0)
        }
        return dateFormatter.string(from: date)
    }

    /// loopsAndGuards (a correct variant): the view model with guard and if instead of a switch,
    /// the rows in a loop, the items joined by hand.
    private static func viewModel(for result: Result<[Order], OrdersServiceError>) -> Orders.Load.ViewModel {
        guard case .success(let orders) = result else {
            if case .failure(let error) = result {
                return Orders.Load.ViewModel(rows: [], emptyMessage: nil, errorMessage: message(for: error))
            }
            preconditionFailure("a Result is a success or a failure")
        }
        if orders.isEmpty {
            return Orders.Load.ViewModel(rows: [], emptyMessage: emptyMessage, errorMessage: nil)
        }
        var rows: [Orders.Load.ViewModel.Row] = []
        rows.reserveCapacity(orders.count)
        for order in orders {
            rows.append(
                Orders.Load.ViewModel.Row(
                    id: order.id,
                    date: dateFormatter.string(from: order.placedAt),
                    items: itemsText(for: order.items),
                    total: text(for: order.total)))
        }
        return Orders.Load.ViewModel(rows: rows, emptyMessage: nil, errorMessage: nil)
    }

    /// The items one after the other, a comma and a space between two.
    private static func itemsText(for items: [String]) -> String {
        var text = ""
        for (index, item) in items.enumerated() {
            if index > 0 { text += ", " }
            text += item
        }
        return text
    }

    /// A price in its own currency, always with two digits of cents: 9.05 GBP, 0.00 EUR.
    static func text(for price: Price) -> String {
        if Variant.isOn("priceFormat") {
            let (units, cents) = price.cents.quotientAndRemainder(dividingBy: 100)
            return String(format: "%ld.%02ld", units, cents) + " " + price.currencyCode
        }
        let cents = price.cents % 100
        // pricesInShopCurrency: every price in euros, whatever the order's currency.
        let currency = Mistake.isOn("pricesInShopCurrency") ? "EUR" : price.currencyCode
        if Mistake.isOn("centsNotPadded") {
            return "\(price.cents / 100).\(cents) \(currency)"
        }
        if Mistake.isOn("codeBeforeAmount") {
            return "\(currency) \(price.cents / 100).\(cents < 10 ? "0" : "")\(cents)"
        }
        if Mistake.isOn("groupsThousands") {
            let amount = Decimal(price.cents) / 100
            return "\(amountFormatter.string(from: amount as NSDecimalNumber) ?? "\(amount)") \(currency)"
        }
        if Mistake.isOn("priceAsDouble") {
            // A Double prints as few digits as it needs: 0.0, 12.0, 9.5.
            return "\(Double(price.cents) / 100) \(currency)"
        }
        return "\(price.cents / 100).\(cents < 10 ? "0" : "")\(cents) \(currency)"
    }

    /// What the customer reads for each way loading can fail: what happened, and what to do.
    public static func message(for error: OrdersServiceError) -> String {
        let swapped = Mistake.isOn("errorMessagesSwapped")
        return switch error {
        case .offline where swapped: "Your session has ended. Sign in again to see your orders."
        case .sessionExpired where swapped: "You are offline. Connect to the internet, then reload."
        case .offline: "You are offline. Connect to the internet, then reload."
        case .sessionExpired: "Your session has ended. Sign in again to see your orders."
        case .unavailable: "Your orders cannot be loaded right now. Try again later."
        }
    }
}
