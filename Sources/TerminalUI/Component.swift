/// Anything a screen can draw: a few lines of plain text, no wider than asked.
@MainActor
public protocol Component {
    func lines(width: Int) -> [String]
}

/// A component the person at the terminal can use, by typing its key and a value:
/// `cone Waffle Cone`, `email ada@example.com`, `done`.
@MainActor
public protocol Control: Component {
    /// The word that picks this control out in typed input.
    var key: String { get }
    /// Acts on what was typed after the key; returns why not, when it cannot.
    func use(_ input: String) -> Refusal?
}

/// Why a control did not act on what was typed, in words for the person typing.
public struct Refusal: Equatable, Sendable, CustomStringConvertible {
    public let reason: String

    public init(_ reason: String) {
        self.reason = reason
    }

    public var description: String { reason }
}

/// Lets a screen list its components the way a SwiftUI body does.
@resultBuilder
@MainActor
public enum ComponentBuilder {
    public static func buildExpression(_ component: any Component) -> [any Component] { [component] }
    public static func buildBlock(_ parts: [any Component]...) -> [any Component] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [any Component]?) -> [any Component] { part ?? [] }
    public static func buildEither(first part: [any Component]) -> [any Component] { part }
    public static func buildEither(second part: [any Component]) -> [any Component] { part }
    public static func buildArray(_ parts: [[any Component]]) -> [any Component] { parts.flatMap { $0 } }
}
