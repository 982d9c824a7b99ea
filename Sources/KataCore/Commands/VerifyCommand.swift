import Foundation

/// `kata verify`: proves the kit keeps its promises. Every starter compiles and fails
/// every check of its step; every solution passes them all; every check has hints and
/// every step a guide that lists its checks; the layout is complete; the runner's own
/// tests pass.
struct VerifyCommand: WorkspaceCommand {
    static let spec = CommandSpec(
        name: "verify",
        usage: ["kata verify [--steps-only] [--time-limit SECONDS]"],
        summary: "Check the kit itself: starters red, solutions green, hints, guides, layout",
        details: """
            For authors and the kit's CI (make test runs it). Builds the Exercises and the
            Solutions of every step, runs all checks on both, runs the runner's own tests, and
            ends with the line `N passed, N failed`. Exit status 0 only when nothing failed.
            """,
        options: [
            .init("--steps-only", help: "leave out the runner's own tests (quicker, while editing lessons)"),
            .init("--time-limit", value: "SECONDS", help: "time limit for each run of checks"),
        ]
    )

    let timeLimit: Duration?
    let stepsOnly: Bool

    let kit: Kit

    init(_ arguments: ParsedArguments, in kit: Kit) throws(UsageError) {
        self.kit = kit
        timeLimit = try arguments.values["--time-limit"].map { word throws(UsageError) in try TimeLimit.parse(word) }
        stepsOnly = arguments.has("--steps-only")
    }

    func run(in context: Context) throws(CommandFailure) -> ExitStatus {
        let workspace = kit.workspace
        guard workspace.hasSolutions else {
            throw CommandFailure(
                "kata verify checks the whole kit, reference solutions included, and this workspace has no "
                    + "Solutions/ (it is a class's copy). To check your work: kata check --all.", status: .noInput)
        }
        let limit = try TimeLimit.resolve(timeLimit, environment: context.environment)
        var tally = Tally()
        let style = context.style

        context.write(style.bold("Verifying the kit") + "\n\n")
        let layoutProblems = LayoutAudit.problems(in: kit)
        tally.record(layoutProblems, passedCount: LayoutAudit.itemCount(of: kit) - layoutProblems.count)
        let manifestProblems: [String]
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

        var (mistakes, mistakeProblems) = Mistake.catalogue(in: kit)
        mistakes = mistakes.filter(\.fast)
        mistakeProblems += MistakesCommand.unknownChecks(in: mistakes, course: kit.course)

        // The starters graded as a learner's work is, the solutions and the quick mistakes as
        // trusted code, and the runner's own tests: side by side, in two copies of the kit.
        let verification = KitVerification(
            kit: kit, environment: context.environment, timeLimit: limit, mistakes: mistakes,
            runnerTests: !stepsOnly)
        let board = ProgressBoard()
        let running = Background { Result { () throws(CommandFailure) in try verification.run(progress: board) } }
        while !running.isFinished {
            // One line, never wrapped: a wrapped line could not be redrawn in place.
            context.progress(String(board.line.prefix(max(20, context.terminal.width - 1))))
            Thread.sleep(forTimeInterval: 0.25)
        }
        context.clearProgress()
        let results = try running.value.get()

        var rows = [style.bold(Self.row(["Step", "Checks", "Starter red", "Solution green", "Hints", "Guide"]))]
        for (index, step) in kit.steps.enumerated() {
            let audit = StepAudit(
                step: step, starter: results.starters[index], solution: results.solutions[index], in: kit)
            tally.record(audit.problems, passedCount: audit.passed)
            rows.append(Self.row(audit.row))
        }
        let uncaught = mistakes.filter { mistake in
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
                let report = BuildFailure.report(
                    for: kit.steps[0], source: .exercises, build: build, workspace: workspace)
                let errors = report.diagnostics.prefix(5).map {
                    "  \(workspace.relativePath($0.file)):\($0.line): \($0.message)"
                }
                context.write(
                    ([style.fail("The runner does not build:")] + errors + [report.problem ?? ""])
                        .joined(separator: "\n") + "\n\n\(tally.passed) passed, \(tally.problems.count + 1) failed\n")
                return .failure
            }
            // The kit builds without warnings; the runner's build is the one verify sees whole.
            let warnings = DiagnosticParser.diagnostics(in: build.output).filter { $0.severity == .warning }
            tally.record(
                warnings.prefix(5).map {
                    "the runner builds with a warning: \(workspace.relativePath($0.file)):\($0.line): \($0.message)"
                }, passedCount: warnings.isEmpty ? 1 : 0)
            if results.gradingTestCount == 0 {
                let suites = KitVerification.gradingSuites.joined(separator: ", ")
                tally.record(["none of the runner's grading suites ran (\(suites))"], passedCount: 0)
            }
        }
        let ownTests = results.ownTests
        let ownPassed = ownTests.checks.filter { $0.status.isPass }
        tally.record(
            ownTests.checks.filter { !$0.status.isPass }.map {
                "runner test “\($0.name)” is \($0.status.rawValue): \($0.failures.first?.message ?? "")"
            } + (ownTests.notStarted.map { ["the runner's tests could not start: \($0)"] } ?? []),
            passedCount: ownPassed.count)

