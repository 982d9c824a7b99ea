import Authentication
import Seeds

@testable import Step07Worker

/// A part of the Login scene that another part may or may not hold.
///
/// Checks ask what a type *declares*, not what it holds right now: a `weak var view` that is
/// nil in the check is still a way to the view. `Mirror` lists every stored property, nil
/// ones too, and the type of each as declared (`Optional<LoginViewController>`), so a role is
/// recognised from that type: by name, or because the type conforms to the role's protocol.
enum SceneRole: CaseIterable, CustomStringConvertible {
    case view, interactor, presenter, router, worker, service

    /// The kit's names for this role's protocols and classes.
    var names: Set<String> {
        switch self {
        case .view: ["LoginDisplayLogic", "LoginViewController"]
        case .interactor: ["LoginBusinessLogic", "LoginInteractor"]
        case .presenter: ["LoginPresentationLogic", "LoginPresenter"]
        case .router: ["LoginRoutingLogic", "LoginDataPassing", "LoginRouter"]
        case .worker: ["LoginWorkerLogic", "LoginWorker"]
        case .service: ["AuthenticationService", "LocalAuthenticationService", "BundledAuthenticationService"]
        }
    }

    /// Whether `type` (a concrete type, with any Optional or Array around it removed) plays this role.
    func isPlayed(by type: Any.Type) -> Bool {
        switch self {
        case .view: type is any LoginDisplayLogic.Type
        case .interactor: type is any LoginBusinessLogic.Type
        case .presenter: type is any LoginPresentationLogic.Type
        case .router: type is any LoginRoutingLogic.Type || type is any LoginDataPassing.Type
        case .worker: type is any LoginWorkerLogic.Type
        case .service: type is any AuthenticationService.Type
        }
    }

    var description: String { ".\(self)" }
}

/// The stored properties of `subject` that could hold one of `roles`, as `name: DeclaredType`,
/// whether they are set or nil. Empty when it declares none.
func properties(of subject: AnyObject, holding roles: SceneRole...) -> [String] {
    StoredProperty.declared(by: subject).filter { property in
        roles.contains { !$0.names.isDisjoint(with: property.typeWords) || $0.isPlayed(by: property.innermostType) }
    }.map(\.description)
}

/// The exact type of what `value` holds, or "nil" (see `StoredProperty.typeName(of:)`).
func typeName(of value: Any?) -> String {
    StoredProperty.typeName(of: value)
}
