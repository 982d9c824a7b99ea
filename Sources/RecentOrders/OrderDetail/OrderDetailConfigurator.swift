/// Makes the Order detail scene and connects it. The Orders router calls this, then fills
/// `router.dataStore` before showing the view.
@MainActor
public enum OrderDetailConfigurator {
    public static func configure() -> OrderDetailViewController {
        let viewController = OrderDetailViewController()
        let interactor = OrderDetailInteractor()
        let presenter = OrderDetailPresenter()
        let router = OrderDetailRouter()
        viewController.interactor = interactor
        viewController.router = router
        interactor.presenter = presenter
        presenter.viewController = viewController
        router.viewController = viewController
        router.dataStore = interactor
        return viewController
    }
}
