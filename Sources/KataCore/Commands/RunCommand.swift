import Foundation

/// `kata run N`: step N's app, running in the terminal, driven by the learner's own view, interactor and presenter.
struct RunCommand: WorkspaceCommand {
    static let spec = CommandSpec(
        name: "run",
        usage: ["kata run <step> [--solutions]"],
        summary: "Run a step's app in the terminal",
        details: """
            Builds the step's app and shows its first screen, as a tutorial's "build and run"
            does. Type a control's name (the screen lists them) and a value, then Enter: a
            picker takes an option's name or number, a button its name alone; `back`, `help`
            and `quit` as well. Input can be piped: printf 'name 2\\ndone\\n' | kata run N.
            Until a step connects the whole cycle, its screen can come up empty.
            Exit status: 0; 1 when the app could not build, or a piped line was not taken.
            """,
        options: [.init("--solutions", help: "run the reference solution's app instead of yours")],
        arguments: 1...1
    )

    let step: Step
    let source: Source

    init(_ arguments: ParsedArguments, in kit: Kit) throws(UsageError) {
        step = try StepArgument.parse(arguments.words[0], command: "run", in: kit)
        source = arguments.has("--solutions") ? .solutions : .exercises
    }

    func run(in context: Context, on kit: Kit) throws(CommandFailure) -> ExitStatus {
        let workspace = kit.workspace
        if let problem = StepFolder.problem(workspace.folder(of: step, in: source)) {
            throw CommandFailure(
                "kata run: \(workspace.relativePath(workspace.folder(of: step, in: source).path)) \(problem). "
                    + "kata reset \(step.number) puts the starter back.", status: .noInput)
        }
        if let problem = BuildFolder.problem(workspace, source: source) {
            throw CommandFailure("kata run: \(problem)", status: .unavailable)
        }
        let package = SwiftPackage(workspace: workspace, source: source, toolchain: context.toolchain)
        // Only the build needs the workspace to itself; the app then runs as long as the person likes.
        let lock = try WorkspaceLock.acquire(workspace, context: context)
        context.progress("Building the app of step \(step.number) (\(step.name))…")
        let build = package.buildScene(of: step)
        context.clearProgress()
        lock.release()
        guard build.succeeded else {
            let report = BuildFailure.report(for: step, source: source, build: build, workspace: workspace)
            context.write(StepReportRenderer(kit: kit, terminal: context.terminal).render(report))
            return .failure
        }
        let app: URL
        switch package.sceneExecutable(of: step) {
        case .success(let url): app = url
        case .failure(let failure):
            throw CommandFailure("The app of step \(step.number) could not start: \(failure.sentence).")
        }
        // The course can set variables for its apps (a delay that makes a loading state visible).
        switch Subprocess.runAttached(app.path, [], environment: step.runEnvironment) {
        case .exited(let code):
            // 65: the scene host's status when a piped line was not taken (TerminalApp.rejectedScriptStatus).
            if code == 65, !step.runNote.isEmpty {
                context.write(step.runNote + "\n")
            }
            return code == 0 ? .success : .failure
        case .signalled(let signal):
            throw CommandFailure(
                "The app of step \(step.number) crashed (\(CrashLog.signalName(signal))). The message above says "
                    + "where; when it names a file of Exercises/, kata check \(step.number) shows which check meets it."
            )
        case .notStarted(let reason):
            throw CommandFailure("The app of step \(step.number) could not start: \(reason).")
        case .timedOut:
            return .failure
        }
    }
}