        var lines = rows
        lines += [
            "",
            "Mistakes (the quick ones): \(mistakes.count - uncaught.count)/\(mistakes.count) caught; all of them: make mistakes",
        ]
        lines += [
            "",
            "Runner's own tests: "
                + (stepsOnly ? "left out (--steps-only)" : "\(ownPassed.count)/\(ownTests.checks.count) pass"),
        ]
        lines += ["", "Manifest: " + (manifestProblems.isEmpty ? "current" : "not current (kata manifest --write)")]
        lines += [
            "",
            "Time: "
                + results.times.map { "\($0.part.rawValue) \(Int($0.time.components.seconds)) s" }.joined(
                    separator: ", "),
        ]
        lines += [
            "",
            style.bold("From each solution to the next starter")
                + style.dim(" (the new lesson's scaffolding; look for anything else):"),
        ]
        lines += SnapshotDrift.summary(in: kit).map { "  " + $0 }
        if !tally.problems.isEmpty {
            lines += ["", style.fail("Problems:")] + tally.problems.map { "  - " + $0 }
        }
        lines += ["", "\(tally.passed) passed, \(tally.problems.count) failed"]
        context.write(lines.joined(separator: "\n") + "\n")
        return tally.problems.isEmpty ? .success : .failure
    }

    static func row(_ cells: [String]) -> String {
        let widths = [17, 8, 13, 16, 8, 10]
        return zip(cells, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined()
    }
}

/// What verify finds about one step from its starter's grade and its solution's: every
/// starter check red, every solution check green, the same checks on both, nothing that
/// needs review, a hint for every check, a guide that lists them.
struct StepAudit {
    let problems: [String]
    let passed: Int
    let row: [String]

