/// What the runner knows of a check beyond its code: which of the learner's files it
/// is about, and hints in levels, each more direct, the last nearly the answer.
struct CheckGuide: Sendable {
    let step: Int
    /// The check's key: `Suite/function(labels:)`.
    let key: String
    /// The learner's file the check is about, relative to the step's folder.
    let file: String
    /// Text that marks the place in that file, to point at its line.
    let symbol: String
    let hints: [String]
}
