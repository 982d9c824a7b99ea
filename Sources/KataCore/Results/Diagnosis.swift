import Foundation

/// The likely misconception behind a step's failures: the one whose catalogued mistakes failed
/// most like these did.
struct Diagnosis: Codable, Sendable, Equatable {
    /// The misconception's id: `07-errors-dropped`.
    let misconception: String
    /// What the learner probably did, in a sentence: never the answer.
    let sentence: String
    /// From 0 to 1: how much nearer the named misconception's mistakes failed alike than any other's.
    let confidence: Double
}
