import Foundation

/// A copy of the kit, as it ships (its starters in Exercises/), where `kata verify` grades
/// every starter as a learner's work is graded, proves every solution passes, and runs the
/// catalogue of plausible mistakes, each a patch of a solution. Never the author's tree.
///
/// Verify makes two, whose lanes `KitVerification` draws; `kata mistakes` uses the solutions'.
/// A copy's `.build` holds both sources' builds, so within a copy the given code is compiled once.
///
/// The kit's own solutions and mistakes are trusted code: all steps are built and run
/// together (one build, one process) rather than one by one as a learner's grade is,
/// falling back to one step at a time when a mistake stops a step compiling.
struct KitCopy: Sendable {
    let folder: URL
    /// The kit's files as the copy holds them: its own, and its starters in Exercises/.
    let kitFiles: [String: Data]
    let timeLimit: Duration
    let toolchain: Toolchain
    /// The copy, with its course read from the files it holds.
    let kit: Kit

    var workspace: Workspace { kit.workspace }

    /// The copies verify and `kata mistakes` make, each its own folder (`KATA_GRADE_FOLDER`,
    /// when it chooses one, is the solutions' copy; the starters' is beside it).
    enum Purpose: String, Sendable {
        case starters
        case solutions
    }

    init(
        of kit: Workspace, environment: [String: String], timeLimit: Duration, purpose: Purpose = .solutions
    ) throws(CommandFailure) {
        let location = KitLocation.folder(kit.root)
        self.timeLimit = timeLimit
        toolchain = Toolchain(environment: environment)
        var environment = environment
        if purpose == .starters, let chosen = environment["KATA_GRADE_FOLDER"], !chosen.isEmpty {
            environment["KATA_GRADE_FOLDER"] = chosen + "-starters"
        }
        if let chosen = environment["KATA_GRADE_FOLDER"], !chosen.isEmpty {
            folder = PristineCopy.folder(for: location, environment: environment, purpose: purpose.rawValue)
            try GradingFolder.requireSafe(folder, learner: kit, kit: location)
        } else {
            // Inside the kit, in a build folder git ignores: a clone thrown away takes its copies with it.
            folder = Self.folder(in: kit, purpose: purpose)
            try GradingFolder.mark(folder)
        }
        var files = try PristineCopy.read(location).0
        for starter in try KitManifest.load(from: kit).starters {
            files[starter.path] = Data(starter.text.utf8)
        }
        kitFiles = files
        self.kit = Kit(
            workspace: Workspace(root: folder),
            course: try Course.load(root: folder) { path in files[path].map(Array.init) ?? [] })
    }

    /// Where verify and `kata mistakes` keep a copy of `kit`: `.build-verify/<purpose>` in the kit.
    static func folder(in kit: Workspace, purpose: Purpose) -> URL {
        copiesFolder(in: kit).appendingPathComponent(purpose.rawValue, isDirectory: true)
    }

    static func copiesFolder(in kit: Workspace) -> URL {
        kit.root.appendingPathComponent(folderName, isDirectory: true)
    }

    /// Ignored by git (`.build-*`), so copies never show as changes to the kit.
    static let folderName = ".build-verify"

    /// What became of one mistake.
    enum Verdict: Equatable, Sendable {
        case caught(by: [String])
        case caughtElsewhere(by: [String])
        case survived
        case doesNotCompile
        case notApplied(String)
        case notJudged(String)
        /// A correct answer (`Passes: yes`) that passes every check, as it must.
        case holds
        /// A correct answer that some checks reject.
        case rejected(by: [String])
    }

    /// Every step's starter checked and reviewed. `asAGrade`: graded as a learner's work is, each step built alone
    /// and run in its own process (the products kept are the ones the runner's grading tests then reuse);
    /// otherwise as the kit's own code, all steps in one build and one run (nine builds' planning and linking
    /// saved: make test, whose end-to-end suites grade as a learner is graded).
    func gradeStarters(asAGrade: Bool, progress: (String) -> Void) throws(CommandFailure) -> [GradingRun.Outcome] {
        try sync(kitFiles)
        guard asAGrade else { return check(kit.steps, source: .exercises, reviewed: true, progress: progress) }
        return GradingRun(kit: kit, toolchain: toolchain, source: .exercises, timeLimit: timeLimit).run(
            progress: progress
        ).outcomes
    }

