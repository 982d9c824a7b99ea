import Foundation

/// `kata diff N`: your files against the reference solution, once the step is done.
struct DiffCommand: KataCommand {
    static let spec = CommandSpec(
        name: "diff",
        usage: ["kata diff <step> [--peek]", "kata diff <step> --starter"],
        summary: "Compare your step with the reference solution",
        details: """
            Shows a unified diff of your files against the solution, once every check of the step
            passes (kata check N). Before that it refuses, unless you add --peek, which gives the
            answer away. --starter compares the kit's starter with the solution instead: exactly
            the learner's work, for instructors. Coloured on a terminal, plain when piped.
            """,
        options: [
            .init("--peek", help: "show the diff even though the step is not done (it gives the answer away)"),
            .init("--starter", help: "compare the kit's starter with the solution (for instructors)"),
        ],
        arguments: 1...1
    )

    let step: Step
    let peek: Bool
    let starter: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        step = try StepArgument.parse(arguments.words[0], command: "diff")
        peek = arguments.has("--peek")
        starter = arguments.has("--starter")
        if peek, starter {
            throw UsageError("kata diff: --peek and --starter do not go together.")
        }
    }

    func run(in context: Context) throws(CommandFailure) -> ExitStatus {
        let workspace = try context.workspace()
        try workspace.requireSolutions(for: "diff")
        let solution = Dictionary(
            uniqueKeysWithValues: workspace.files(of: step, in: .solutions).map { path in
                (path, String(decoding: workspace.bytes(of: "Solutions/\(step.folder)/\(path)"), as: UTF8.self))
            })
        let mine: [String: String]
        let label: String
        if starter {
            let manifest = try KitManifest.load(from: workspace)
            mine = Dictionary(uniqueKeysWithValues: manifest.starterFiles(of: step).map { ($0.path, $0.text) })
            label = "starter"
        } else {
            try checkDone(workspace: workspace, context: context)
            guard FileManager.default.fileExists(atPath: workspace.folder(of: step).path) else {
                throw CommandFailure(
                    "kata diff: Exercises/\(step.folder) is missing. kata reset \(step.number) puts the starter back.",
                    status: .noInput)
            }
            mine = Dictionary(
                uniqueKeysWithValues: workspace.files(of: step).map { path in
                    (path, String(decoding: workspace.bytes(of: "Exercises/\(step.folder)/\(path)"), as: UTF8.self))
                })
            label = "Exercises"
        }
        var output = ""
        for path in Set(mine.keys).union(solution.keys).sorted() {
            output += UnifiedDiff.diff(
                old: mine[path] ?? "", new: solution[path] ?? "",
                oldName: mine[path] == nil ? "/dev/null" : "\(label)/\(step.folder)/\(path)",
                newName: solution[path] == nil ? "/dev/null" : "Solutions/\(step.folder)/\(path)"
            )
        }
        if output.isEmpty {
            context.write("No difference: your step \(step.number) is the reference solution, file for file.\n")
        } else {
            context.write(context.terminal.usesColor ? UnifiedDiff.paint(output, style: context.style) : output)
        }
        return .success
    }

    /// Refuses, with the way round, unless the step's latest result passes and is current.
    private func checkDone(workspace: Workspace, context: Context) throws(CommandFailure) {
        let store = ResultStore(workspace: workspace)
        let progress = StepProgress.of(step, in: store)
        guard !progress.isDone else { return }
        if peek {
            context.writeError(
                context.style.warn("Peeking: this shows the answer to checks you have not passed yet.") + "\n")
            return
        }
        let state = progress.describe(Style(enabled: false))
        throw CommandFailure(
            "kata diff: step \(step.number) is not done yet (\(state)), so its solution stays hidden. "
                + "Finish it (kata check \(step.number)), or look anyway with kata diff \(step.number) --peek.")
    }
}
