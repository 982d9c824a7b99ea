import Foundation
import ScoopsAndScones

/// What the view may ask of the scene's business logic.
protocol CreateIceCreamBusinessLogic {
    func loadIceCream(request: CreateIceCream.LoadIceCream.Request)
}

/// The scene's business logic: it loads the menu and hands it to the presenter.
final class CreateIceCreamInteractor {
    var presenter: CreateIceCreamPresentationLogic?

    /// Where the menu comes from: the app's own `icecream.json` unless a check points elsewhere.
    var menuBundle: Bundle = .scoopsAndScones
    var menuFile = "icecream.json"
}

extension CreateIceCreamInteractor: CreateIceCreamBusinessLogic {
    func loadIceCream(request: CreateIceCream.LoadIceCream.Request) {
        // TODO: decode menuFile from menuBundle and hand the menu to the presenter in a Response.
    }
}
