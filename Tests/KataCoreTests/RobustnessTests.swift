import Foundation
import Testing

@testable import KataCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("Nothing a command starts outlives it")
struct ProcessEndingTests {
    @Test("A process left in the background holding the output does not hold up the run, and ends with it")
    func backgroundProcessHoldingTheOutput() throws {
        // Given
        let command = Command("/bin/sh", ["-c", "sleep 100 & echo $!"], timeLimit: .seconds(30))

        // When
        let result = Subprocess.run(command)

        // Then
        // The command's end is the run's end: no waiting out the time limit for what it left.
        #expect(result.ending == .exited(0))
        let pid = try #require(pid_t(result.output.trimmingCharacters(in: .whitespacesAndNewlines)))
        // What it left running was ended with it.
        #expect(!isRunning(pid))
    }

    @Test("A time limit ends what the command started in process groups of their own, as SwiftPM's compilers are")
    func timeLimitReachesOtherProcessGroups() throws {
        // Given
        let command = Command(
            "/bin/bash", ["-c", "set -m; sleep 100 > /dev/null 2>&1 & echo $!; wait"], timeLimit: .milliseconds(500))

        // When
        let result = Subprocess.run(command)

        // Then
        #expect(result.ending == .timedOut)
        let pid = try #require(pid_t(result.output.trimmingCharacters(in: .whitespacesAndNewlines)))
        // The process in a group of its own was ended too.
        #expect(!isRunning(pid))
    }

    @Test("What a command leaves running in a process group of its own ends when the command does")
    func leftoversEndWithTheCommand() throws {
        // Given
        let command = Command("/bin/bash", ["-c", "set -m; sleep 100 > /dev/null 2>&1 & echo $!"])

        // When
        let result = Subprocess.run(command)

        // Then
        #expect(result.ending == .exited(0))
        let pid = try #require(pid_t(result.output.trimmingCharacters(in: .whitespacesAndNewlines)))
        // Nothing it started is left running.
        #expect(!isRunning(pid))
    }

    #if os(Linux)
        @Test("A process that leaves the command's session and its parent, to outlive it, ends when the command does")
        func orphansInASessionOfTheirOwnEnd() throws {
            // Given
            // A double fork: the daemon's parent exits at once, and the daemon leaves the session.
            let marker = FileManager.default.temporaryDirectory.appendingPathComponent(
                "kata-orphan-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: marker) }
            // It waits (five seconds at most) until the daemon has written its pid: a loaded machine
            // may start it late. Tests running beside this one may end the orphan first, which is the
            // point: then it never writes.
            let daemon =
                "(setsid sh -c 'echo $$ > \"$0\"; exec sleep 100' \"$0\" > /dev/null 2>&1 &); "
                + "n=0; while [ ! -s \"$0\" ] && [ $n -lt 100 ]; do sleep 0.05; n=$((n+1)); done"
            let written = Command("/bin/sh", ["-c", daemon, marker.path], timeLimit: .seconds(30))

            // When
            let result = Subprocess.run(written)

            // Then
            #expect(result.ending == .exited(0))
            let text = (try? String(contentsOf: marker, encoding: .utf8)) ?? ""
            // kata adopts what its children orphan, and ends it with them: no grade's code outlives its run.
            if let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                #expect(!isRunning(pid))
            }
        }
    #endif
}

@Suite("Reading a crash that follows printed output")
struct CrashLogRobustnessTests {
    /// A check that passed after printing what looks like a crash, then the real crash.
    private let printedFirst = """
        ◇ Test "A check that prints" started.
        Fatal error: this line was printed by a passing check
            at /kata/Exercises/01-Starter/Printer.swift:3:1
        ✔ Test "A check that prints" passed after 0.001 seconds.

        """

    @Test("The crash's own runtime message is read, not a line another check printed before it")
    func crashOwnMessage() {
        // Given
        let output = printedFirst + Fixtures.text("crashed-output.txt")

        // When
        let message = CrashLog.message(in: output)

        // Then
        #expect(message == "It crashed: Fatal error: Unexpectedly found nil while unwrapping an Optional value")
    }

    @Test("The crash's place is read from its own backtrace, not from a line another check printed")
    func crashOwnFrame() throws {
        // Given
        let output = printedFirst + Fixtures.text("crashed-output.txt")

        // When
        let frame = try #require(CrashLog.firstFrame(in: output, under: ["/kata/"]))

        // Then
        #expect(frame.file == "/kata/Tests/StepATests/ViewTests.swift")
        #expect(frame.line == 40)
    }

    @Test("A crash that left no sentence is not given one a passing check printed")
    func crashWithoutSentence() {
        // Given
        let output = printedFirst + "◇ Test \"A check that crashes\" started.\n"

        // When
        let message = CrashLog.message(in: output)

        // Then
        // No message: the report falls back on the signal's name.
        #expect(message == nil)
    }
}

@Suite("Bad input gets one clear line")
struct BadInputTests {
    /// Output of a command run in-process.
    final class Captured {
        var output = ""
        var errors = ""
    }

    private func context(in folder: URL, environment: [String: String], captured: Captured) -> Context {
        Context(
            currentDirectory: folder, environment: environment, terminal: .plain,
            write: { captured.output += $0 }, writeError: { captured.errors += $0 })
    }

    @Test("A time limit under a second is refused, as the message says, not accepted and then failing every run")
    func timeLimitUnderASecond() throws {
        // Given
        let tooShort = ["0.0001", "0.5", "0", "-1", "nan", "inf", "3601"]

        // When
        let refused = tooShort.filter { word in (try? TimeLimit.parse(word)) == nil }

        // Then
        #expect(refused == tooShort)
        #expect(try TimeLimit.parse("1") == .seconds(1))
        #expect(try TimeLimit.parse("3600") == .seconds(3600))
    }

