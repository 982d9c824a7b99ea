import Foundation

/// `kata run N`: the app of step N, running in the terminal, driven by the learner's
/// own view, interactor and presenter.
struct RunCommand: KataCommand {
    static let spec = CommandSpec(
        name: "run",
        usage: ["kata run <step> [--solutions]"],
        summary: "Run a step's app in the terminal",
        details: """
            Builds the step's app and shows its first screen, as the tutorial's "build and run"
            does. Type a control's name and a value, then Enter: `cone Waffle Cone` (or `cone 3`),
            `done`, `email ada@example.com`, `login`; `back` and `quit` as well. Input can be piped:
            printf 'cone 3\\nflavor 1\\ntopping 2\\ndone\\n' | kata run 5
            Until step 5 connects the VIP cycle, the Scoops&Scones screen comes up empty.
            """,
        options: [.init("--solutions", help: "run the reference solution's app instead of yours")],
        arguments: 1...1
    )

    let step: Step
    let source: Source

    init(_ arguments: ParsedArguments) throws(UsageError) {
        step = try StepArgument.parse(arguments.words[0], command: "run")
        source = arguments.has("--solutions") ? .solutions : .exercises
    }

    func run(in context: Context) throws(CommandFailure) -> ExitStatus {
        let workspace = try context.workspace()
        if let problem = StepFolder.problem(workspace.folder(of: step, in: source)) {
            throw CommandFailure(
                "kata run: \(workspace.relativePath(workspace.folder(of: step, in: source).path)) \(problem). "
                    + "kata reset \(step.number) puts the starter back.", status: .noInput)
        }
        if let problem = BuildFolder.problem(workspace, source: source) {
            throw CommandFailure("kata run: \(problem)", status: .unavailable)
        }
        let package = SwiftPackage(workspace: workspace, source: source)
        context.progress("Building the app of step \(step.number) (\(step.name))…")
        let build = package.buildScene(of: step)
        context.clearProgress()
        guard build.succeeded else {
            let report = BuildFailure.report(for: step, source: source, build: build, workspace: workspace)
            context.write(StepReportRenderer(workspace: workspace, terminal: context.terminal).render(report))
            return .failure
        }
        // A login takes a moment, as over a network, so that its loading state can be seen.
        switch Subprocess.runAttached(package.sceneExecutable, [], environment: ["KATA_LOGIN_DELAY_MS": "400"]) {
        case .exited(let code):
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
