/// A step that did not build, explained: the compiler's errors in the learner's files
/// first, then errors the learner's code caused in the checks, then anything else.
enum BuildFailure {
    static func report(for step: Step, source: Source, build: CommandResult, workspace: Workspace) -> StepReport {
        if case .notStarted(let reason) = build.ending {
            return StepReport(
                step: step, source: source, status: .couldNotRun,
                problem:
                    "Swift could not be started (\(reason)). Install a Swift 6.2 or newer toolchain and put `swift` on your PATH."
            )
        }
        let learnerFolder = workspace.folder(of: step, in: source).path + "/"
        let checksFolder = workspace.root.appendingPathComponent("Tests").path + "/"
        let errors = DiagnosticParser.diagnostics(in: build.output).filter { $0.severity != .warning }
        let learner = errors.filter { $0.file.hasPrefix(learnerFolder) }
        let checks = errors.filter { $0.file.hasPrefix(checksFolder) }
        let others = errors.filter { !$0.file.hasPrefix(learnerFolder) && !$0.file.hasPrefix(checksFolder) }

        var problem: String?
        var rawOutput: String?
        if learner.isEmpty, !checks.isEmpty {
            problem =
                "Your code compiles, but the checks cannot use it: they call the names and signatures the "
                + "starter gave you. Put back any you renamed or removed (the errors below are in the checks, caused by that)."
        } else if errors.isEmpty {
            let general = DiagnosticParser.generalErrors(in: build.output)
            problem =
                general.isEmpty
                ? "The build failed without a compiler message; the end of its output is below."
                : general.joined(separator: "\n")
            rawOutput = build.output.components(separatedBy: "\n").suffix(30).joined(separator: "\n")
        }
        return StepReport(
            step: step, source: source, status: .buildFailed,
            diagnostics: learner + checks + others, problem: problem, rawOutput: rawOutput
        )
    }
}
