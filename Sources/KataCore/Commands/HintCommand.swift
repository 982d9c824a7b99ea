/// `kata hint [N]`: the next hint for the first failing check of step N (or of the step in
/// hand). Hint 1 of each check is the Hint line of `kata check`'s report.
struct HintCommand: WorkspaceCommand {
    static let spec = CommandSpec(
        name: "hint",
        usage: ["kata hint [<step>]"],
        summary: "Show a hint for the first failing check of a step",
        details: """
            Hints come in levels. The first is the Hint line kata check prints under a failing
            check; each time you ask for the same check, you get the next one, and the last is
            nearly the answer. Without a step, the step you are on: the one you last checked,
            watched or edited. Uses the step's latest result, and checks the step first when
            there is none or its files changed since.
            """,
        arguments: 0...1
    )

    let requestedStep: Step?
    /// How the learner asks for the next hint where this one is shown.
    var askAgain: String?

    init(_ arguments: ParsedArguments, in kit: Kit) throws(UsageError) {
        requestedStep = try arguments.words.first.map { word throws(UsageError) in
            try StepArgument.parse(word, command: "hint", in: kit)
        }
    }

    /// A hint asked for inside `kata watch`, where a key asks again.
    init(step: Step, askAgain: String) {
        self.requestedStep = step
        self.askAgain = askAgain
    }

    func run(in context: Context, on kit: Kit) throws(CommandFailure) -> ExitStatus {
        let workspace = kit.workspace
        let store = ResultStore(kit: kit)
        let inHand = StepInHand(kit: kit)
        let step = requestedStep ?? inHand.step(results: store)
        inHand.note(step)
        let style = context.style
        let report: StepReport
        if let entry = store.latest(for: step), !store.isStale(entry, for: step) {
            report = entry.report
        } else {
            let lock = try WorkspaceLock.acquire(workspace, context: context)
            context.progress("Checking step \(step.number) first…")
            var checker = StepChecker(
                kit: kit, toolchain: context.toolchain, timeLimit: try TimeLimit.fromEnvironment(context.environment))
            checker.progress = CheckProgressLine(context).callback
            report = Diagnoser.diagnosing([checker.check(step)], in: workspace)[0]
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
            let next = kit.step(step.number + 1).map { "kata check \($0.number)" } ?? "kata"
            context.write("Every check of step \(step.number) passes: no hint needed. Next: " + style.bold(next) + "\n")
            return .success
        case .failed:
            break
        }
        guard let failing = report.checks.first(where: { !$0.status.isPass }) else {
            throw CommandFailure("Step \(step.number) has no failing check to hint at: run kata check \(step.number).")
        }
        if let reason = MistakeHunt.reasonNothingCounts(in: failing) {
            let failure = failing.failures.first
            let place = failure.flatMap { failure in
                failure.file.flatMap { file in failure.line.map { "\(workspace.relativePath(file)):\($0)" } }
            }
            let said = [
                "No mistake can count as caught yet, so there is no hint for one.", MistakeHunt.briefly(reason),
            ]
            let detail: [String] = failure?.details.first.map { [$0] } ?? []
            let placed: [String] = place.map { [$0] } ?? []
            let fix = "Fix that first (kata check \(step.number) shows what the test said), then ask again."
            let told: [String] = said + detail + placed + [fix]
            context.write(
                told.flatMap { TextWrapper.wrap($0, width: context.terminal.width) }.joined(separator: "\n") + "\n")
            return .success
        }
        guard let guide = kit.course.guide(step, key: failing.key), !guide.hints.isEmpty else {
            throw CommandFailure("There is no hint for “\(failing.name)” yet: read Exercises/\(step.folder)/README.md.")
        }
        let levels = HintLevels(workspace: workspace)
        let level = min(levels.shown(step: step.number, key: failing.key) + 1, guide.hints.count)
        levels.record(level, step: step.number, key: failing.key)

        let count = guide.hints.count
        // The title wraps like the rest: a check's name is a sentence, often wider than the terminal.
        let title = "Hint \(level) of \(count) · " + failing.name
        var lines = TextWrapper.wrap(title, width: context.terminal.width).enumerated().map { index, line in
            index == 0 && line.hasPrefix("Hint \(level) of \(count)")
                ? style.bold("Hint \(level) of \(count)") + line.dropFirst("Hint \(level) of \(count)".count) : line
        }
        // The file kata check's "Look in" names for this failure, so the two never send the learner apart.
        let place =
            PlaceToLook(for: failing, of: step, source: report.source, in: kit, diagnosis: report.diagnosis)?.file
            ?? guide.file
        lines.append(
            style.dim("  in \(workspace.relativePath(workspace.folder(of: step, in: report.source).path))/\(place)"))
        if requestedStep == nil {
            // Not the step the learner may have thought of: say which, and how to ask for another.
            let which = "step \(step.number), the one you last checked, watched or edited (kata hint N for another)"
            lines += TextWrapper.wrap(which, width: context.terminal.width - 2).map { style.dim("  " + $0) }
        }
        lines.append("")
        if level > 1 {
            // The one before, named, so "Hint 2" never leaves a learner asking where hint 1 was.
            let before =
                level == 2 ? "Hint 1, the Hint line of kata check's report:" : "Hint \(level - 1), shown before:"
            lines.append("  " + style.dim(before))
            lines += TextWrapper.wrap(guide.hints[level - 2], width: context.terminal.width - 4).map {
                "  " + style.dim($0)
            }
            lines += ["", "  " + style.bold("Hint \(level):")]
        } else {
            lines.append("  " + style.dim("Hint 1 is also the Hint line kata check prints under this check."))
        }
        lines += TextWrapper.wrap(guide.hints[level - 1], width: context.terminal.width - 4).map { "  " + $0 } + [""]
        if let diagnosis = report.diagnosis {
            // What the failures look like as a whole: said beside the hint, never instead of it.
            lines +=
                TextWrapper.wrap("This looks like: " + diagnosis.sentence, width: context.terminal.width - 4).map {
                    "  " + style.accent($0)
                } + [""]
        }
        // "kata hint 3" names the step, not the level: said so, since the next level is a number too.
        let again = askAgain ?? ("Ask again (" + style.bold("kata hint \(step.number)") + ", for step \(step.number))")
        lines.append(
            level < count
                ? "\(again) for hint \(level + 1) of \(count)\(level + 1 == count ? ", the most direct" : "")."
                : "That was the last hint: it is nearly the answer. Then " + style.bold("kata check \(step.number)")
                    + ".")
        context.write(lines.joined(separator: "\n") + "\n")
        return .success
    }
}
