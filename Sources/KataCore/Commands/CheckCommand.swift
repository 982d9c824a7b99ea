import Foundation

/// `kata check N`: build step N alone, grade each check, tell the story of each failure.
struct CheckCommand: WorkspaceCommand {
    static let spec = CommandSpec(
        name: "check",
        usage: [
            "kata check <step> [--all-failures] [--solutions] [--json] [--time-limit SECONDS]",
            "kata check --all [--all-failures] [--solutions] [--json] [--time-limit SECONDS]",
        ],
        summary: "Build a step and grade its checks",
        details: """
            Builds the step alone (a broken step elsewhere does not matter), runs its checks one
            at a time and prints each one. The first failing check shows its Given/When/Then,
            what went wrong with the values, where, and a first hint; the others are named on a
            line each (--all-failures tells each in full). A check that crashes or hangs is
            named; the others are still graded.
            Exit status: 0 when every check passes, 1 when one fails or the step does not build,
            64 when the command line is wrong.
            """,
        options: [
            .init("--all", help: "check every step"),
            .init("--all-failures", help: "tell every failing check in full, not only the first"),
            .init("--solutions", help: "check the reference solutions instead of your exercises"),
            .init("--json", help: "print one JSON document per step (see the README)"),
            .init(
                "--time-limit", value: "SECONDS",
                help: "stop a check that runs this long, and name it (default 10; or KATA_TIME_LIMIT)"),
        ],
        arguments: 0...1
    )

    let steps: [Step]
    let all: Bool
    let source: Source
    let json: Bool
    let allFailures: Bool
    let timeLimit: Duration?

    init(_ arguments: ParsedArguments, in kit: Kit) throws(UsageError) {
        all = arguments.has("--all")
        if all {
            guard arguments.words.isEmpty else {
                throw UsageError("kata check: give a step number or --all, not both.")
            }
            steps = kit.steps
        } else {
            guard let word = arguments.words.first else {
                throw UsageError("kata check: which step? Usage: kata check <step>, for example kata check 1.")
            }
            steps = [try StepArgument.parse(word, command: "check", in: kit)]
        }
        source = arguments.has("--solutions") ? .solutions : .exercises
        json = arguments.has("--json")
        allFailures = arguments.has("--all-failures")
        timeLimit = try arguments.values["--time-limit"].map { word throws(UsageError) in try TimeLimit.parse(word) }
    }

    func run(in context: Context, on kit: Kit) throws(CommandFailure) -> ExitStatus {
        let workspace = kit.workspace
        if source == .solutions { try workspace.requireSolutions(for: "check --solutions") }
        let limit = try TimeLimit.resolve(timeLimit, environment: context.environment)
        if let problem = BuildFolder.problem(workspace, source: source) {
            throw CommandFailure("kata check: \(problem)", status: .unavailable)
        }
        var checker = StepChecker(kit: kit, toolchain: context.toolchain, source: source, timeLimit: limit)
        let store = ResultStore(kit: kit)
        var renderer = StepReportRenderer(kit: kit, terminal: context.terminal)
        renderer.tellsEveryFailure = allFailures

        for step in steps {
            guard let problem = StepFolder.problem(workspace.folder(of: step, in: source)) else { continue }
            throw CommandFailure(
                "kata check: \(source == .exercises ? "Exercises" : "Solutions")/\(step.folder) \(problem). "
                    + (source == .exercises
                        ? "kata reset \(step.number) puts the starter back (kata reset --undo \(step.number) your last backup)."
                        : "Restore it from the kit."),
                status: .noInput
            )
        }
        // Read while the steps build, so that a check costs little more than its build, and before
        // any learner code runs: the notes on files that decide these steps, the checks' order.
        let notes = Background { [kit, steps, json] () -> [String] in
            _ = steps.map(kit.course.teachingOrder(of:))
            return json ? [] : TamperScan.notes(in: kit, deciding: steps)
        }

        checker.beforeRunningChecks = { _ = notes.value }
        if !all { checker.progress = CheckProgressLine(context).callback }
        let lock = try WorkspaceLock.acquire(workspace, context: context)
        // Noted as it starts: a file of another step saved while this one builds is an edit after it.
        if !all, source == .exercises { StepInHand(kit: kit).note(steps[0]) }
        context.progress(all ? "Building every step…" : "Building step \(steps[0].number) (\(steps[0].name))…")
        var reports = all ? checker.checkAll(steps) : [checker.check(steps[0])]
        context.clearProgress()
        if source == .exercises { reports = Diagnoser.diagnosing(reports, in: workspace) }
        for report in reports { store.save(report) }
        lock.release()
        for note in notes.value {
            context.writeError(context.style.warn("Note: ") + note + "\n")
        }

        for report in reports {
            if json {
                // Every declared check is listed, so a step that does not build still shows its full count.
                let declared = kit.course.checks(of: report.step)
                context.write(
                    StepDocument(GradingRun.complete(report, declared: declared, in: kit.course), workspace: workspace)
                        .line())
            } else {
                context.write(renderer.render(report))
                if report.source == .exercises {
                    HintLevels(workspace: workspace).recordFirstHints(
                        step: report.step.number, checks: renderer.toldChecks(report))
                }
            }
        }
        let next = NextStep(all: all, source: source).text(after: reports, in: kit, style: context.style)
        if !json, !next.isEmpty {
            context.write(TextWrapper.wrap(next, width: context.terminal.width).joined(separator: "\n") + "\n")
        }
        return reports.allSatisfy(\.allPass) ? .success : .failure
    }
}
