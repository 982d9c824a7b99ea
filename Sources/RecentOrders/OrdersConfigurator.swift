/// Makes the Orders scene for a signed-in customer and connects it: view → interactor →
/// presenter → view, and the router that opens an order.
@MainActor
enum OrdersConfigurator {
    static func configure(customer: Customer, service: OrdersService) -> OrdersViewController {
        let viewController = OrdersViewController()
        let interactor = OrdersInteractor(customer: customer, worker: OrdersWorker(service: service))
        let presenter = OrdersPresenter()
        let router = OrdersRouter()
        viewController.interactor = interactor
        viewController.router = router
        interactor.presenter = presenter
        presenter.viewController = viewController
        router.viewController = viewController
        router.dataStore = interactor
        return viewController
    }
}
