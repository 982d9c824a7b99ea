/// Where the learner is with a step, from its latest kept result.
enum StepProgress: Equatable {
    case notStarted
    case doesNotBuild(stale: Bool)
    case partly(passing: Int, of: Int, stale: Bool)
    case done(stale: Bool)

    /// The first step not done, or the last when all are: the step in hand before the learner has checked any.
    static func firstUnfinished(in store: ResultStore) -> Step {
        let steps = store.kit.steps
        return steps.first { !of($0, in: store).isDone } ?? steps[steps.count - 1]
    }

    static func of(_ step: Step, in store: ResultStore) -> StepProgress {
        guard let entry = store.latest(for: step) else { return .notStarted }
        let stale = store.isStale(entry, for: step)
        let report = entry.report
        switch report.status {
        case .passed: return .done(stale: stale)
        case .buildFailed, .couldNotRun: return .doesNotBuild(stale: stale)
        case .failed: return .partly(passing: report.passedCount, of: report.checks.count, stale: stale)
        }
    }

    var isDone: Bool {
        if case .done(stale: false) = self { return true }
        return false
    }

    /// `3 of 7 checks pass`; `counting` names what a lesson of suites counts (`mistakes caught`).
    func describe(_ style: Style, counting: String = "checks pass") -> String {
        switch self {
        case .notStarted: return style.dim("not started")
        case .doesNotBuild(let stale): return style.fail("does not build") + staleNote(stale, style)
        case .partly(let passing, let total, let stale):
            return "\(passing) of \(total) \(counting)" + staleNote(stale, style)
        // Done no longer, until checked again: not counted as done, so not called done either.
        case .done(stale: true): return "passed" + style.warn(" before your files changed: check it again")
        case .done(stale: false): return style.pass("done")
        }
    }

    var symbol: String {
        switch self {
        case .notStarted: "·"
        case .doesNotBuild: "✘"
        case .partly: "◐"
        case .done(let stale): stale ? "◐" : "✔"
        }
    }

    private func staleNote(_ stale: Bool, _ style: Style) -> String {
        stale ? style.warn(" (files changed since)") : ""
    }
}