    @Test("KATA_ROOT that names no kata workspace is refused in one line, exit 66")
    func kataRootNotAWorkspace() {
        // Given
        let folder = FileManager.default.temporaryDirectory
        let captured = Captured()

        // When
        let status = Kata.run(
            ["list"], in: context(in: folder, environment: ["KATA_ROOT": folder.path], captured: captured))

        // Then
        #expect(status == .noInput)
        #expect(captured.output.isEmpty)
        #expect(
            captured.errors
                == "kata: KATA_ROOT must be a kata workspace (a folder holding Package.swift, Exercises/ and Solutions/); "
                + "it is '\(folder.path)'.\n")
    }

    @Test("kata --help names KATA_ROOT and what it must be")
    func helpNamesKataRoot() {
        // Given
        let captured = Captured()

        // When
        _ = Kata.run(["--help"], in: context(in: URL(fileURLWithPath: "/"), environment: [:], captured: captured))

        // Then
        #expect(captured.output.contains("KATA_ROOT        the workspace to use (a folder holding Package.swift"))
    }

    /// A workspace folder holding only a manifest with `entries` as its grading list.
    private func workspace(withGrading entries: [[String: String]], starters: [[String: String]] = []) throws
        -> Workspace
    {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("kata manifest \(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("Tests"), withIntermediateDirectories: true)
        let manifest: [String: Any] = ["version": 1, "grading": entries, "starters": starters]
        try JSONSerialization.data(withJSONObject: manifest)
            .write(to: root.appendingPathComponent(KitManifest.path))
        return Workspace(root: root)
    }

    @Test(
        "A manifest that lists a file twice, even in two Unicode spellings of one name, is refused in one line",
        arguments: [["Seeds/Seeds.swift", "Seeds/Seeds.swift"], ["Seeds/Caf\u{E9}.json", "Seeds/Cafe\u{301}.json"]])
    func repeatedManifestEntry(paths: [String]) throws {
        // Given
        let workspace = try workspace(withGrading: paths.map { ["path": $0, "sha256": "00"] })
        defer { try? FileManager.default.removeItem(at: workspace.root) }

        // When
        let error = #expect(throws: CommandFailure.self) { try KitManifest.load(from: workspace) }

        // Then
        // Refused before anything reads it into a dictionary, which would crash.
        #expect(error?.message.contains("lists the file \(paths[1]) twice; restore it from the kit.") == true)
        #expect(error?.status == .noInput)
    }

    @Test("A manifest whose starter would be written outside its step's folder is refused")
    func starterOutsideTheKit() throws {
        // Given
        let workspace = try workspace(
            withGrading: [], starters: [["path": "Exercises/03-Interactor/../../../outside.swift", "text": "x"]])
        defer { try? FileManager.default.removeItem(at: workspace.root) }

        // When
        let error = #expect(throws: CommandFailure.self) { try KitManifest.load(from: workspace) }

        // Then
        #expect(error?.message.contains("lists a starter file outside the kit") == true)
    }
}

@Suite("Keys and terminals")
struct KeysAndTerminalTests {
    @Test("Keys typed in one go on a pipe are all kept, in order, not just the first")
    func pipedKeysAreKept() throws {
        // Given
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        _ = "h\n\nq\n".withCString { write(ends[1], $0, 5) }
        close(ends[1])
        let keyboard = Keyboard(input: ends[0])

        // When
        let keys = (0..<4).map { _ in keyboard.next(waiting: .milliseconds(100)) }

        // Then
        #expect(keys == [.key("h"), .key("\n"), .key("q"), .endOfInput])
    }

    @Test("TERM=dumb gets no escape codes: no colour, no progress line redrawn in place")
    func dumbTerminal() {
        // Given
        let terminal = Terminal.current(environment: ["TERM": "dumb"], isTerminal: true)
        var written = ""
        let context = Context(
            currentDirectory: URL(fileURLWithPath: "/"), environment: ["TERM": "dumb"], terminal: terminal,
            write: { written += $0 }, writeError: { written += $0 })

        // When
        context.progress("Building step 3 (Interactor)…")
        context.clearProgress()

        // Then
        #expect(!terminal.canRedraw)
        #expect(!terminal.usesColor)
        #expect(written.isEmpty)
    }

    @Test("A terminal width typed by hand is kept within reason")
    func columnsWithinReason() {
        // Given
        let widths = ["-5", "0", "100000"]

        // When
        let terminals = widths.map {
            Terminal.current(environment: ["COLUMNS": $0, "TERM": "xterm"], isTerminal: false)
        }

        // Then
        #expect(terminals.map(\.width) == [20, 20, 1000])
    }
}

@Suite("Huge learner files")
struct HugeLearnerFileTests {
    @Test("A 2 GB file in a step's folder is known by its size and time, never read, and a change is still seen")
    func hugeFileIsNotRead() throws {
        // Given
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("kata-huge-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let step = try #require(RealKit.steps.first { $0.number == 3 })
        let file = root.appendingPathComponent("Exercises/\(step.folder)/Huge.swift")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: file.path, contents: nil)
        // Sparse: two gigabytes on paper, no blocks on disk.
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: 2 << 30)
        let workspace = Workspace(root: root)

        // When
        let before = Fingerprint.of(step, in: workspace)
        let digest = workspace.learnerFileDigest(of: "Exercises/\(step.folder)/Huge.swift")
        try handle.truncate(atOffset: (2 << 30) + 1)
        try handle.close()
        let after = Fingerprint.of(step, in: workspace)

        // Then
        #expect(digest.hasPrefix("large \(2 << 30) "))
        #expect(before != after)
    }
}
