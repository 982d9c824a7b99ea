import Foundation

/// Where a command runs: the folder, the environment, and where its output goes.
public struct Context {
    var currentDirectory: URL
    var environment: [String: String]
    var terminal: Terminal
    var write: (String) -> Void
    var writeError: (String) -> Void
    /// Reads a line the person typed; nil at the end of input.
    var readLine: () -> String?
    /// Whether input comes from a person at a terminal, not a pipe or a file.
    var isInputInteractive: Bool
    /// The kata program running, when started as one: an installed copy may be out of date.
    var executable: URL?

    /// A context for one command; `readLine` and `isInputInteractive` matter to commands that ask.
    public init(
        currentDirectory: URL, environment: [String: String], terminal: Terminal,
        write: @escaping (String) -> Void, writeError: @escaping (String) -> Void,
        readLine: @escaping () -> String? = { nil }, isInputInteractive: Bool = false, executable: URL? = nil
    ) {
        self.executable = executable
        self.currentDirectory = currentDirectory
        self.environment = environment
        self.terminal = terminal
        self.write = write
        self.writeError = writeError
        self.readLine = readLine
        self.isInputInteractive = isInputInteractive
    }

    var style: Style { Style(enabled: terminal.usesColor) }

    /// The Swift to build with and how to start built checks, as the environment chooses.
    var toolchain: Toolchain { Toolchain(environment: environment) }

    /// The `kata` a person types here, and whether it is an installed copy left behind.
    var runner: InstalledRunner { InstalledRunner(environment: environment, executable: executable) }

    /// The workspace this command runs in, found from the current folder upwards.
    func workspace() throws(CommandFailure) -> Workspace {
        if let root = environment["KATA_ROOT"], !root.isEmpty {
            // It names the workspace outright (scripts, editors), so it must be one: kata
            // would otherwise build and reset whatever folder it names.
            let folder = URL(fileURLWithPath: root, relativeTo: currentDirectory)
            guard Workspace.isKataRoot(folder) else {
                throw CommandFailure(
                    "kata: KATA_ROOT must be a kata workspace (a folder holding Package.swift, Exercises/ and Solutions/); "
                        + "it is '\(root)'.",
                    status: .noInput)
            }
            return Workspace(root: folder)
        }
        guard currentDirectory.path.hasPrefix("/") else {
            throw CommandFailure(
                "kata: the current folder no longer exists (was it deleted?); cd into your kata workspace and run kata again.",
                status: .noInput)
        }
        guard let workspace = Workspace.locate(from: currentDirectory) else {
            throw CommandFailure(
                "kata: not inside a kata workspace: no folder above \(currentDirectory.path) holds Package.swift and Exercises/.",
                status: .noInput
            )
        }
        return workspace
    }

    /// `known`, the kit `Kata.run` read, or else the workspace's, read now: the one line that says
    /// why there is none here (not in a workspace, a course that cannot be read).
    func kit(_ known: Kit?) throws(CommandFailure) -> Kit {
        if let known { return known }
        return try Kit.open(try workspace())
    }

    /// Shows what is under way, on a terminal that can redraw a line only; the next line written replaces it. It is
    /// cut to one line of the terminal: a line that wrapped could not be redrawn.
    func progress(_ message: String) {
        guard terminal.canRedraw else { return }
        writeError("\r\u{1B}[2K" + style.dim(TextWrapper.cut(message, width: terminal.width - 1)))
    }

    /// Writes a line in place of the progress line, to stay above it: something that happened while the work goes on.
    func progressNote(_ line: String) {
        guard terminal.canRedraw else { return }
        writeError("\r\u{1B}[2K" + line + "\n")
    }

    func clearProgress() {
        guard terminal.canRedraw else { return }
        writeError("\r\u{1B}[2K")
    }
}

/// What a check is doing, on the progress line of a terminal: building, waiting for another build, running the
/// checks, and which check once one runs long enough to wonder; a check stopped at its time limit is named on a line
/// that stays. (A check reports from where it runs; the line is the command's.)
final class CheckProgressLine: @unchecked Sendable {
    private let context: Context
    private let state = Locked<(step: Step?, shown: String)>((nil, ""))

    /// A check is named once it has run this long: most take milliseconds, and a name flashing by tells nothing.
    static let namedAfter: Duration = .seconds(2)

    init(_ context: Context) { self.context = context }