    /// Every step's solution checked, all steps in one build and one run.
    func gradeSolutions(steps: [Step]? = nil, progress: (String) -> Void) throws(CommandFailure)
        -> [GradingRun.Outcome]
    {
        try sync(kitFiles)
        return check(steps ?? kit.steps, reviewed: true, progress: progress)
    }

    /// The steps checked in one build; their code reviewed too when `reviewed` (the starters, the reference
    /// solutions and correct answers must have no finding).
    private func check(
        _ steps: [Step], source: Source = .solutions, reviewed: Bool = false, progress: (String) -> Void
    ) -> [GradingRun.Outcome] {
        progress("building and running \(steps.count == 1 ? "step \(steps[0].number)" : "\(steps.count) steps")…")
        // Built where the starters were (a kit's copy shares one build folder): the given code is compiled once.
        let reports = StepChecker(kit: kit, toolchain: toolchain, source: source, timeLimit: timeLimit).checkAll(steps)
        return GradingRun.outcomes(
            of: reports, in: kit, reviewFrom: reviewed ? workspace.scratchFolder(for: source) : nil)
    }

    /// Each mistake graded, at most one per step at a time and all steps together. Steps
    /// whose solution fails (from `solutions`, when given) judge no mistake.
    /// `keep` receives each mistake's step report as graded (the diagnosis learns its failures).
    func gradeMistakes(
        _ mistakes: [Mistake], solutions: [GradingRun.Outcome], keep: ((Mistake, StepReport) -> Void)? = nil,
        progress: (String) -> Void
    ) throws(CommandFailure) -> [String: Verdict] {
        // A lesson of suites' correct variants, read once: an over-specified suite is judged by the one it fails on.
        let variants = Dictionary(
            uniqueKeysWithValues: Set(mistakes.map(\.step)).map {
                ($0, SuiteVariant.all(of: kit.steps[$0 - 1], in: workspace))
            })
        let changes = mistakes.map { mistake in
            Change(name: mistake.name, step: mistake.step, files: patched(mistake), reviewed: mistake.passes) {
                outcome in
                keep?(mistake, outcome.report)
                return Self.verdict(of: outcome, for: mistake, variants: variants[mistake.step] ?? [])
            }
        }
        return try grade(changes, solutions: solutions, progress: progress)
    }

    /// Each mechanical mutant graded as a mistake that any check of its step may catch.
    func gradeMutants(
        _ mutants: [Mutant], solutions: [GradingRun.Outcome], progress: (String) -> Void
    ) throws(CommandFailure) -> [String: Verdict] {
        let changes = mutants.map { mutant in
            let step = kit.steps[mutant.step - 1]
            guard step.kind == .checks else {
                // A mutant of a given scene: built from Sources/, without the copy that has the mistakes
                // built in, and caught when the suites fail on it (they pass on the clean scene).
                let copy = SuiteMistake.builtInCopy(of: step, in: workspace).map { "Tests/\(step.testTarget)/\($0)/" }
                return Change(
                    name: mutant.id, step: mutant.step, files: [mutant.path: Data(mutant.text.utf8)],
                    removing: copy
                ) { outcome in
                    if outcome.report.status == .buildFailed { return .doesNotCompile }
                    // Without the mistakes built in, the hunt only runs the suites on the scene; what
                    // it says of that run tells whether a test failed or stopped there.
                    let said = outcome.report.checks.first?.failures.first?.message ?? ""
                    return MistakeHunt.suitesFailedOnTheScene(said) ? .caught(by: []) : .survived
                }
            }
            return Change(name: mutant.id, step: mutant.step, files: [mutant.path: Data(mutant.text.utf8)]) { outcome in
                let report = outcome.report
                return switch report.status {
                case .buildFailed: .doesNotCompile
                case .couldNotRun: .notJudged(report.problem ?? "its checks could not run")
                case .passed: .survived
                case .failed: .caught(by: report.checks.filter { !$0.status.isPass }.map(\.key))
                }
            }
        }
        return try grade(changes, solutions: solutions, progress: progress)
    }

    /// A change of the solutions to grade: its files, changed (nil when it cannot be made), and
    /// how its step's report is judged.
    struct Change {
        let name: String
        let step: Int
        let files: [String: Data]?
        /// Whether its code is reviewed too: a correct answer must have no finding.
        var reviewed = false
        /// Files of the kit left out while it is graded, by the folder they are in.
        var removing: String?
        let judge: (GradingRun.Outcome) -> Verdict
    }

