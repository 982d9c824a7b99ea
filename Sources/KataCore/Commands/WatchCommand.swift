import Foundation

/// `kata watch [N]`: checks the step again whenever one of its files is saved.
struct WatchCommand: WorkspaceCommand {
    static let spec = CommandSpec(
        name: "watch",
        usage: ["kata watch [<step>] [--interval SECONDS] [--time-limit SECONDS]"],
        summary: "Check a step again each time you save one of its files",
        details: """
            Watches the step you are on (the one you last checked, watched or edited) or the one
            given, and redraws its report after every save: on a terminal, on a cleared screen,
            the first failing check first, cut to fit. It looks at the files' sizes and times a
            few times a second, so it works on any file system, shared folders and containers
            included. Keys: q quits, n moves on to the next step once this one passes (never by
            itself), h shows a hint, r checks again now. Where single keys cannot be read, type
            the letter and Enter. Ctrl-C stops it at any time, even during a build; your files
            are never touched.
            """,
        options: [
            .init("--interval", value: "SECONDS", help: "how often to look for changes (default 0.3)"),
            .init("--time-limit", value: "SECONDS", help: "stop a check that runs this long, and name it (default 10)"),
        ],
        arguments: 0...1
    )

    let requestedStep: Step?
    let interval: Duration
    let timeLimit: Duration?

    init(_ arguments: ParsedArguments, in kit: Kit) throws(UsageError) {
        requestedStep = try arguments.words.first.map { word throws(UsageError) in
            try StepArgument.parse(word, command: "watch", in: kit)
        }
        if let word = arguments.values["--interval"] {
            guard let seconds = Double(word), seconds >= 0.05, seconds <= 60 else {
                throw UsageError("kata watch: --interval takes seconds, a number from 0.05 to 60; got '\(word)'.")
            }
            interval = .milliseconds(Int(seconds * 1000))
        } else {
            interval = .milliseconds(300)
        }
        timeLimit = try arguments.values["--time-limit"].map { word throws(UsageError) in try TimeLimit.parse(word) }
    }

    func run(in context: Context, on kit: Kit) throws(CommandFailure) -> ExitStatus {
        let workspace = kit.workspace
        let limit = try TimeLimit.resolve(timeLimit, environment: context.environment)
        if let problem = BuildFolder.problem(workspace, source: .exercises) {
            throw CommandFailure("kata watch: \(problem)", status: .unavailable)
        }
        let store = ResultStore(kit: kit)
        var step = requestedStep ?? StepInHand(kit: kit).step(results: store)
        let keyboard = Keyboard()
        defer { keyboard.restore() }
        let renderer = StepReportRenderer(kit: kit, terminal: context.terminal)
        let style = context.style

        // What the files were when the latest check started: a save made while it ran
        // differs from it, and is checked as soon as that check ends.
        var checked = Self.stamps(of: workspace.folder(of: step))
        var report = check(step, workspace: workspace, limit: limit, store: store, renderer: renderer, context: context)
        var intro = ""
        while true {
            let now = Self.stamps(of: workspace.folder(of: step))
            if now != checked {
                // Wait for the save to settle: editors write a file in more than one go.
                var settled = now
                var seen: FolderStamps
                repeat {
                    seen = settled
                    Thread.sleep(forTimeInterval: 0.15)
                    settled = Self.stamps(of: workspace.folder(of: step))
                } while settled != seen
                context.write(style.dim("Change seen in Exercises/\(step.folder): checking again.") + "\n")
                checked = settled
                report = check(
                    step, workspace: workspace, limit: limit, store: store, renderer: renderer, context: context)
                continue
            }
            switch keyboard.next(waiting: interval) {
            case .key("q"):
                context.write("Stopped watching.\n")
                return .success
            case .key("n"):
                guard report.allPass else {
                    context.write(
                        style.warn("Step \(step.number) does not pass yet: n moves on once every check passes.") + "\n")
                    continue
                }
                guard let next = kit.step(step.number + 1) else {
                    context.write("That was the last step: every lesson is done. q to quit.\n")
                    continue
                }
                step = next
                // A new step starts red: say where its guide is before its failing report.
                intro =
                    style.bold("On to step \(next.number) · \(next.name).")
                    + " Read its guide first: Exercises/\(next.folder)/README.md"
                    + " (or kata guide \(next.number)).\n\n"
            case .key("h"):
                // The hint takes the screen, title first, rather than scroll the report's title away under it.
                if context.terminal.canRedraw { context.write("\u{1B}[2J\u{1B}[H") }
                _ = try? HintCommand(step: step, askAgain: "Press h again").run(in: context, on: kit)
                context.write(context.style.dim("r shows the checks again · h the next hint · q quit") + "\n")
                continue
            case .key("r"), .key("\n"):
                break
            case .key, .endOfInput, .nothing:
                continue
            }
            checked = Self.stamps(of: workspace.folder(of: step))
            report = check(
                step, workspace: workspace, limit: limit, store: store, renderer: renderer, context: context,
                intro: intro)
            intro = ""
        }
    }

