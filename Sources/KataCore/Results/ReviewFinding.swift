/// Something in the learner's code a VIP scene never needs and a forged grade would (read the process's arguments,
/// write files, end the process, reach into memory), a declaration that changes what the checks mean, or a run that
/// does not add up. Learner code runs inside the test process, so the grade cannot stop it; it can point at it. A step
/// with a finding is still graded, and marked for an instructor to review.
struct ReviewFinding: Codable, Equatable, Sendable {
    /// Where, relative to the workspace: `Exercises/NN-Name/Scene/View.swift`.
    let file: String
    let line: Int
    /// What was used or declared: `Foundation.FileHandle.init`, `operator ==`, `import Glibc`, or a run's anomaly.
    let api: String
    /// Why an instructor should look.
    let reason: String

    var sentence: String {
        line > 0
            ? "\(file.shownSafely):\(line) uses \(api.shownSafely): \(reason)." : "\(file.shownSafely): \(reason)."
    }
}
