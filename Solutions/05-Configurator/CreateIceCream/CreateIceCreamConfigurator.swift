extension CreateIceCreamView {
    /// Makes the scene's interactor and presenter and connects the cycle:
    /// view → interactor → presenter → view.
    func configureView() -> CreateIceCreamView {
        let view = self
        let interactor = CreateIceCreamInteractor()
        let presenter = CreateIceCreamPresenter()
        view.interactor = interactor
        interactor.presenter = presenter
        presenter.view = view
        return view
    }
}
