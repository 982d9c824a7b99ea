import Foundation
import Testing

@testable import KataCore

/// Runs kata in memory and keeps what it wrote.
final class ConsoleRecorder: @unchecked Sendable {
    private(set) var output = ""
    private(set) var errors = ""

    func context(in folder: URL = URL(fileURLWithPath: "/"), environment: [String: String] = [:]) -> Context {
        Context(
            currentDirectory: folder, environment: environment, terminal: .plain,
            write: { self.output += $0 }, writeError: { self.errors += $0 }
        )
    }
}

@Suite("Reading the command line")
struct CommandLineParserTests {
    @Test("No arguments means status")
    func noArgumentsIsStatus() throws {
        // Given
        let arguments: [String] = []

        // When
        let parsed = try CommandLineParser.parse(arguments, specs: Kata.specs)

        // Then
        #expect(parsed.command == "status")
    }

    @Test("A command's flags, values and words are read, in any order")
    func readsFlagsAndValues() throws {
        // Given
        let arguments = ["check", "--json", "3", "--time-limit=5", "--solutions"]

        // When
        let parsed = try CommandLineParser.parse(arguments, specs: Kata.specs)

        // Then
        #expect(parsed.command == "check")
        #expect(parsed.words == ["3"])
        #expect(parsed.flags == ["--json", "--solutions"])
        #expect(parsed.values == ["--time-limit": "5"])
    }

    @Test("A step is read as a number from 1 to 7", arguments: ["1", "03", "7"])
    func readsSteps(word: String) throws {
        // Given
        let expected = Int(word)

        // When
        let step = try StepArgument.parse(word, command: "check", in: RealKit.kit)

        // Then
        #expect(step.number == expected)
    }

    @Test("A typo in a command gets a suggestion")
    func suggestsACommand() {
        // Given
        let arguments = ["chek", "3"]

        // When
        let error = #expect(throws: UsageError.self) { try CommandLineParser.parse(arguments, specs: Kata.specs) }

        // Then
        #expect(error?.message.contains("Did you mean 'kata check'?") == true)
    }

    /// Ten ways to get the command line wrong, and the line each one gets.
    static let malformed: [([String], String)] = [
        (["frobnicate"], "unknown command 'frobnicate'"),
        (["check", "0"], "there is no step 0"),
        (["check", "99"], "there is no step 99"),
        (["check", "abc"], "'abc' is not a step number"),
        (["check", "3", "4"], "unexpected '4'"),
        (["check", "3", "--jsn"], "unknown option '--jsn'"),
        (["check"], "which step?"),
        (["diff"], "kata diff: which step? Usage: kata diff <step>"),
        (["reset", "--", "--all"], "'--all' is not a step number"),
        (["check", "3", "--all"], "not both"),
        (["check", "3", "--time-limit"], "--time-limit needs a value"),
        (["hint", "-2"], "unknown option '-2'"),
        (["status", "now"], "unexpected 'now'"),
        (["--verbose"], "unknown option '--verbose'"),
        (["check", "3", "--time-limit", "soon"], "takes seconds"),
        (["verify", "--steps-only", "--all"], "choose --steps-only or --all, not both"),
    ]

    @Test("A malformed command line prints one clear line and exits 64", arguments: malformed)
    func malformedInvocations(arguments: [String], expected: String) {
        // Given
        let console = ConsoleRecorder()

        // When
        let status = Kata.run(arguments, in: console.context(in: RealKit.root))

        // Then
        // Usage errors exit 64 (EX_USAGE), with one line that says what is wrong, and nothing else.
        #expect(status == .usage)
        #expect(console.errors.contains(expected))
        #expect(console.errors.split(separator: "\n").count == 1)
        #expect(console.output.isEmpty)
    }

    @Test("Every command has --help, and it exits 0", arguments: Kata.specs.map(\.name))
    func everyCommandHasHelp(command: String) {
        // Given
        let console = ConsoleRecorder()

        // When
        let status = Kata.run([command, "--help"], in: console.context())

        // Then
        #expect(status == .success)
        #expect(console.output.hasPrefix("Usage: kata \(command)"))
    }

    @Test("kata --help lists every command with a space between its name and what it does")
    func helpColumns() {
        // Given
        let console = ConsoleRecorder()

        // When
        _ = Kata.run(["--help"], in: console.context())

        // Then
        let lines = console.output.split(separator: "\n").map(String.init)
        for spec in Kata.specs {
            #expect(lines.contains { $0.hasPrefix("  \(spec.name)  ") && $0.hasSuffix(spec.summary) }, "\(spec.name)")
        }
    }

