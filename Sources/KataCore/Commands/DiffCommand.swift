import Foundation

/// `kata diff N`: your files against the reference solution, once the step is done.
struct DiffCommand: WorkspaceCommand {
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

    init(_ arguments: ParsedArguments, in kit: Kit) throws(UsageError) {
        step = try StepArgument.parse(arguments.words[0], command: "diff", in: kit)
        peek = arguments.has("--peek")
        starter = arguments.has("--starter")
        if peek, starter { throw UsageError("kata diff: --peek and --starter do not go together.") }
    }

    func run(in context: Context, on kit: Kit) throws(CommandFailure) -> ExitStatus {
        let workspace = kit.workspace
        try workspace.requireSolutions(for: "diff")
        let solution = DiffSide(of: step, in: .solutions, workspace: workspace)
        let mine: DiffSide
        let label: String
        if starter {
            // The lesson whole is the instructor's view; a learner reaching it before the step is done is told so.
            if !StepProgress.of(step, in: ResultStore(kit: kit)).isDone {
                context.writeError(
                    context.style.warn(
                        "For instructors: this shows the whole answer to step \(step.number), which is not done here yet."
                    ) + "\n")
            }
            let manifest = try KitManifest.load(from: workspace)
            mine = DiffSide(manifest.starterFiles(of: step).map { ($0.path, .text($0.text)) })
            label = "starter"
        } else {
            try checkDone(kit: kit, context: context)
            if let problem = StepFolder.problem(workspace.folder(of: step)) {
                throw CommandFailure(
                    "kata diff: Exercises/\(step.folder) \(problem). kata reset \(step.number) puts the starter back.",
                    status: .noInput)
            }
            mine = DiffSide(of: step, in: .exercises, workspace: workspace)
            label = "Exercises"
        }
        var output = ""
        for key in DiffSide.keys(mine, solution) {
            let (old, new) = (mine.files[key], solution.files[key])
            let oldName = old.map { "\(label)/\(step.folder)/\($0.path)" } ?? "/dev/null"
            let newName = new.map { "Solutions/\(step.folder)/\($0.path)" } ?? "/dev/null"
            switch (old?.contents ?? .text(""), new?.contents ?? .text("")) {
            case (.text(let oldText), .text(let newText)):
                output += UnifiedDiff.diff(old: oldText, new: newText, oldName: oldName, newName: newName)
            case (let oldContents, let newContents) where !oldContents.isSame(as: newContents):
                output += "Files \(oldName) and \(newName) differ (\(oldContents.note ?? newContents.note ?? ""))\n"
            default:
                break
            }
        }
        if output.isEmpty {
            context.write("No difference: your step \(step.number) is the reference solution, file for file.\n")
        } else {
            context.write(context.terminal.usesColor ? Self.paint(output, style: context.style) : output)
        }
        return .success
    }

    /// Refuses, with the way round, unless the step's latest result passes and is current.
    private func checkDone(kit: Kit, context: Context) throws(CommandFailure) {
        let progress = StepProgress.of(step, in: ResultStore(kit: kit))
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

    /// Colours a diff for a terminal: removals red, additions green, hunk heads cyan.
    private static func paint(_ diff: String, style: Style) -> String {
        diff.components(separatedBy: "\n").map { line in
            if line.hasPrefix("+++") || line.hasPrefix("---") { return style.bold(line) }
            if line.hasPrefix("@@") { return style.accent(line) }
            if line.hasPrefix("+") { return style.pass(line) }
            if line.hasPrefix("-") { return style.fail(line) }
            return line
        }.joined(separator: "\n")
    }
}

/// One side of a diff: files by name, told apart byte for byte. Swift's String equality calls "café" written with é and
/// with e + ◌́ equal, yet Linux holds them as two files: both are shown, each with its own contents.
struct DiffSide {
    enum Contents {
        case text(String)
        /// Not shown line by line: binary, or too large to compare (read only if another
        /// file of the same size has to be told from it).
        case opaque(size: Int, file: URL, why: String)

        var note: String? {
            if case .opaque(_, _, let why) = self { return why }
            return nil
        }

        func isSame(as other: Contents) -> Bool {
            switch (self, other) {
            case (.text(let a), .text(let b)): return a == b
            case (.opaque(let size, let a, _), .opaque(let otherSize, let b, _)) where size == otherSize:
                return (try? FolderCopy.list(a)) == (try? FolderCopy.list(b))
            default: return false
            }
        }
    }

    let files: [[UInt8]: (path: String, contents: Contents)]

    init(_ files: [(String, Contents)]) {
        self.files = Dictionary(files.map { (Array($0.0.utf8), ($0.0, $0.1)) }, uniquingKeysWith: { first, _ in first })
    }

    /// The files of a step's folder, as they are on disk.
    init(of step: Step, in source: Source, workspace: Workspace) {
        let folder = workspace.folder(of: step, in: source)
        self.init(
            workspace.files(of: step, in: source).map { ($0, Self.contents(of: folder.appendingPathComponent($0))) })
    }

    /// Every name on either side, sorted as text, then by bytes.
    static func keys(_ left: DiffSide, _ right: DiffSide) -> [[UInt8]] {
        Set(left.files.keys).union(right.files.keys).sorted { a, b in
            let (first, second) = (String(decoding: a, as: UTF8.self), String(decoding: b, as: UTF8.self))
            return first != second ? first < second : a.lexicographicallyPrecedes(b)
        }
    }

    /// A text diff of megabytes would take minutes and say nothing.
    static let largestText = 1024 * 1024

    static func contents(of url: URL) -> Contents {
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int ?? 0
        if size > largestText {
            return .opaque(size: size, file: url, why: "\(size / 1024) KB: too large to compare line by line")
        }
        let bytes = (try? Data(contentsOf: url)).map(Array.init) ?? []
        if bytes.contains(0) { return .opaque(size: bytes.count, file: url, why: "binary") }
        return .text(String(decoding: bytes, as: UTF8.self))
    }
}