    init(step: Step, starter: GradingRun.Outcome, solution: GradingRun.Outcome, in kit: Kit) {
        let workspace = kit.workspace
        var problems: [String] = []
        let starterChecks = starter.report.checks
        let solutionChecks = solution.report.checks
        // A check marked `Starter: passes` is behaviour the starter already has (a migration's):
        // it must pass on the starter; every other check must fail on it.
        let kept = Set(kit.course.checks(of: step).filter(\.annotations.starterPasses).map(\.key))
        let red = starterChecks.filter { kept.contains($0.key) ? $0.status.isPass : $0.status == .failed }
        problems += starterChecks.filter { check in !red.contains { $0.key == check.key } }.map {
            "step \(step.number) starter: “\($0.name)” is \($0.status.rawValue), "
                + (kept.contains($0.key) ? "but it is marked Starter: passes" : "not failed")
                + ($0.status == .notRun ? " (\(starter.report.problem ?? $0.failures.first?.message ?? ""))" : "")
        }
        let green = solutionChecks.filter { $0.status.isPass }
        problems += solutionChecks.filter { !$0.status.isPass }.map {
            "step \(step.number) solution: “\($0.name)” is \($0.status.rawValue): \($0.failures.first?.message ?? "")"
        }
        for (label, report) in [("starter", starter.report), ("solution", solution.report)] where report.checks.isEmpty
        {
            problems.append(
                "step \(step.number) \(label): it declares no check (\(report.problem ?? report.status.rawValue))")
        }
        if starterChecks.map(\.key).sorted() != solutionChecks.map(\.key).sorted() {
            problems.append("step \(step.number): its starter and its solution were graded on different checks")
        }
        for (label, outcome) in [("starter", starter), ("solution", solution)] {
            problems += outcome.review.map { "step \(step.number) \(label) needs review: \($0.sentence)" }
            problems += outcome.changedDuringRun.map { "step \(step.number) \(label): \($0.sentence)" }
        }
        let keys = Set(solutionChecks.map(\.key)).union(starterChecks.map(\.key))
        let hintProblems = HintAudit.problems(step: step, keys: keys, in: kit)
        problems += hintProblems
        let guideProblems =
            GuideAudit.problems(step: step, workspace: workspace)
            + SuiteAudit.problems(step: step, workspace: workspace)
        problems += guideProblems
        self.problems = problems
        let reviewed = starter.review.isEmpty && solution.review.isEmpty ? 1 : 0
        let guided = guideProblems.isEmpty ? 1 : 0
        passed = red.count + green.count + (keys.count - hintProblems.count) + reviewed + guided
        row = [
            "\(step.number) \(step.name)", "\(keys.count)", "\(red.count)/\(starterChecks.count)",
            "\(green.count)/\(solutionChecks.count)", "\(keys.count - hintProblems.count)/\(keys.count)",
            guideProblems.isEmpty ? "lists them" : "\(guideProblems.count) wrong",
        ]
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

/// The folders, modules and guides every step has.
enum LayoutAudit {
    /// Four things per step: its exercise, its solution, its checks, its guide.
    static func itemCount(of kit: Kit) -> Int { kit.steps.count * 4 }

    static func problems(in kit: Kit) -> [String] {
        let workspace = kit.workspace
        let files = FileManager.default
        var problems: [String] = []
        for step in kit.steps {
            for source in [Source.exercises, .solutions] {
                let folder = workspace.folder(of: step, in: source)
                if !files.fileExists(atPath: folder.path) {
                    problems.append("\(workspace.relativePath(folder.path)) is missing")
                }
            }
            if !files.fileExists(atPath: workspace.testsFolder(of: step).path) {
                problems.append("Tests/\(step.testTarget) is missing")
            }
            let guides = [Source.exercises, .solutions].map {
                try? String(
                    contentsOf: workspace.folder(of: step, in: $0).appendingPathComponent("README.md"), encoding: .utf8)
            }
            if guides.contains(where: { ($0 ?? "").count < 400 }) {
                problems.append(
                    "step \(step.number) has no guide: README.md missing or too short in Exercises/ or Solutions/")
            } else if guides[0] != guides[1] {
                problems.append("step \(step.number)'s README.md differs between Exercises/ and Solutions/")
            }
        }
        return problems
    }
}

/// Every check has hints, and each hint points at a file of the step that has the marked place.
/// A lesson of suites: its list of mistakes is whole, and each is built into the scene's copy.
enum SuiteAudit {
    static func problems(step: Step, workspace: Workspace) -> [String] {
        guard step.kind == .suites else { return [] }
        let list = SuiteMistake.listPath(of: step)
        let mistakes: [SuiteMistake]
        do {
            mistakes = try SuiteMistake.read(of: step, in: workspace)
        } catch {
            return ["step \(step.number): \(list) cannot be read as a list of mistakes (\(error))"]
        }
        guard !mistakes.isEmpty else { return ["step \(step.number): \(list) lists no mistake"] }
        var problems: [String] = []
        guard let module = SuiteMistake.builtInCopy(of: step, in: workspace) else {
            return [
                "step \(step.number): no copy of \(step.givenModules) with the mistakes built in under Tests/\(step.testTarget)"
            ]
        }
        let copy = workspace.allFiles(under: "Tests/\(step.testTarget)/\(module)").filter { $0.hasSuffix(".swift") }
            .map { String(decoding: workspace.bytes(of: $0), as: UTF8.self) }.joined(separator: "\n")
        var seen: Set<String> = []
        for mistake in mistakes {
            if !seen.insert(mistake.id).inserted {
                problems.append("step \(step.number): the mistake \(mistake.id) is listed twice in \(list)")
            }
            if !copy.contains("\"\(mistake.id)\"") {
                problems.append(
                    "step \(step.number): the mistake \(mistake.id) is not built into the copy of \(module)")
            }
            if mistake.hints.count != 3 {
                problems.append(
                    "step \(step.number): the mistake \(mistake.id) has \(mistake.hints.count) hints, not 3")
            }
        }
        do {
            for variant in try SuiteVariant.read(of: step, in: workspace) {
                if !seen.insert(variant.id).inserted {
                    problems.append("step \(step.number): the id \(variant.id) names two mistakes or variants")
                }
                if !copy.contains("Variant.isOn(\"\(variant.id)\")") {
                    problems.append(
                        "step \(step.number): the variant \(variant.id) is not built into the copy of \(module)")
                }
            }
        } catch {
            problems.append(
                "step \(step.number): \(SuiteVariant.listPath(of: step)) cannot be read as a list of variants (\(error))"
            )
        }
        return problems
    }
}

enum HintAudit {
    static func problems(step: Step, keys: Set<String>, in kit: Kit) -> [String] {
        keys.sorted().compactMap { key in
            guard let guide = kit.course.guide(step, key: key), !guide.hints.isEmpty else {
                return "step \(step.number): check \(key) has no hint"
            }
            let file = kit.workspace.folder(of: step, in: .exercises).appendingPathComponent(guide.file)
            guard let text = try? String(contentsOf: file, encoding: .utf8), text.contains(guide.symbol) else {
                return
                    "step \(step.number): the hint of \(key) points at '\(guide.symbol)' in \(guide.file), which is not there"
            }
            return nil
        }
    }
}

/// What changed from Solutions/N to Exercises/N+1: the next lesson's scaffolding, and
/// anything else an author did not mean to change.
enum SnapshotDrift {
    static func summary(in kit: Kit) -> [String] {
        let workspace = kit.workspace
        return zip(kit.steps, kit.steps.dropFirst()).map { solved, next in
            let before = Set(workspace.files(of: solved, in: .solutions))
            let after = Set(workspace.files(of: next, in: .exercises))
            var changes: [String] = []
            for path in after.subtracting(before).sorted() {
                changes.append("+\(path)")
            }
            for path in before.subtracting(after).sorted() {
                changes.append("-\(path)")
            }
            for path in before.intersection(after).sorted() {
                let old = workspace.bytes(of: "Solutions/\(solved.folder)/\(path)")
                let new = workspace.bytes(of: "Exercises/\(next.folder)/\(path)")
                if old != new {
                    let diff = UnifiedDiff.diff(
                        old: String(decoding: old, as: UTF8.self), new: String(decoding: new, as: UTF8.self),
                        oldName: "", newName: "")
                    let lines = diff.split(separator: "\n").dropFirst(2)
                    let added = lines.filter { $0.hasPrefix("+") }.count
                    let removed = lines.filter { $0.hasPrefix("-") }.count
                    changes.append("~\(path) (+\(added) -\(removed))")
                }
            }
            let label = "\(solved.number) → \(next.number):"
            return changes.isEmpty ? "\(label) no change" : "\(label) " + changes.joined(separator: ", ")
        }
    }
}
