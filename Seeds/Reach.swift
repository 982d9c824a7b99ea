/// What a part of a scene can reach through what it stores, at any depth: its properties, and
/// what optionals, collections, tuples, enums, structs, boxes and `Any`s inside them hold.
///
/// Architecture rules read this rather than the declared types alone: a view kept as
/// `AnyObject`, inside an array of parts, or in a helper object is still a way to the view. A
/// walk stops at the objects a check says are other parts of the scene (they are listed, not
/// entered: the presenter's view is the presenter's business), and visits each object once.
public struct Holding: CustomStringConvertible {
    /// How the part reaches it: `presenter`, `extras[0]`, `box.view`.
    public let path: String
    /// The type it is stored as: `Optional<AnyObject>`, `Array<Any>`.
    public let declaredType: Any.Type
    /// What it holds now, unwrapped from any Optional; nil when nothing.
    public let value: Any?

    public var description: String { "\(path): \(String(describing: declaredType))" }

    /// The declared type and the types inside it: an Optional's, an array's or a set's element,
    /// a dictionary's value, as deep as they nest.
    public var heldTypes: [Any.Type] {
        var types: [Any.Type] = [declaredType]
        while let container = types.last as? any HoldsOneType.Type {
            types.append(container.heldType)
        }
        return types
    }

    /// Whether it is, or is declared to hold, a value `matches` accepts: by declared type (so a
    /// nil one counts) or by what it holds now.
    public func mayBe(_ matches: (Any.Type) -> Bool) -> Bool {
        heldTypes.contains(where: matches) || value.map { matches(type(of: $0)) } == true
    }

    /// Declared as `Any` or `AnyObject` (optional or in a collection): a place that can hold any
    /// part of the scene, so rules that forbid a part treat it as one.
    public var isOpen: Bool {
        heldTypes.contains { $0 == Any.self || $0 == AnyObject.self || $0 == (any Sendable).self }
    }

    /// A stored closure: it may capture any part of the scene, and no walk can see inside it.
    public var isClosure: Bool {
        heldTypes.contains { String(describing: $0).contains("->") }
    }
}

public enum Reach {
    /// Everything `subject` holds, at any depth, each with its path. Objects inside it are
    /// entered when they are of a type of `subject`'s own module (a helper of the learner's,
    /// not a `Bundle`, whose insides are the system's) and `enters` says so, and never twice;
    /// `subject` itself is always entered.
    public static func holdings(of subject: AnyObject, entering enters: (AnyObject) -> Bool) -> [Holding] {
        let module = moduleName(of: subject)
        return withoutActuallyEscaping(enters) { enters in
            var walk = Walk(enters: { moduleName(of: $0) == module && enters($0) })
            walk.visited.insert(ObjectIdentifier(subject))
            walk.properties(of: subject, path: "")
            return walk.found
        }
    }

    /// The module that declares the object's class: `Step03Interactor`.
    public static func moduleName(of object: AnyObject) -> Substring {
        String(reflecting: type(of: object)).prefix { $0 != "." }
    }

    /// The closures `subject` stores (directly or inside what it holds), by path.
    public static func closures(in subject: AnyObject, entering enters: (AnyObject) -> Bool) -> [String] {
        holdings(of: subject, entering: enters).filter(\.isClosure).map(\.description)
    }

    private struct Walk {
        let enters: (AnyObject) -> Bool
        var visited: Set<ObjectIdentifier> = []
        var found: [Holding] = []

        mutating func properties(of subject: Any, path: String, depth: Int = 0) {
            var mirror: Mirror? = Mirror(reflecting: subject)
            while let current = mirror {
                for (index, child) in current.children.enumerated() {
                    let name = child.label ?? "\(index)"
                    let childPath = path.isEmpty ? name : "\(path).\(name)"
                    value(child.value, path: childPath, depth: depth)
                }
                mirror = current.superclassMirror
            }
        }

        mutating func value(_ value: Any, path: String, depth: Int) {
            let unwrapped = Self.unwrap(value)
            found.append(Holding(path: path, declaredType: type(of: value), value: unwrapped))
            guard let unwrapped, depth < 8 else { return }
            let mirror = Mirror(reflecting: unwrapped)
            switch mirror.displayStyle {
            case .class?:
                let object = unwrapped as AnyObject
                guard !visited.contains(ObjectIdentifier(object)), enters(object) else { return }
                visited.insert(ObjectIdentifier(object))
                properties(of: unwrapped, path: path, depth: depth + 1)
            case .collection?, .set?, .dictionary?, .tuple?, .struct?, .enum?:
                for (index, child) in mirror.children.enumerated() {
                    let step =
                        mirror.displayStyle == .struct || mirror.displayStyle == .enum
                        ? ".\(child.label ?? "\(index)")" : "[\(index)]"
                    self.value(child.value, path: path + step, depth: depth + 1)
                }
            default:
                return
            }
        }

        /// The value inside any number of Optionals; nil when one of them is empty.
        static func unwrap(_ value: Any) -> Any? {
            var current = value
            while Mirror(reflecting: current).displayStyle == .optional {
                guard let some = Mirror(reflecting: current).children.first?.value else { return nil }
                current = some
            }
            return current
        }
    }
}

/// Optional, Array, Set and Dictionary, seen from their metatype: what they hold.
public protocol HoldsOneType {
    static var heldType: Any.Type { get }
}

extension Optional: HoldsOneType {
    public static var heldType: Any.Type { Wrapped.self }
}

extension Array: HoldsOneType {
    public static var heldType: Any.Type { Element.self }
}

extension Set: HoldsOneType {
    public static var heldType: Any.Type { Element.self }
}

extension Dictionary: HoldsOneType {
    public static var heldType: Any.Type { Value.self }
}

/// Puts `value` (a spy, say) in the property at `path` when that property can be set and its
/// declared type can hold it; false otherwise. A check that needs a spy in a part learners
/// declare themselves installs it this way, so that a part declared with a concrete type still
/// compiles with the checks, and the check that needs the spy says why it cannot run.
public func install<Root: AnyObject, Value>(_ value: Any, at path: KeyPath<Root, Value>, in root: Root) -> Bool {
    guard let writable = path as? ReferenceWritableKeyPath<Root, Value>, let value = value as? Value else {
        return false
    }
    root[keyPath: writable] = value
    return true
}
