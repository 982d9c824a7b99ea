/// `kata hint N`: the next hint for the first failing check of step N.
struct HintCommand: KataCommand {
    static let spec = CommandSpec(
        name: "hint",
        usage: ["kata hint <step>"],
        summary: "Show a hint for the first failing check of a step",
        details: """
            Hints come in levels. Each time you ask for the same check, you get the next one;
            the last is nearly the answer. Uses the step's latest result, and checks the step
            first when there is none or its files changed since.
            """,
        arguments: 1...1
    )

    let step: Step

    init(_ arguments: ParsedArguments) throws(UsageError) {
        step = try StepArgument.parse(arguments.words[0], command: "hint")
    }

    init(step: Step) {
        self.step = step
    }

    func run(in context: Context) throws(CommandFailure) -> ExitStatus {
        let workspace = try context.workspace()
        let store = ResultStore(workspace: workspace)
        let style = context.style
        let report: StepReport
        // A current result means its report, with each failing check's first hint, was read.
        var firstHintSeen = false
        if let entry = store.latest(for: step), !store.isStale(entry, for: step) {
            report = entry.report
            firstHintSeen = true
        } else {
            let lock = try WorkspaceLock.acquire(workspace, context: context)
            context.progress("Checking step \(step.number) first…")
            report = StepChecker(workspace: workspace, timeLimit: try TimeLimit.fromEnvironment(context.environment))
                .check(step)
            context.clearProgress()
            store.save(report)
            lock.release()
        }
        switch report.status {
        case .buildFailed, .couldNotRun:
            throw CommandFailure(
                "Step \(step.number) does not build yet: fix the compiler errors first (kata check \(step.number) shows them)."
            )
        case .passed:
            context.write(
                "Every check of step \(step.number) passes: no hint needed. Next: " + style.bold(nextCheck) + "\n")
            return .success
        case .failed:
            break
        }
        guard let failing = report.checks.first(where: { !$0.status.isPass }) else {
            throw CommandFailure("Step \(step.number) has no failing check to hint at: run kata check \(step.number).")
        }
        guard let guide = HintCatalog.guide(step: step.number, key: failing.key), !guide.hints.isEmpty else {
            throw CommandFailure("There is no hint for “\(failing.name)” yet: read Exercises/\(step.folder)/README.md.")
        }
        let levels = HintLevels(workspace: workspace)
        let seen = max(levels.shown(step: step.number, key: failing.key), firstHintSeen ? 1 : 0)
        let level = min(seen + 1, guide.hints.count)
        levels.record(level, step: step.number, key: failing.key)

        let wrapped = TextWrapper.wrap(guide.hints[level - 1], width: context.terminal.width - 4).map { "  " + $0 }
        var lines = [
            style.bold("Hint \(level) of \(guide.hints.count)") + " · " + failing.name,
            style.dim("  in Exercises/\(step.folder)/\(guide.file)"),
            "",
        ]
        if level > 1 {
            lines +=
                TextWrapper.wrap(guide.hints[level - 2], width: context.terminal.width - 4).map { "  " + style.dim($0) }
                + [""]
        }
        lines += wrapped + [""]
        lines.append(
            level < guide.hints.count
                ? "Ask again (" + style.bold("kata hint \(step.number)") + ") for a more direct hint."
                : "That was the last hint: it is nearly the answer. Then " + style.bold("kata check \(step.number)")
                    + ".")
        context.write(lines.joined(separator: "\n") + "\n")
        return .success
    }

    private var nextCheck: String {
        StepCatalog.step(step.number + 1).map { "kata check \($0.number)" } ?? "kata"
    }
}
