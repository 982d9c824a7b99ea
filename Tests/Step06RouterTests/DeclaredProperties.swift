import Authentication
import Seeds

@testable import Step06Router

/// A part of the Login scene that another part may or may not hold.
///
/// Checks ask what a type *declares*, not what it holds right now: a `weak var view` that is
/// nil in the check is still a way to the view. `Mirror` lists every stored property, nil
/// ones too, and the type of each as declared (`Optional<LoginViewController>`), so a role is
/// recognised from that type: by name, or because the type conforms to the role's protocol.
enum SceneRole: CaseIterable, CustomStringConvertible {
    case view, interactor, dataStore, presenter, router, service

    /// The kit's names for this role's protocols and classes.
    var names: Set<String> {
        switch self {
        case .view: ["LoginDisplayLogic", "LoginViewController"]
        case .interactor: ["LoginBusinessLogic", "LoginInteractor"]
        case .dataStore: ["LoginDataStore"]
        case .presenter: ["LoginPresentationLogic", "LoginPresenter"]
        case .router: ["LoginRoutingLogic", "LoginDataPassing", "LoginRouter"]
        case .service: ["AuthenticationService", "LocalAuthenticationService", "BundledAuthenticationService"]
        }
    }

    /// Whether `type` plays this role: it conforms to the role's protocol.
    func isPlayed(by type: Any.Type) -> Bool {
        switch self {
        case .view: type is any LoginDisplayLogic.Type
        case .interactor: type is any LoginBusinessLogic.Type
        case .dataStore: type is any LoginDataStore.Type
        case .presenter: type is any LoginPresentationLogic.Type
        case .router: type is any LoginRoutingLogic.Type || type is any LoginDataPassing.Type
        case .service: type is any AuthenticationService.Type
        }
    }

    var description: String { ".\(self)" }
}

/// What `subject` stores that could hold one of `roles`, as `path: DeclaredType`, set or nil,
/// at any depth: a property of the role's type, an array or a helper object holding one, a
/// place declared `AnyObject` or `Any` (it could hold any part), or a closure (it could call
/// one). Other parts of the scene it holds are not entered: what they hold is theirs.
func properties(of subject: AnyObject, holding roles: SceneRole...) -> [String] {
    Reach.holdings(of: subject) { object in !SceneRole.allCases.contains { $0.isPlayed(by: type(of: object)) } }
        .filter { holding in
            // A place declared as one of the scene's roles plays that role (the router's dataStore is the
            // interactor, as a data store); any other place is judged by what it can hold.
            let declared = SceneRole.allCases.filter { !$0.names.isDisjoint(with: typeWords(holding.declaredType)) }
            return holding.isOpen || holding.isClosure
                || roles.contains { role in
                    declared.isEmpty ? holding.mayBe(role.isPlayed(by:)) : declared.contains(role)
                }
        }
        .map(\.description)
}

/// The names a type is spelled with (`Optional<Step06Router.LoginRouter>` → Optional, Step06Router, LoginRouter).
private func typeWords(_ type: Any.Type) -> Set<String> {
    Set(String(reflecting: type).split { !$0.isLetter && !$0.isNumber && $0 != "_" }.map(String.init))
}

/// The exact type of what `value` holds, or "nil" (see `StoredProperty.typeName(of:)`).
func typeName(of value: Any?) -> String {
    StoredProperty.typeName(of: value)
}
