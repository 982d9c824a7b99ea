/// What the interactor may hand the scene's presentation logic.
protocol CreateIceCreamPresentationLogic {
    func presentIceCream(response: CreateIceCream.LoadIceCream.Response)
}

/// The scene's presentation logic: it turns the menu into what the view shows.
final class CreateIceCreamPresenter {
    /// Weak, because the view owns the interactor, which owns this presenter.
    weak var view: CreateIceCreamDisplayLogic?
}

extension CreateIceCreamPresenter: CreateIceCreamPresentationLogic {
    func presentIceCream(response: CreateIceCream.LoadIceCream.Response) {
        let viewModel = CreateIceCream.LoadIceCream.ViewModel(
            cones: response.iceCreamData.cones,
            flavors: response.iceCreamData.flavors,
            toppings: response.iceCreamData.toppings
        )
        view?.displayIceCream(viewModel: viewModel)
    }
}
