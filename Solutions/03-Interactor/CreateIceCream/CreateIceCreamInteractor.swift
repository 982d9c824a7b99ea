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
        do {
            let iceCream = try menuBundle.decode(IceCream.self, from: menuFile)
            let response = CreateIceCream.LoadIceCream.Response(iceCreamData: iceCream)
            presenter?.presentIceCream(response: response)
        } catch {
            // With no menu there is nothing to present: the pickers stay empty.
        }
    }
}
