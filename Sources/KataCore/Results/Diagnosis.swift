import Foundation

/// The likely misconception behind a step's failures: the one whose catalogued mistakes failed
/// most like these did.
struct Diagnosis: Codable, Sendable, Equatable {
    /// The misconception's id: `07-errors-dropped`.
    let misconception: String
    /// What the learner probably did, in a sentence: never the answer.
    let sentence: String
    /// From 0 to 1: how alike the nearest catalogued mistake of that misconception failed (see `Diagnoser` for
    /// when that is sure enough to name it).
    let confidence: Double
    /// The file of the step's folder that most of that misconception's catalogued mistakes change (`Scene/Presenter.swift`):
    /// where to look, rather than the file the failing check is about.
    var file: String? = nil
}
