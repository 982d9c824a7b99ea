import Authentication
import Seeds
import TerminalUI

@testable import Step08Migrate

/// A part of the Forgot password scene that another part may or may not hold.
///
/// Checks ask what a type *declares*, not what it holds right now: a `weak var view` left nil
/// is still a way to the view. `Mirror` lists every stored property, nil ones too, with the
/// type it was declared with, so a role is recognised from that type: by one of the role's
/// names, or because the type conforms to the role's protocol.
enum SceneRole: CaseIterable, CustomStringConvertible {
    case view, interactor, dataStore, presenter, router, worker, service

    /// The kit's names for this role's protocols and classes.
    var names: Set<String> {
        switch self {
        case .view: ["ForgotPasswordDisplayLogic", "ForgotPasswordViewController", "NavigableView", "TerminalView"]
        case .interactor: ["ForgotPasswordBusinessLogic", "ForgotPasswordInteractor"]
        case .dataStore: ["ForgotPasswordDataStore"]
        case .presenter: ["ForgotPasswordPresentationLogic", "ForgotPasswordPresenter"]
        case .router: ["ForgotPasswordRoutingLogic", "ForgotPasswordDataPassing", "ForgotPasswordRouter"]
        case .worker: ["ForgotPasswordWorkerLogic", "ForgotPasswordWorker"]
        case .service:
            [
                "PasswordResetService", "AuthenticationService", "LocalAuthenticationService",
                "BundledAuthenticationService",
            ]
        }
    }

    /// Whether `type`, a concrete type, plays this role: it conforms to the role's protocol.
    /// A protocol type (`any ForgotPasswordWorkerLogic`) never does: protocols do not conform
    /// to themselves, which is how a check tells a concrete dependency from an abstract one.
    func isPlayed(byConcrete type: Any.Type) -> Bool {
        switch self {
        case .view: type is any ForgotPasswordDisplayLogic.Type || type is any TerminalView.Type
        case .interactor: type is any ForgotPasswordBusinessLogic.Type
        case .dataStore: type is any ForgotPasswordDataStore.Type
        case .presenter: type is any ForgotPasswordPresentationLogic.Type
        case .router: type is any ForgotPasswordRoutingLogic.Type || type is any ForgotPasswordDataPassing.Type
        case .worker: type is any ForgotPasswordWorkerLogic.Type
        case .service: type is any PasswordResetService.Type || type is any AuthenticationService.Type
        }
    }

    var description: String { ".\(self)" }
}

/// One stored property of a part, as `name: DeclaredType`, and the type inside any Optional or Array.
struct DeclaredProperty: CustomStringConvertible {
    let stored: StoredProperty

    var declared: Any.Type { stored.declaredType }
    var innermost: Any.Type { stored.innermostType }
    var words: Set<String> { stored.typeWords }

    func holds(_ role: SceneRole) -> Bool {
        !role.names.isDisjoint(with: words) || role.isPlayed(byConcrete: innermost)
    }

    /// Whether it is declared with a concrete type that plays a role, where a protocol belongs.
    ///
    /// Only an Optional or Array tells: `Optional<any P>` keeps its declared type, while a
    /// plain `let worker: any P` reads as the type of the value it holds. Those plain ones are
    /// set through initialisers whose parameters are protocols, which the checks call.
    var isConcreteDependency: Bool {
        declared != innermost && SceneRole.allCases.contains { $0.isPlayed(byConcrete: innermost) }
    }

    var description: String { stored.description }
}

/// Every stored property `subject` declares, its superclasses' too, set or nil.
func declaredProperties(of subject: Any) -> [DeclaredProperty] {
    StoredProperty.declared(by: subject).map(DeclaredProperty.init)
}

/// What `subject` stores that could hold one of `roles`, as `path: DeclaredType`, set or nil,
/// at any depth: a property of the role's type, an array or a helper object holding one, a
/// place declared `AnyObject` or `Any` (it could hold any part), or a closure (it could call
/// one). Other parts of the scene it holds are not entered: what they hold is theirs.
func properties(of subject: AnyObject, holding roles: SceneRole...) -> [String] {
    Reach.holdings(of: subject) { object in
        !SceneRole.allCases.contains { $0.isPlayed(byConcrete: type(of: object)) }
    }
    .filter { holding in
        // A place declared as one of the scene's roles plays that role (the router's dataStore is the
        // interactor, as a data store); any other place is judged by what it can hold.
        let declared = SceneRole.allCases.filter { !$0.names.isDisjoint(with: typeWords(holding.declaredType)) }
        return holding.isOpen || holding.isClosure
            || roles.contains { role in
                declared.isEmpty ? holding.mayBe(role.isPlayed(byConcrete:)) : declared.contains(role)
            }
    }
    .map(\.description)
}

/// The names a type is spelled with (`Optional<Step08Migrate.ForgotPasswordRouter>` → Optional, Step08Migrate, …).
private func typeWords(_ type: Any.Type) -> Set<String> {
    Set(String(reflecting: type).split { !$0.isLetter && !$0.isNumber && $0 != "_" }.map(String.init))
}

/// The exact type of what `value` holds, or "nil" (see `StoredProperty.typeName(of:)`).
func typeName(of value: Any?) -> String {
    StoredProperty.typeName(of: value)
}
