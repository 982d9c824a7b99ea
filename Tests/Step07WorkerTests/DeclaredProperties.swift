import Authentication

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
    var found: [String] = []
    var mirror: Mirror? = Mirror(reflecting: subject)
    while let current = mirror {
        for child in current.children {
            let declared = type(of: child.value)
            let innermost = unwrapped(declared)
            let words = Set(
                String(reflecting: declared).split { !$0.isLetter && !$0.isNumber && $0 != "_" }.map(String.init))
            if roles.contains(where: { !$0.names.isDisjoint(with: words) || $0.isPlayed(by: innermost) }) {
                found.append("\(child.label ?? "_"): \(declared)")
            }
        }
        mirror = current.superclassMirror
    }
    return found
}

/// The exact type of what `value` holds, or "nil". A report prints it well, and comparing it
/// checks the very type a story names (`is` would also accept it inside an Optional).
func typeName(of value: Any?) -> String {
    guard let value else { return "nil" }
    return String(describing: type(of: value))
}

/// `Optional<Array<T>>` → `T`: the type a property holds, whatever wraps it.
private func unwrapped(_ type: Any.Type) -> Any.Type {
    guard let wrapper = type as? any Wrapper.Type else { return type }
    return unwrapped(wrapper.wrappedType)
}

private protocol Wrapper {
    static var wrappedType: Any.Type { get }
}

extension Optional: Wrapper {
    fileprivate static var wrappedType: Any.Type { Wrapped.self }
}

extension Array: Wrapper {
    fileprivate static var wrappedType: Any.Type { Element.self }
}
