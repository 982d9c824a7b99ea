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
struct ArgumentParserTests {
    @Test("No arguments means status")
    func noArgumentsIsStatus() throws {
        // Given
        let arguments: [String] = []

        // When
        let parsed = try ArgumentParser.parse(arguments, specs: Kata.specs)

        // Then
        #expect(parsed.command == "status")
    }

    @Test("A command's flags, values and words are read, in any order")
    func readsFlagsAndValues() throws {
        // Given
        let arguments = ["check", "--json", "3", "--time-limit=5", "--solutions"]

        // When
        let parsed = try ArgumentParser.parse(arguments, specs: Kata.specs)

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
        let step = try StepArgument.parse(word, command: "check")

        // Then
        #expect(step.number == expected)
    }

    @Test("A typo in a command gets a suggestion")
    func suggestsACommand() {
        // Given
        let arguments = ["chek", "3"]

        // When
        let error = #expect(throws: UsageError.self) { try ArgumentParser.parse(arguments, specs: Kata.specs) }

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
        (["check", "3", "--all"], "not both"),
        (["check", "3", "--time-limit"], "--time-limit needs a value"),
        (["hint", "-2"], "unknown option '-2'"),
        (["status", "now"], "unexpected 'now'"),
        (["--verbose"], "unknown option '--verbose'"),
        (["check", "3", "--time-limit", "soon"], "takes seconds"),
    ]

    @Test("A malformed command line prints one clear line and exits 64", arguments: malformed)
    func malformedInvocations(arguments: [String], expected: String) {
        // Given
        let console = ConsoleRecorder()

        // When
        let status = Kata.run(arguments, in: console.context(in: Kit.root))

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