    func show(_ stage: StepChecker.Stage) {
        guard context.terminal.canRedraw else { return }
        switch stage {
        case .building(let step):
            state.withLock { $0.step = step }
            draw("Building step \(step.number) (\(step.name))…")
        case .waitingForAnotherBuild(let said):
            let pid =
                said.range(of: "PID: ").map { " (process \(said[$0.upperBound...].prefix { $0.isNumber }))" } ?? ""
            draw("Waiting for another SwiftPM building in kata's build folder\(pid) to finish…")
        case .running(let step):
            state.withLock { $0.step = step }
            draw(runningTheChecks)
        case .runningCheck(let name, let running, let limit):
            guard running >= Self.namedAfter else { return draw(runningTheChecks) }
            let step = state.withLock { $0.step }
            // The limit only once it comes near: a check of a few seconds is slow, not stuck, and its name needs the room.
            let tail =
                running * 2 >= limit
                ? "” has run \(Self.seconds(running, roundedDown: true)) s; kata stops it at \(Self.seconds(limit)) s…"
                : "” running, \(Self.seconds(running, roundedDown: true)) s…"
            var lead = step.map { "Step \($0.number) (\($0.name)): “" } ?? "“"
            // Room measured against the longest the tail gets, so that the name is cut, and the step named, the same
            // way from the first second to the limit.
            let longest = "” has run \(Self.seconds(limit)) s; kata stops it at \(Self.seconds(limit)) s…".count
            // On a narrow terminal the check's name matters more than its step's, which the command named.
            if context.terminal.width - 1 - lead.count - longest < 20 { lead = "“" }
            let room = context.terminal.width - 1 - lead.count - longest
            draw(lead + TextWrapper.cut(name, width: max(room, 10)) + tail)
        case .stoppedCheck(let name, let after):
            state.withLock { $0.shown = "" }
            context.progressNote(
                context.style.fail("✘ hung:")
                    + " “\(name)” ran \(Self.seconds(after)) s, its time limit: kata stopped it."
                    + " The other checks go on.")
        }
    }

    var callback: @Sendable (StepChecker.Stage) -> Void { { [self] in show($0) } }

    private var runningTheChecks: String {
        state.withLock { $0.step }.map { "Running the checks of step \($0.number) (\($0.name))…" }
            ?? "Running the checks…"
    }

    /// Draws the line again only when it says something else: it is told every few milliseconds.
    private func draw(_ text: String) {
        let changed = state.withLock { state in
            defer { state.shown = text }
            return state.shown != text
        }
        if changed { context.progress(text) }
    }

    /// `3` for three seconds and a bit (while it runs, whole seconds are enough), `0.5` for half a second.
    private static func seconds(_ duration: Duration, roundedDown: Bool = false) -> String {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        if roundedDown || seconds == seconds.rounded() { return "\(Int(seconds))" }
        return String(format: "%.1f", seconds)
    }
}

/// One of kata's commands: how it is typed.
protocol KataCommand {
    static var spec: CommandSpec { get }
}

/// A command that works on the workspace it runs in, and so on its kit.
protocol WorkspaceCommand: KataCommand {
    init(_ arguments: ParsedArguments, in kit: Kit) throws(UsageError)
    func run(in context: Context, on kit: Kit) throws(CommandFailure) -> ExitStatus
}

/// A command that may run outside a workspace (a grade against a pristine kit, a class's files); given its kit if any.
protocol AnywhereCommand: KataCommand {
    init(_ arguments: ParsedArguments, kit workspaceKit: Kit?) throws(UsageError)
    func run(in context: Context) throws(CommandFailure) -> ExitStatus
}

/// The kata runner: reads a command line, runs the command, says how it went.
public enum Kata {
    static let version = KataRelease.version

    static var commands: [any KataCommand.Type] {
        [
            StatusCommand.self, ListCommand.self, CheckCommand.self, HintCommand.self, WatchCommand.self,
            RunCommand.self, GuideCommand.self, ResetCommand.self, DiffCommand.self,
            GradeCommand.self, ClassCommand.self, VerifyCommand.self, ManifestCommand.self, MistakesCommand.self,
            ReviewCommand.self, CleanCommand.self,
        ]
    }

    static var specs: [CommandSpec] { commands.map { $0.spec } }

