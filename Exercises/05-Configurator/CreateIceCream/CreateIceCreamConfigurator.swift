extension CreateIceCreamView {
    /// Makes the scene's interactor and presenter and connects the cycle:
    /// view → interactor → presenter → view.
    func configureView() -> CreateIceCreamView {
        // TODO: make an interactor and a presenter, connect view → interactor → presenter → view,
        // and return the view.
        return self
    }
}
