/// `kata` (or `kata status`): progress over every step, and the one thing to do next.
struct StatusCommand: WorkspaceCommand {
    static let spec = CommandSpec(
        name: "status",
        usage: ["kata status", "kata"],
        summary: "Show your progress over every step, and what to do next",
        details: "Reads the latest result of each step (kept under .kata/); a step whose files changed since is marked."
    )

    init(_ arguments: ParsedArguments, in kit: Kit) {}

    func run(in context: Context, on kit: Kit) throws(CommandFailure) -> ExitStatus {
        let store = ResultStore(kit: kit)
        let style = context.style
        let manifest = try? KitManifest.load(from: kit.workspace)
        let progress = kit.steps.map { ($0, StepProgress.of($0, in: store, manifest: manifest)) }
        let done = progress.filter { $0.1.isDone }.count
        let total = kit.steps.count

        let course = kit.course
        var lines = [style.bold(course.title) + style.dim(" · " + course.outline), ""]
        let count = "\(done) of \(total) steps done"
        let bar = ProgressBar.render(done: done, total: total, width: 28, style: style) + "  "
        lines.append("  " + (context.terminal.isInteractive ? bar : "") + count)
        lines.append("")
        for (step, state) in progress {
            let symbol =
                switch state {
                case .done(stale: false): style.pass(state.symbol)
                case .doesNotBuild: style.fail(state.symbol)
                default: state.symbol
                }
            let name = step.name.padding(toLength: 14, withPad: " ", startingAt: 0)
            lines.append("  \(symbol) \(step.number)  \(name)\(state.describe(style, counting: step.passingWords))")
        }
        lines.append("")
        let kata = context.runner.commandName
        let inHand = StepInHand(kit: kit).step(results: store)
        lines.append(nextCommand(progress, inHand: inHand, kata: kata, style: style))
        // The guides say `kata …`: until it is on the PATH, say what to type instead, or what the shell lacks.
        if kata != "kata", let note = context.runner.pathNote {
            lines.append(style.dim(note))
        }
        context.write(lines.joined(separator: "\n") + "\n")
        return .success
    }

    /// The step in hand while it is not done; then the next one not done after it, or else before it.
    private func nextCommand(_ progress: [(Step, StepProgress)], inHand: Step, kata: String, style: Style) -> String {
        let unfinished = progress.filter { !$0.1.isDone }
        guard let (step, state) = unfinished.first(where: { $0.0.number >= inHand.number }) ?? unfinished.first else {
            return style.pass("Every step passes. Well done!") + " Compare a step with the reference: "
                + style.bold("\(kata) diff 1") + " to " + style.bold("\(kata) diff \(progress.count)")
        }
        switch state {
        case .notStarted:
            return "Next: read Exercises/\(step.folder)/README.md, then " + style.bold("\(kata) check \(step.number)")
        case .missing:
            return "Next: " + style.bold("\(kata) reset \(step.number)")
                + " (Exercises/\(step.folder) is missing: it puts "
                + "the starter back; then \(kata) reset --undo \(step.number) brings back your last backup, if you had one)"
        default:
            return "Next: " + style.bold("\(kata) check \(step.number)")
        }
    }
}

/// `[██████░░░░]`
enum ProgressBar {
    static func render(done: Int, total: Int, width: Int, style: Style) -> String {
        let filled = total == 0 ? 0 : width * done / total
        return "[" + style.pass(String(repeating: "█", count: filled))
            + style.dim(String(repeating: "░", count: width - filled)) + "]"
    }
}

/// `kata list`: the steps with number, name, scene and state.
struct ListCommand: WorkspaceCommand {
    static let spec = CommandSpec(
        name: "list",
        usage: ["kata list"],
        summary: "List the steps: number, name, scene and state"
    )

    init(_ arguments: ParsedArguments, in kit: Kit) {}

    func run(in context: Context, on kit: Kit) throws(CommandFailure) -> ExitStatus {
        let store = ResultStore(kit: kit)
        let style = context.style
        // Each column as wide as its widest cell and two spaces, so no two columns ever run together.
        let header = ["#", "Step", "App", "Scene"]
        let widths = header.indices.map { column in
            ([header[column]] + kit.steps.map { ["\($0.number)", $0.name, $0.app, $0.scene][column] })
                .map(\.count).max()! + 2
        }
        func row(_ cells: [String]) -> String { columns(cells, widths: widths) + (cells.last ?? "") }
        var lines = [style.bold(row(header + ["State"]))]
        let manifest = try? KitManifest.load(from: kit.workspace)
        for step in kit.steps {
            let state = StepProgress.of(step, in: store, manifest: manifest).describe(
                style, counting: step.passingWords)
            lines.append(row(["\(step.number)", step.name, step.app, step.scene, state]))
        }
        context.write(lines.joined(separator: "\n") + "\n")
        return .success
    }
}
