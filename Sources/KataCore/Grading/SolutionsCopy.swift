import Foundation

/// A grading copy of the kit whose learner files are the reference solutions: where
/// `kata verify` proves every solution passes, and where the catalogue of plausible
/// mistakes is run, each mistake a patch of a solution. It is never the author's tree.
struct SolutionsCopy {
    let kit: Workspace
    let folder: URL
    let kitFiles: [String: Data]
    let timeLimit: Duration

    var workspace: Workspace { Workspace(root: folder) }

    init(kit: Workspace, environment: [String: String], timeLimit: Duration) throws(CommandFailure) {
        let source = KitSource.folder(kit.root)
        self.kit = kit
        self.timeLimit = timeLimit
        folder = PristineCopy.folder(for: source, environment: environment, purpose: "solutions")
        try GradingFolder.check(folder, learner: kit, kit: source)
        kitFiles = try PristineCopy.read(source).0
    }

    /// What became of one mistake.
    enum Verdict: Equatable {
        case caught(by: [String])
        case caughtElsewhere(by: [String])
        case survived
        case doesNotCompile
        case notApplied(String)
        case notJudged(String)
    }

    /// The solutions as the learner's files: Solutions/NN-X/… at Exercises/NN-X/….
    var solvedExercises: [String: Data] {
        var files: [String: Data] = [:]
        for (path, data) in kitFiles where path.hasPrefix("Solutions/") {
            files["Exercises/" + path.dropFirst("Solutions/".count)] = data
        }
        return files
    }

    /// Every step's solution graded as a learner's work is.
    func gradeSolutions(steps: [Step] = StepCatalog.all, progress: (String) -> Void) throws(CommandFailure)
        -> [GradingRun.Outcome]
    {
        try sync(kitFiles.merging(solvedExercises) { _, exercise in exercise })
        return GradingRun(workspace: workspace, source: .exercises, timeLimit: timeLimit, steps: steps).run(
            progress: progress)
    }

    /// Each mistake graded, at most one per step at a time and all steps together. Steps
    /// whose solution fails (from `solutions`, when given) judge no mistake.
    func gradeMistakes(
        _ mistakes: [Mistake], solutions: [GradingRun.Outcome], progress: (String) -> Void
    ) throws(CommandFailure) -> [String: Verdict] {
        let failingSolutions = Set(solutions.filter { $0.report.status != .passed }.map(\.report.step))
        var verdicts: [String: Verdict] = [:]
        let byStep = Dictionary(grouping: mistakes, by: \.step)
        let rounds = byStep.values.map(\.count).max() ?? 0
        for round in 0..<rounds {
            var files = kitFiles.merging(solvedExercises) { _, exercise in exercise }
            var graded: [Int: Mistake] = [:]
            for (step, list) in byStep where round < list.count {
                let mistake = list[round]
                if failingSolutions.contains(step) {
                    verdicts[mistake.name] = .notJudged("the step's solution itself fails a check")
                } else if let patched = patched(mistake) {
                    files.merge(patched) { _, new in new }
                    graded[step] = mistake
                } else {
                    verdicts[mistake.name] = .notApplied("its diff no longer applies to the solution")
                }
            }
            guard !graded.isEmpty else { continue }
            try sync(files)
            let steps = graded.keys.sorted().map { StepCatalog.all[$0 - 1] }
            let outcomes = GradingRun(workspace: workspace, source: .exercises, timeLimit: timeLimit, steps: steps)
                .run { progress("round \(round + 1) of \(rounds): " + $0) }
            for outcome in outcomes {
                guard let mistake = graded[outcome.report.step] else { continue }
                verdicts[mistake.name] = Self.verdict(of: outcome.report, for: mistake)
            }
        }
        return verdicts
    }

    /// The mistake's files, patched, at their Exercises/ paths; nil when a hunk does not apply.
    func patched(_ mistake: Mistake) -> [String: Data]? {
        var patched: [String: Data] = [:]
        for file in mistake.patch.files {
            guard let original = kitFiles[file.path],
                let text = UnifiedPatch.apply(file, to: String(decoding: original, as: UTF8.self))
            else { return nil }
            patched["Exercises/" + file.path.dropFirst("Solutions/".count)] = Data(text.utf8)
        }
        return patched
    }

    static func verdict(of report: StepReport, for mistake: Mistake) -> Verdict {
        switch report.status {
        case .buildFailed: return .doesNotCompile
        case .couldNotRun: return .notJudged(report.problem ?? "its checks could not run")
        case .passed: return .survived
        case .failed:
            let failing = report.checks.filter { !$0.status.isPass }.map(\.key)
            let named = failing.filter { mistake.caughtBy.contains($0) }
            return named.isEmpty ? .caughtElsewhere(by: failing) : .caught(by: named)
        }
    }

    private func sync(_ files: [String: Data]) throws(CommandFailure) {
        do {
            try PristineCopy.sync(files, into: folder)
        } catch {
            throw CommandFailure(
                "kata: could not write the grading copy \(folder.path): \(error.localizedDescription)",
                status: .unavailable)
        }
    }
}
