import Foundation

/// A failure's values as a learner reads them: `Result<Array<Item>, LoadError>`, not
/// `Swift.Result<Swift.Array<Catalog.Item>, Catalog.LoadError>`. Swift Testing names every type with its module; a list
/// of spy messages ran to forty lines of them.
struct ReadableValues {
    // NSRegularExpression: Swift's Regex has no lookbehind.
    private let qualifier: NSRegularExpression?

    /// The modules a step's values may name: Swift's, the package's (its `Sources/` folders) and the step's own.
    init(step: Step, workspace: Workspace) {
        let sources =
            (try? FileManager.default.contentsOfDirectory(atPath: workspace.root.appendingPathComponent("Sources").path))
            ?? []
        let modules =
            ["Swift", "Foundation", "FoundationEssentials", "_Concurrency", step.module, step.testTarget]
            + step.givenModules + sources.filter { $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } }
        // A module's name where a type's begins: not inside another name, and followed by one.
        let names = Set(modules).sorted { $0.count > $1.count }.joined(separator: "|")
        qualifier = try? NSRegularExpression(pattern: "(?<![A-Za-z0-9_.])(?:\(names))\\.(?=[A-Za-z_])")
    }

    /// `text` with those modules' names taken off the types they qualify, and each cast naming only the type it asks
    /// for: Swift Testing adds the type's own value, `as? (Seed → Optional<any Growing>)`, which reads as if the cast
    /// had worked.
    func readable(_ text: String) -> String {
        var text = text
        for (pattern, template) in [(qualifier, ""), (Self.castType, "as? $1")] {
            guard let pattern else { continue }
            text = pattern.stringByReplacingMatches(
                in: text, range: NSRange(text.startIndex..., in: text), withTemplate: template)
        }
        return text
    }

    /// `as? (Type → value)`, a value without parentheses (any other is left as it is).
    private static let castType = try? NSRegularExpression(pattern: "as\\? \\(([^()→]+?) → [^()]*\\)")
}
