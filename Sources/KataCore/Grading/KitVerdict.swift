import Foundation

/// Everything `kata verify` finds about a kit, counted: the audits that need no build (its layout, its manifest, its
/// catalogue of mistakes), then each step's audit of what the verification's lanes made of its starter and its
/// solution, the quick mistakes, the runner's build and the runner's own tests.
struct KitVerdict {
    var tally = Tally()
    /// The quick mistakes verify grades, and those no named check caught.
    var mistakes: [Mistake] = []
    var uncaught: [Mistake] = []
    var manifestProblems: [String] = []
    /// Each step's row of the table: its checks, starter red, solution green, hints, guide.
    var stepRows: [[String]] = []
    var results = KitVerification.Results(starters: [], solutions: [], verdicts: [:])
    /// The runner's build, as a report, when it failed: the verdict ends there.
    var runnerBuildFailure: StepReport?

    private var mistakeProblems: [MistakeProblem] = []

    var passes: Bool { tally.problems.isEmpty && runnerBuildFailure == nil }

    /// The audits of `kit` that need no build; the quick mistakes are graded when `quickMistakes`.
    init(auditing kit: Kit, quickMistakes: Bool) {
        let workspace = kit.workspace
        let layoutProblems = LayoutAudit.problems(in: kit)
        tally.record(layoutProblems, passedCount: LayoutAudit.itemCount(of: kit) - layoutProblems.count)
        do {
            manifestProblems = ManifestAudit.problems(
                recorded: try KitManifest.load(from: workspace), current: KitManifest.make(for: workspace))
        } catch {
            manifestProblems = [error.message]
        }
        tally.record(
            Array(manifestProblems.prefix(10))
                + (manifestProblems.count > 10
                    ? ["… and \(manifestProblems.count - 10) more manifest differences"] : []),
            passedCount: manifestProblems.isEmpty ? 1 : 0)
        let (all, problems) = Mistake.catalogue(in: kit)
        let diagnosisProblems = DiagnosisRecording.audit(mistakes: all, in: kit)
        tally.record(diagnosisProblems, passedCount: diagnosisProblems.isEmpty ? 1 : 0)
        mistakes = quickMistakes ? all.filter(\.fast) : []
        mistakeProblems = problems + Mistake.unknownChecks(in: mistakes, course: kit.course)
    }

    /// Counts what the verification's lanes found.
    mutating func record(_ results: KitVerification.Results, in kit: Kit) {
        self.results = results
        let workspace = kit.workspace
        for (index, step) in kit.steps.enumerated() {
            let audit = StepAudit(
                step: step, starter: results.starters[index], solution: results.solutions[index], in: kit)
            tally.record(audit.problems, passedCount: audit.passed)
            stepRows.append(audit.row)
        }
        uncaught = mistakes.filter { mistake in
            switch results.verdicts[mistake.name] {
            case .caught, .doesNotCompile: false
            default: true
            }
        }
        tally.record(
            uncaught.map {
                "mistake \($0.name) (\($0.description)) is not caught by \($0.caughtBy.joined(separator: ", "))"
            }
                + mistakeProblems.map { "mistake \($0.name): \($0.sentence)" },
            passedCount: mistakes.count - uncaught.count)

        if let build = results.runnerBuild {
            guard build.succeeded else {
                runnerBuildFailure = BuildFailure.report(
                    for: kit.steps[0], source: .exercises, build: build, workspace: workspace)
                return
            }
            // The kit builds without warnings; the runner's build is the one verify sees whole.
            let warnings = DiagnosticParser.diagnostics(in: build.output).filter { $0.severity == .warning }
            tally.record(
                warnings.prefix(5).map {
                    "the runner builds with a warning: \(workspace.relativePath($0.file)):\($0.line): \($0.message)"
                }, passedCount: warnings.isEmpty ? 1 : 0)
            if results.gradingTestCount == 0 {
                // Run and found empty: the suites verify places by name were renamed.
                let suites = KitVerification.gradingSuites.joined(separator: ", ")
                tally.record(["none of the runner's grading suites ran (\(suites))"], passedCount: 0)
            }
        }
        let ownTests = results.ownTests
        tally.record(
            ownTests.checks.filter { !$0.status.isPass }.map {
                "runner test “\($0.name)” is \($0.status.rawValue): \($0.failures.first?.message ?? "")"
            } + (ownTests.notStarted.map { ["the runner's tests could not start: \($0)"] } ?? []),
            passedCount: ownTests.checks.filter { $0.status.isPass }.count)
    }
}

/// Passed verifications and the sentences of the failed ones.
struct Tally {
    private(set) var passed = 0
    private(set) var problems: [String] = []

    mutating func record(_ problems: [String], passedCount: Int) {
        passed += max(passedCount, 0)
        // One line each: a failure message can carry a whole captured output.
        self.problems += problems.map { problem in
            let line = problem.prefix { $0 != "\n" }
            return line.count > 200 ? line.prefix(200) + "…" : String(line)
        }
    }
}