    private func check(
        _ step: Step, workspace: Workspace, limit: Duration, store: ResultStore,
        renderer: StepReportRenderer, context: Context, intro: String = ""
    ) -> StepReport {
        context.progress("Checking step \(step.number) (\(step.name))…")
        StepInHand(kit: store.kit).note(step)
        let report: StepReport
        if let problem = StepFolder.problem(workspace.folder(of: step)) {
            report = StepReport(
                step: step, source: .exercises, status: .couldNotRun,
                problem: "Exercises/\(step.folder) \(problem). kata reset \(step.number) puts the starter back.")
        } else if let lock = try? WorkspaceLock.acquire(workspace, context: context) {
            var checker = StepChecker(kit: store.kit, toolchain: context.toolchain, timeLimit: limit)
            checker.progress = CheckProgressLine(context).callback
            report = Diagnoser.diagnosing([checker.check(step)], in: workspace)[0]
            store.save(report)
            lock.release()
        } else {
            report = StepReport(
                step: step, source: .exercises, status: .couldNotRun,
                problem: "The workspace's lock (.kata/busy.lock) cannot be taken, so the checks did not run.")
        }
        context.clearProgress()
        let keys = report.allPass ? "n next step · h hint · r check again · q quit" : "h hint · r check again · q quit"
        // Whatever the window's size now; wrapped here, so that no word is cut where the terminal would wrap.
        let terminal = context.terminal.canRedraw ? context.terminal.resized() : context.terminal
        let footer =
            TextWrapper.wrap("Watching Exercises/\(step.folder) for changes · \(keys)", width: terminal.width)
            .map(context.style.dim).joined(separator: "\n") + "\n"
        let intro = TextWrapper.wrap(intro, width: terminal.width).joined(separator: "\n")
        if context.terminal.canRedraw {
            // One screen, drawn anew: the step and the check to fix at the top, and the cursor's line at the bottom
            // left free so that nothing scrolls.
            let fitted = StepReportRenderer(kit: store.kit, terminal: terminal)
            let height =
                terminal.height - TextWrapper.rows(of: intro, width: terminal.width)
                - TextWrapper.rows(of: footer, width: terminal.width) - 1
            context.write("\u{1B}[2J\u{1B}[H" + intro + fitted.screen(report, height: height))
        } else {
            context.write(intro + renderer.render(report))
        }
        HintLevels(workspace: workspace).recordFirstHints(step: step.number, checks: renderer.toldChecks(report))
        context.write(footer)
        return report
    }

    /// The step's files but hidden ones (an editor's swap files, which `FolderStamps` never reads): what a save changes.
    private static func stamps(of folder: URL) -> FolderStamps { FolderStamps(of: folder) }
}
