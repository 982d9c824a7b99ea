/// What the runner knows of a check beyond its code: which of the learner's files it
/// is about, and hints in levels, each more direct, the last nearly the answer.
public struct CheckGuide: Sendable {
    public let step: Int
    /// The check's key: `CreateIceCreamViewTests/fetchSendsOneRequest()`.
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

/// Every check's guide, one catalog for all steps (see Hints+ScoopsAndScones.swift and
/// Hints+Login.swift). `kata verify` proves each check has one.
public enum HintCatalog {
    public static let all: [CheckGuide] = scoopsAndScones + login

    public static func guide(step: Int, key: String) -> CheckGuide? {
        all.first { $0.step == step && $0.key == key }
    }
}
