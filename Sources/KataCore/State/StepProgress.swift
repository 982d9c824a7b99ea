/// Where the learner is with a step, from its latest kept result.
enum StepProgress: Equatable {
    case notStarted
    /// The learner's files differ from the starter, and no check has run on the step yet.
    case edited
    /// The step's folder is gone (deleted, or a file stands in its place): `kata reset` puts its starter back.
    case missing
    case doesNotBuild(stale: Bool)
    case partly(passing: Int, of: Int, stale: Bool)
    case done(stale: Bool)

    /// The first step not done, or the last when all are: the step in hand before the learner has checked any.
    static func firstUnfinished(in store: ResultStore) -> Step {
        let steps = store.kit.steps
        let manifest = try? KitManifest.load(from: store.kit.workspace)
        return steps.first { !of($0, in: store, manifest: manifest).isDone } ?? steps[steps.count - 1]
    }

    /// `manifest` says what each starter holds (read from the kit when not given): a step whose files are still its
    /// starter is not started, whatever an earlier check of those files said.
    static func of(_ step: Step, in store: ResultStore, manifest: KitManifest? = nil) -> StepProgress {
        let holdsStarter = {
            guard let manifest = manifest ?? (try? KitManifest.load(from: store.kit.workspace)) else { return false }
            let starter = manifest.starterFiles(of: step)
            return !starter.isEmpty
                && (try? StepFolder.isStarter(at: store.kit.workspace.folder(of: step), starter)) == true
        }
        guard StepFolder.problem(store.kit.workspace.folder(of: step)) == nil else { return .missing }
        guard let entry = store.latest(for: step) else { return holdsStarter() ? .notStarted : .edited }
        let stale = store.isStale(entry, for: step)
        let report = entry.report
        switch report.status {
        case .passed: return .done(stale: stale)
        case .buildFailed, .couldNotRun: return holdsStarter() ? .notStarted : .doesNotBuild(stale: stale)
        case .failed:
            return holdsStarter()
                ? .notStarted : .partly(passing: report.passedCount, of: report.checks.count, stale: stale)
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
        case .edited: return "edited, not checked yet"
        case .missing: return style.fail("folder missing")
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
        case .edited: "◐"
        case .missing: "✘"
        case .doesNotBuild: "✘"
        case .partly: "◐"
        case .done(let stale): stale ? "◐" : "✔"
        }
    }

    private func staleNote(_ stale: Bool, _ style: Style) -> String {
        stale ? style.warn(" (files changed since)") : ""
    }
}
