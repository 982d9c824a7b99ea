import Foundation

/// `kata verify`: proves the kit keeps its promises. Every starter compiles and fails
/// every check of its step; every solution passes them all; every check has hints and
/// every step a guide; the layout follows KIT.md; the runner's own tests pass.
struct VerifyCommand: KataCommand {
    static let spec = CommandSpec(
        name: "verify",
        usage: ["kata verify [--time-limit SECONDS]"],
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

    init(_ arguments: ParsedArguments) throws(UsageError) {
        timeLimit = try arguments.values["--time-limit"].map { word throws(UsageError) in try TimeLimit.parse(word) }
        stepsOnly = arguments.has("--steps-only")
    }

    func run(in context: Context) throws(CommandFailure) -> ExitStatus {
        let workspace = try context.workspace()
        guard workspace.hasSolutions else {
            throw CommandFailure(
                "kata verify checks the whole kit, reference solutions included, and this workspace has no "
                    + "Solutions/ (it is a class's copy). To check your work: kata check --all.", status: .noInput)
        }
        let limit = try TimeLimit.resolve(timeLimit, environment: context.environment)
        var tally = Tally()
        let style = context.style

        context.write(style.bold("Verifying the kit") + "\n\n")
        let layoutProblems = LayoutAudit.problems(in: workspace)
        tally.record(layoutProblems, passedCount: LayoutAudit.itemCount - layoutProblems.count)
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

        var ownTests = StepChecker.TestRun()
        if !stepsOnly {
            context.progress("Building the runner and its tests…")
            let build = SwiftPackage(workspace: workspace, source: .exercises).build(.everything)
            context.clearProgress()
            guard build.succeeded else {
                let report = BuildFailure.report(
                    for: StepCatalog.all[0], source: .exercises, build: build, workspace: workspace)
                let errors = report.diagnostics.prefix(5).map {
                    "  \(workspace.relativePath($0.file)):\($0.line): \($0.message)"
                }
                context.write(
                    ([style.fail("The package does not build:")] + errors + [report.problem ?? ""])
                        .joined(separator: "\n") + "\n\n0 passed, 1 failed\n")
                return .failure
            }
            context.progress("Running the runner's own tests…")
            // The runner's tests build and check scratch copies of the kit: minutes, not seconds.
            let runnerTests = StepChecker(workspace: workspace, source: .exercises, timeLimit: .seconds(1200))
            ownTests = runnerTests.runTests(targets: ["KataCoreTests"], learnerFolders: [], builtWith: .everything)
            context.clearProgress()
        }

        // Both graded as a class is: each step built alone, every declared check counted.
        let starterOutcomes = GradingRun(workspace: workspace, source: .exercises, timeLimit: limit)
            .run { context.progress("Starters: " + $0) }
        let solutionOutcomes = GradingRun(workspace: workspace, source: .solutions, timeLimit: limit)
            .run { context.progress("Solutions: " + $0) }
        context.clearProgress()
        let starterReports = starterOutcomes.map(\.report)
        let solutionReports = solutionOutcomes.map(\.report)
        for (label, outcomes) in [("starter", starterOutcomes), ("solution", solutionOutcomes)] {
            let findings = outcomes.flatMap { outcome in
                outcome.review.map { "step \(outcome.report.step) \(label) needs review: \($0.sentence)" }
                    + outcome.changedDuringRun.map { "step \(outcome.report.step) \(label): \($0.sentence)" }
            }
            tally.record(findings, passedCount: findings.isEmpty ? 1 : 0)
        }

        var rows = [style.bold(Self.row(["Step", "Checks", "Starter red", "Solution green", "Hints"]))]
        for (index, step) in StepCatalog.all.enumerated() {
            let starter = starterReports[index]
            let solution = solutionReports[index]
            let keys = Set(solution.checks.map(\.key)).union(starter.checks.map(\.key))

            let red = starter.checks.filter { $0.status == .failed }
            tally.record(
                starter.checks.filter { $0.status != .failed }.map {
                    "step \(step.number) starter: “\($0.name)” is \($0.status.rawValue), not failed"
                }, passedCount: red.count)
            if starter.checks.isEmpty {
                tally.record(
                    ["step \(step.number) starter: no check ran (\(starter.problem ?? starter.status.rawValue))"],
                    passedCount: 0)
            }

            let green = solution.checks.filter { $0.status.isPass }
            tally.record(
                solution.checks.filter { !$0.status.isPass }.map {
                    "step \(step.number) solution: “\($0.name)” is \($0.status.rawValue): \($0.failures.first?.message ?? "")"
                }, passedCount: green.count)
            if solution.checks.isEmpty {
                tally.record(
                    ["step \(step.number) solution: no check ran (\(solution.problem ?? solution.status.rawValue))"],
                    passedCount: 0)
            }
            if starter.checks.count != solution.checks.count {
                tally.record(
                    [
                        "step \(step.number): \(starter.checks.count) checks ran on the starter, \(solution.checks.count) on the solution"
                    ], passedCount: 0)
            }

            let hintProblems = HintAudit.problems(step: step, keys: keys, workspace: workspace)
            tally.record(hintProblems, passedCount: keys.count - hintProblems.count)

            rows.append(
                Self.row([
                    "\(step.number) \(step.name)", "\(keys.count)",
                    "\(red.count)/\(starter.checks.count)", "\(green.count)/\(solution.checks.count)",
                    "\(keys.count - hintProblems.count)/\(keys.count)",
                ]))
        }
        let ownPassed = ownTests.checks.filter { $0.status.isPass }
        tally.record(
            ownTests.checks.filter { !$0.status.isPass }.map {
                "runner test “\($0.name)” is \($0.status.rawValue): \($0.failures.first?.message ?? "")"
            } + (ownTests.notStarted.map { ["the runner's tests could not start: \($0)"] } ?? []),
            passedCount: ownPassed.count)

        var lines = rows
        lines += [
            "",
            "Runner's own tests: "
                + (stepsOnly ? "left out (--steps-only)" : "\(ownPassed.count)/\(ownTests.checks.count) pass"),
        ]
        lines += ["", "Manifest: " + (manifestProblems.isEmpty ? "current" : "not current (kata manifest --write)")]
        lines += [
            "",
            style.bold("From each solution to the next starter")
                + style.dim(" (the new lesson's scaffolding; look for anything else):"),
        ]
        lines += SnapshotDrift.summary(in: workspace).map { "  " + $0 }
        if !tally.problems.isEmpty {
            lines += ["", style.fail("Problems:")] + tally.problems.map { "  - " + $0 }
        }
        lines += ["", "\(tally.passed) passed, \(tally.problems.count) failed"]
        context.write(lines.joined(separator: "\n") + "\n")
        return tally.problems.isEmpty ? .success : .failure
    }

    static func row(_ cells: [String]) -> String {
        let widths = [17, 8, 13, 16, 6]
        return zip(cells, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined()
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

/// The folders, modules and guides KIT.md lays out.
enum LayoutAudit {
    /// Four things per step: its exercise, its solution, its checks, its guide.
    static var itemCount: Int { StepCatalog.all.count * 4 }

    static func problems(in workspace: Workspace) -> [String] {
        let files = FileManager.default
        var problems: [String] = []
        for step in StepCatalog.all {
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
enum HintAudit {
    static func problems(step: Step, keys: Set<String>, workspace: Workspace) -> [String] {
        keys.sorted().compactMap { key in
            guard let guide = HintCatalog.guide(step: step.number, key: key), !guide.hints.isEmpty else {
                return "step \(step.number): check \(key) has no hint"
            }
            let file = workspace.folder(of: step, in: .exercises).appendingPathComponent(guide.file)
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
    static func summary(in workspace: Workspace) -> [String] {
        zip(StepCatalog.all, StepCatalog.all.dropFirst()).map { solved, next in
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
