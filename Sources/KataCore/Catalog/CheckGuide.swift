/// What the runner knows of a check beyond its code: which of the learner's files it
/// is about, and hints in levels, each more direct, the last nearly the answer.
public struct CheckGuide: Sendable {
    public let step: Int
    /// The check's key: `Suite/function(labels:)`.
    public let key: String
    /// The learner's file the check is about, relative to the step's folder.
    public let file: String
    /// Text that marks the place in that file, to point at its line.
    public let symbol: String
    public let hints: [String]

    public init(step: Int, key: String, file: String, symbol: String, hints: [String]) {
        self.step = step
        self.key = key
        self.file = file
        self.symbol = symbol
        self.hints = hints
    }
}

/// Every check's guide, from the annotations beside each check in its test file (see
/// `CheckAnnotations`). `kata verify` proves each check has one.
public enum HintCatalog {
    public static func guide(step: Int, key: String) -> CheckGuide? {
        Course.current.guide(step: step, key: key)
    }
}
