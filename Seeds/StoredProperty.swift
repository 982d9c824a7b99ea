/// A stored property as its type declares it, read with `Mirror`.
///
/// Architecture checks ask what a part *can* hold, not what it holds now: a property
/// declared `var view: CreateIceCreamView?` is a way to the view even while it is nil.
/// Mirror shows every stored property, nil ones included, with its declared type
/// (`weak` and optional properties as `Optional<T>`).
public struct StoredProperty: CustomStringConvertible {
    public let name: String
    public let declaredType: Any.Type
    public let value: Any

    /// Every stored property of `subject`, in the order it declares them.
    public static func all(of subject: Any) -> [StoredProperty] {
        Mirror(reflecting: subject).children.map { child in
            StoredProperty(name: child.label ?? "_", declaredType: type(of: child.value), value: child.value)
        }
    }

    /// Every stored property `subject` declares, its superclasses' too, set or nil.
    public static func declared(by subject: Any) -> [StoredProperty] {
        var found: [StoredProperty] = []
        var mirror: Mirror? = Mirror(reflecting: subject)
        while let current = mirror {
            found += current.children.map { child in
                StoredProperty(name: child.label ?? "_", declaredType: type(of: child.value), value: child.value)
            }
            mirror = current.superclassMirror
        }
        return found
    }

    /// `Optional<Array<T>>` → `T`: the type it holds, whatever wraps it.
    public var innermostType: Any.Type { heldTypes.last ?? declaredType }

    /// The names its declared type is spelled with (`Optional<Step06Router.LoginRouter>` →
    /// Optional, Step06Router, LoginRouter): a role is recognised by one of its names.
    public var typeWords: Set<String> {
        Set(String(reflecting: declaredType).split { !$0.isLetter && !$0.isNumber && $0 != "_" }.map(String.init))
    }

    /// The exact type of what `value` holds, or "nil". A report prints it well, and comparing
    /// it checks the very type a story names (`is` would also accept it inside an Optional).
    public static func typeName(of value: Any?) -> String {
        guard let value else { return "nil" }
        return String(describing: type(of: value))
    }

    /// `view: Optional<CreateIceCreamView>`: how a failing check names it.
    public var description: String { "\(name): \(String(describing: declaredType))" }

    /// The declared type and the types inside it: an Optional's wrapped type, an array's
    /// element, as deep as they nest.
    public var heldTypes: [Any.Type] {
        var types: [Any.Type] = [declaredType]
        while let container = types.last as? any TypeContainer.Type {
            types.append(container.containedType)
        }
        return types
    }

    /// Whether this property is declared to hold a `T` (through Optional and arrays, a
    /// subclass counting), or holds one now (as `Any` or `AnyObject` would).
    public func mayHold<T>(_ type: T.Type) -> Bool {
        heldTypes.contains { $0 == T.self || $0 is T.Type } || value is T
    }

    /// Whether one of `heldTypes` matches: for protocols, whose conformances a generic
    /// parameter cannot test (`$0 is any P.Type`).
    public func mayHold(where matches: (Any.Type) -> Bool) -> Bool {
        heldTypes.contains(where: matches)
    }
}

/// Optional and Array, seen from their metatype: what they contain.
private protocol TypeContainer {
    static var containedType: Any.Type { get }
}

extension Optional: TypeContainer {
    fileprivate static var containedType: Any.Type { Wrapped.self }
}

extension Array: TypeContainer {
    fileprivate static var containedType: Any.Type { Element.self }
}

/// How many `unowned` references point at an object: one more once something holds
/// it `unowned`. A weak reference becomes nil when its object goes; an unowned one
/// crashes the first time it is read afterwards, so a check counts instead of reading.
public enum UnownedReferences {
    public static func count(to object: AnyObject?) -> UInt {
        object.map { _getUnownedRetainCount($0) } ?? 0
    }
}