    /// Runs one command line in `context` and says how it ended; it never exits the process.
    public static func run(_ arguments: [String], in context: Context) -> ExitStatus {
        var context = context
        do {
            let arguments = try KataSettings.takingBuildSystem(from: arguments, into: &context.environment)
            let parsed = try CommandLineParser.parse(arguments, specs: specs)
            switch parsed.command {
            case "version":
                context.write("kata \(version)\n")
                return .success
            case "help":
                return HelpCommand.show(topic: parsed.words.first, in: context)
            default:
                break
            }
            guard let command = commands.first(where: { $0.spec.name == parsed.command }) else {
                throw UsageError("kata: unknown command '\(parsed.command)'. See kata --help.")
            }
            if parsed.wantsHelp {
                return HelpCommand.show(topic: parsed.command, in: context)
            }
            try KataSettings.validate(context.environment)
            // The kit is read once, here, and handed down: its course says what the steps are.
            switch command {
            case let command as any WorkspaceCommand.Type:
                let kit = try Kit.open(try context.workspace())
                if let note = context.runner.staleNote(for: kit.workspace) {
                    context.writeError(context.style.warn("Note: ") + note + "\n")
                }
                return try command.init(parsed, in: kit).run(in: context, on: kit)
            case let command as any AnywhereCommand.Type:
                let kit = try? Kit.open(try context.workspace())
                return try command.init(parsed, kit: kit).run(in: context)
            default:
                preconditionFailure("\(command) is neither a WorkspaceCommand nor an AnywhereCommand")
            }
        } catch let error as UsageError {
            context.writeError(error.message + "\n")
            return .usage
        } catch let failure as CommandFailure {
            context.clearProgress()
            context.writeError(failure.message + "\n")
            return failure.status
        } catch {
            context.writeError("kata: \(error)\n")
            return .failure
        }
    }
}

/// The environment variables kata reads: one it cannot use is refused in one line before any command runs.
enum KataSettings {
    static func validate(_ environment: [String: String]) throws(UsageError) {
        if let driver = environment["KATA_TEST_DRIVER"], !driver.isEmpty, TestDriver(rawValue: driver) == nil {
            let known = TestDriver.allCases.map(\.rawValue).joined(separator: " or ")
            throw UsageError("kata: KATA_TEST_DRIVER must be \(known); it is '\(driver)'.")
        }
        if let system = environment[Toolchain.buildSystemVariable], !system.isEmpty {
            try buildSystem(system, setBy: Toolchain.buildSystemVariable)
        }
    }

    /// A build system kata can find the products of (`xcode` keeps them where only Xcode runs them).
    static func buildSystem(_ name: String, setBy setting: String) throws(UsageError) {
        guard !Toolchain.buildSystems.contains(name) else { return }
        throw UsageError(
            "kata: \(setting) must be \(Toolchain.buildSystems.joined(separator: " or ")) (or left out, for the "
                + "toolchain's own); it is '\(name)'.")
    }

    /// `--build-system NAME`, which every command takes, read off the command line into the setting it stands for.
    static func takingBuildSystem(from arguments: [String], into environment: inout [String: String]) throws(UsageError)
        -> [String]
    {
        var kept: [String] = []
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if argument == "--" {
                kept += [argument] + rest
                break
            }
            guard argument == "--build-system" || argument.hasPrefix("--build-system=") else {
                kept.append(argument)
                continue
            }
            let inline = argument.split(separator: "=", maxSplits: 1).dropFirst().first.map(String.init)
            guard let value = inline ?? rest.popFirst(), !value.isEmpty, !value.hasPrefix("-") else {
                throw UsageError(
                    "kata: --build-system needs a value: --build-system native or --build-system swiftbuild.")
            }
            try buildSystem(value, setBy: "--build-system")
            environment[Toolchain.buildSystemVariable] = value
        }
        return kept
    }
}

/// What every command that builds or runs in a workspace holds while it does: `kata check`,
/// `watch`'s every check, `run`, `hint` and a grade without `--kit` take turns, so that one never
/// runs a product another is building, or records a run another cut short.
enum WorkspaceLock {
    static func acquire(_ workspace: Workspace, context: Context) throws(CommandFailure) -> FolderLock {
        var waited = false
        let lock = try FolderLock.acquire(file: workspace.stateFolder.appendingPathComponent("busy.lock")) {
            waited = true
            let message = "Waiting for another kata command in this workspace to finish…"
            // Off a terminal (a CI job, an editor's task) a wait with nothing said looks like a hang: one plain line.
            if context.terminal.canRedraw {
                context.progress(message)
            } else {
                context.writeError("kata: \(message)\n")
            }
        }
        // What comes next starts on a line of its own, not after the waiting one.
        if waited { context.clearProgress() }
        return lock
    }
}