    /// Each change graded, at most one per step at a time and all steps together.
    private func grade(
        _ changes: [Change], solutions: [GradingRun.Outcome], progress: (String) -> Void
    ) throws(CommandFailure) -> [String: Verdict] {
        let failingSolutions = Set(solutions.filter { $0.report.status != .passed }.map(\.report.step.number))
        var verdicts: [String: Verdict] = [:]
        let byStep = Dictionary(grouping: changes, by: \.step)
        let rounds = byStep.values.map(\.count).max() ?? 0
        for round in 0..<rounds {
            var files = kitFiles
            var graded: [Int: Change] = [:]
            for (step, list) in byStep where round < list.count {
                let change = list[round]
                if failingSolutions.contains(step) {
                    verdicts[change.name] = .notJudged("the step's solution itself fails a check")
                } else if let changed = change.files {
                    if let removing = change.removing {
                        files = files.filter { !$0.key.hasPrefix(removing) }
                    }
                    files.merge(changed) { _, new in new }
                    graded[step] = change
                } else {
                    verdicts[change.name] = .notApplied("its diff no longer applies to the solution")
                }
            }
            guard !graded.isEmpty else { continue }
            try sync(files)
            let steps = graded.keys.sorted().map { kit.steps[$0 - 1] }
            let reviewed = graded.values.contains(where: \.reviewed)
            for outcome in check(
                steps, reviewed: reviewed, progress: { progress("round \(round + 1) of \(rounds): " + $0) })
            {
                guard let change = graded[outcome.report.step.number] else { continue }
                verdicts[change.name] = change.judge(outcome)
            }
        }
        // The copy goes back to the kit as it ships, for whoever uses it next.
        try sync(kitFiles)
        return verdicts
    }

    /// The mistake's files, patched, by path (they are solutions' files); nil when a hunk does not apply.
    func patched(_ mistake: Mistake) -> [String: Data]? {
        var patched: [String: Data] = [:]
        for file in mistake.patch.files {
            // A new file (a spy of its own, say) starts from nothing; any other must be the kit's.
            guard let original = kitFiles[file.path] ?? (file.isNew ? Data() : nil),
                let text = UnifiedPatch.apply(file, to: String(decoding: original, as: UTF8.self))
            else { return nil }
            patched[file.path] = Data(text.utf8)
        }
        return patched
    }

    static func verdict(of outcome: GradingRun.Outcome, for mistake: Mistake, variants: [SuiteVariant] = []) -> Verdict
    {
        let report = outcome.report
        if let id = mistake.overSpecifies {
            // Caught when nothing counts because of a correct variant, and the learner is told which freedom.
            guard report.status == .failed, let reason = report.checks.first?.failures.first,
                reason.message.hasPrefix(MistakeHunt.failingPrefix)
            else { return report.status == .buildFailed ? .doesNotCompile : .survived }
            let named = variants.filter { variant in
                reason.message.contains("(\(variant.differs))")
                    && reason.details.contains(variant.freedomLine)
            }.map(\.id)
            return named == [id]
                ? .caught(by: named) : .caughtElsewhere(by: named.isEmpty ? ["the scene itself"] : named)
        }
        if mistake.passes {
            if let finding = outcome.review.first {
                return .notJudged("it is meant to be a correct answer, and the review finds in it: \(finding.sentence)")
            }
            switch report.status {
            case .passed: return .holds
            case .failed: return .rejected(by: report.checks.filter { !$0.status.isPass }.map(\.key))
            case .buildFailed: return .notJudged("it is meant to be a correct answer, and it does not compile")
            case .couldNotRun: return .notJudged(report.problem ?? "its checks could not run")
            }
        }
        switch report.status {
        case .buildFailed: return .doesNotCompile
        case .couldNotRun: return .notJudged(report.problem ?? "its checks could not run")
        case .passed: return .survived
        case .failed:
            let failing = report.checks.filter { !$0.status.isPass }.map(\.key)
            // A blind mistake that names no check yet is caught by any.
            let named = mistake.caughtBy.isEmpty ? failing : failing.filter { mistake.caughtBy.contains($0) }
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
