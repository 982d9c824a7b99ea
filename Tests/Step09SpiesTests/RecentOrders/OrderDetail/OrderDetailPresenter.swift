/// What the interactor may hand the Order detail scene's presentation logic.
@MainActor
protocol OrderDetailPresentationLogic {
    func presentOrder(response: OrderDetail.Show.Response)
}

/// The Order detail scene's presentation logic: one line per item, then the total.
@MainActor
final class OrderDetailPresenter: OrderDetailPresentationLogic {
    weak var viewController: OrderDetailDisplayLogic?

    func presentOrder(response: OrderDetail.Show.Response) {
        let viewModel =
            if let order = response.order, Variant.isOn("detailWrittenOtherwise") {
                // The destination's own business: numbered items and the total first.
                OrderDetail.Show.ViewModel(
                    title: "Your order \(order.id)",
                    lines: ["Total \(OrdersPresenter.text(for: order.total))"]
                        + order.items.enumerated().map { "\($0.offset + 1). \($0.element)" })
            } else if let order = response.order {
                OrderDetail.Show.ViewModel(
                    title: "Order \(order.id)",
                    lines: order.items.map { "• \($0)" } + ["Total: \(OrdersPresenter.text(for: order.total))"])
            } else {
                OrderDetail.Show.ViewModel(title: "Order", lines: ["No order was chosen."])
            }
        viewController?.displayOrder(viewModel: viewModel)
    }
}