    @Test(
        "A command's help names every option in full, and its usage lines show each one",
        arguments: Kata.specs.map(\.name))
    func helpShowsEveryOption(command: String) throws {
        // Given
        let spec = try #require(Kata.specs.first { $0.name == command })
        let console = ConsoleRecorder()

        // When
        _ = Kata.run([spec.name, "--help"], in: console.context())

        // Then
        let lines = console.output.split(separator: "\n").map(String.init)
        let usage = spec.usage.joined(separator: "\n")
        for option in spec.options {
            let name = option.value.map { "\(option.name) \($0)" } ?? option.name
            #expect(lines.contains { $0.hasPrefix("  \(name)  ") && $0.hasSuffix(option.help) }, "\(name)")
            #expect(usage.contains(option.name), "the usage of kata \(spec.name) leaves out \(option.name)")
        }
    }

    @Test("-- ends the options: what follows is read as words")
    func doubleDashEndsOptions() throws {
        // Given
        let arguments = ["check", "--json", "--", "3"]

        // When
        let parsed = try CommandLineParser.parse(arguments, specs: Kata.specs)

        // Then
        #expect(parsed.words == ["3"])
        #expect(parsed.flags == ["--json"])
    }

    @Test("--version prints the version")
    func version() {
        // Given
        let console = ConsoleRecorder()

        // When
        let status = Kata.run(["--version"], in: console.context())

        // Then
        #expect(status == .success)
        #expect(console.output == "kata \(Kata.version)\n")
    }

    @Test("Outside a workspace, kata says so in one line")
    func outsideAWorkspace() {
        // Given
        let console = ConsoleRecorder()
        let folder = FileManager.default.temporaryDirectory

        // When
        let status = Kata.run(["status"], in: console.context(in: folder))

        // Then
        #expect(status == .noInput)
        #expect(console.errors.contains("not inside a kata workspace"))
        #expect(console.errors.split(separator: "\n").count == 1)
    }
}

@Suite("The first run: which kata to type")
struct FirstRunTests {
    @Test("Before make install, status says to type swift run kata, and how to get kata on the PATH")
    func statusBeforeInstall() {
        // Given
        let console = ConsoleRecorder()

        // When
        let status = Kata.run(["status"], in: console.context(in: RealKit.root, environment: ["PATH": "/nonexistent"]))

        // Then
        #expect(status == .success)
        #expect(console.output.contains("swift run kata check "))
        #expect(console.output.contains("kata is not on your PATH yet"))
        #expect(console.output.contains("make install"))
    }

    @Test("With kata on the PATH, status names kata alone")
    func statusAfterInstall() throws {
        // Given
        let bin = FileManager.default.temporaryDirectory.appendingPathComponent("kata-bin-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: bin) }
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let kata = bin.appendingPathComponent("kata").path
        _ = FileManager.default.createFile(atPath: kata, contents: Data("#!/bin/sh\n".utf8))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: kata)
        let console = ConsoleRecorder()

        // When
        _ = Kata.run(
            ["status"], in: console.context(in: RealKit.root, environment: ["PATH": "/nonexistent:\(bin.path)"]))

        // Then
        #expect(console.output.contains("Next: "))
        #expect(!console.output.contains("swift run kata"))
    }

    @Test("An installed kata older than the runner's sources says to install it again; a build product never does")
    func staleInstalledCopy() throws {
        // Given
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("kata-stale-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let source = root.appendingPathComponent("kit/Sources/KataCore/Kata.swift")
        try FileManager.default.createDirectory(
            at: source.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("// changed by a pull\n".utf8).write(to: source)
        let installed = root.appendingPathComponent("bin/kata")
        let built = root.appendingPathComponent("kit/.build/debug/kata")
        for executable in [installed, built] {
            try FileManager.default.createDirectory(
                at: executable.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data().write(to: executable)
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: executable.path)
        }
        let workspace = Workspace(root: root.appendingPathComponent("kit"))

        // When
        let installedNote = InstalledRunner(environment: [:], executable: installed).staleNote(for: workspace)
        let builtNote = InstalledRunner(environment: [:], executable: built).staleNote(for: workspace)

        // Then
        #expect(installedNote?.contains("run make install again") == true)
        #expect(builtNote == nil)
    }

    @Test("Off the PATH, an installed kata says to add its folder to the PATH; swift run kata says to install it")
    func notOnThePath() {
        // Given
        let installed = URL(fileURLWithPath: "/home/learner/.local/bin/kata")
        let built = URL(fileURLWithPath: "/home/learner/kit/.build/debug/kata")

        // When
        let installedNote = InstalledRunner(environment: ["PATH": "/usr/bin"], executable: installed).pathNote
        let builtNote = InstalledRunner(environment: ["PATH": "/usr/bin"], executable: built).pathNote

        // Then
        // Just installed, make install again would not help: the folder is what the shell lacks.
        #expect(installedNote?.contains("export PATH=\"/home/learner/.local/bin:$PATH\"") == true)
        #expect(installedNote?.contains("make install") == false)
        #expect(builtNote?.contains("type swift run kata where the guides say kata") == true)
    }
}
