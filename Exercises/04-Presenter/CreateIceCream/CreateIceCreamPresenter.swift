/// What the interactor may hand the scene's presentation logic.
protocol CreateIceCreamPresentationLogic {
    func presentIceCream(response: CreateIceCream.LoadIceCream.Response)
}

/// The scene's presentation logic: it turns the menu into what the view shows.
final class CreateIceCreamPresenter {
    // TODO: the view owns the interactor, which owns this presenter. Hold the view so that
    // the three do not keep each other alive (see README.md).
    var view: CreateIceCreamDisplayLogic?
}

extension CreateIceCreamPresenter: CreateIceCreamPresentationLogic {
    func presentIceCream(response: CreateIceCream.LoadIceCream.Response) {
        // TODO: make a ViewModel from the response's menu and ask the view to display it.
    }
}
