/// Makes the Login scene and connects it: view → interactor → presenter → view, and the
/// router that takes the view on to the next scene.
enum LoginConfigurator {
    static func configure() -> LoginViewController {
        let viewController = LoginViewController()
        let interactor = LoginInteractor()
        let presenter = LoginPresenter()
        viewController.interactor = interactor
        interactor.presenter = presenter
        presenter.viewController = viewController
        // TODO: make a LoginRouter, give it this view and the interactor as its data store,
        // and give the view the router.
        return viewController
    }
}
