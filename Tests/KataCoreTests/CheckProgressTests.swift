import Foundation
import Testing

@testable import KataCore

@Suite("Reading which check runs now from an event stream as it is written")
struct LiveRunTests {
    @Test("The check running is the one started and not yet ended, a line written in two pieces included")
    func runningCheck() {
        // Given
        let stream = Fixtures.text("crashed-v0.jsonl")
        let middle = stream.index(stream.startIndex, offsetBy: stream.count - 40)
        var sut = LiveRun()

        // When
        sut.read(String(stream[..<middle]))
        let halfWritten = sut.running
        sut.read(String(stream[middle...]))

        // Then
        // The last line, cut in two, tells nothing until its end is written.
        #expect(halfWritten == nil)
        #expect(sut.running == "A crashing check")
    }

    @Test("Once every check has ended, none is running")
    func noneRunning() {
        // Given
        var sut = LiveRun()

        // When
        sut.read(Fixtures.text("passing-v0.jsonl"))

        // Then
        #expect(sut.running == nil)
    }
}

@Suite("The watchdog of a run of checks")
struct RunWatchdogTests {
    @Test("Each time it looks, the watchdog says which check runs now")
    func tellsTheCheckRunning() throws {
        // Given
        let events = FileManager.default.temporaryDirectory.appendingPathComponent("kata-events-\(UUID()).jsonl")
        defer { try? FileManager.default.removeItem(at: events) }
        let seen = Locked<[String?]>([])
        let sut = RunWatchdog(events: events, limit: .seconds(10)) { check, _ in seen.withLock { $0.append(check) } }

        // When
        try Data(Fixtures.text("passing-v0.jsonl").utf8).write(to: events)
        let stopped = sut.shouldStop()
        // The stream grows: a second run's records after the first's.
        try Data((Fixtures.text("passing-v0.jsonl") + Fixtures.text("crashed-v0.jsonl")).utf8).write(to: events)
        _ = sut.shouldStop()

        // Then
        #expect(!stopped)
        #expect(seen.withLock { $0 } == [nil, "A crashing check"])
    }

    @Test("A program still starting (no event written yet) is not stopped at a check's limit; a check that hangs is")
    func startingIsNotHanging() throws {
        // Given
        let events = FileManager.default.temporaryDirectory.appendingPathComponent("kata-events-\(UUID()).jsonl")
        defer { try? FileManager.default.removeItem(at: events) }
        let sut = RunWatchdog(events: events, limit: .zero)

        // When
        let firstLook = sut.shouldStop()
        let whileStarting = sut.shouldStop()
        try Data(Self.started.utf8).write(to: events)
        let onStarting = sut.shouldStop()
        let onHanging = sut.shouldStop()

        // Then
        // Loading the test program (SwiftPM's manifest, under load) takes seconds that no check of the learner's spent.
        #expect(!firstLook && !whileStarting && !sut.stoppedBeforeAnyEvent)
        #expect(!onStarting)
        // Once a check has started and the stream stays still for the limit, the run stops.
        #expect(onHanging)
    }

    static let started = """
        {"kind":"test","payload":{"kind":"function","id":"S/hangs()/A.swift:1:1","name":"hangs()","displayName":"It \
        hangs","sourceLocation":{"filePath":"/A.swift","line":1}},"version":0}
        {"kind":"event","payload":{"kind":"testStarted","testID":"S/hangs()/A.swift:1:1","instant":{"absolute":1}},\
        "version":0}

        """
}

@Suite("The progress line of a check, on a terminal")
struct CheckProgressLineTests {
    /// What a progress line shows on `terminal` for `stages`: each line drawn, and the lines that stay.
    static func shown(_ stages: [StepChecker.Stage], on terminal: Terminal) -> [String] {
        let written = Locked("")
        let context = Context(
            currentDirectory: URL(fileURLWithPath: "/"), environment: [:], terminal: terminal,
            write: { text in written.withLock { $0 += text } }, writeError: { text in written.withLock { $0 += text } })
        let sut = CheckProgressLine(context)
        for stage in stages { sut.show(stage) }
        return written.withLock { $0 }.components(separatedBy: "\r\u{1B}[2K").filter { !$0.isEmpty }
    }

    static let terminal = Terminal(isInteractive: true, usesColor: false, width: 100)

    @Test(
        "It says building, then running the checks, then the check running once it has run 2 s, for how long, and its limit once near"
    )
    func buildingThenRunning() throws {
        // Given
        let step = try FixtureCourse().kit().steps[0]
        let name = "A watered seed remembers it"

        // When
        let lines = Self.shown(
            [
                .building(step), .running(step),
                .runningCheck(name, for: .milliseconds(500), limit: .seconds(10)),
                .runningCheck(name, for: .milliseconds(2100), limit: .seconds(10)),
                .runningCheck(name, for: .milliseconds(2500), limit: .seconds(10)),
                .runningCheck(name, for: .milliseconds(3000), limit: .seconds(10)),
                .runningCheck(name, for: .milliseconds(5000), limit: .seconds(10)),
            ], on: Self.terminal)

        // Then
        // A check under 2 s is not named (most take milliseconds); the line is drawn again only when it changes; the
        // time limit is said once the check has run half of it (before, it is slow, not stuck).
        #expect(
            lines == [
                "Building step 1 (Seed)…",
                "Running the checks of step 1 (Seed)…",
                "Step 1 (Seed): “A watered seed remembers it” running, 2 s…",
                "Step 1 (Seed): “A watered seed remembers it” running, 3 s…",
                "Step 1 (Seed): “A watered seed remembers it” has run 5 s; kata stops it at 10 s…",
            ])
    }

    @Test("A long check name is cut the same way, under its step, from the first second shown to the limit")
    func steadyLine() throws {
        // Given
        let step = try FixtureCourse().kit().steps[0]
        let name = "Sixty requests to one interactor each present what their file holds then, or nothing, in any order"
        let terminal = Terminal(isInteractive: true, usesColor: false, width: 80)

        // When
        let lines = Self.shown(
            [.running(step)] + [2, 5, 9, 10].map { .runningCheck(name, for: .seconds($0), limit: .seconds(10)) },
            on: terminal
        ).dropFirst()

        // Then
        // The learner saw the name cut three ways and the step dropped at 10 s: one cut, one lead, throughout.
        let names = lines.map { $0.components(separatedBy: "”").first ?? "" }
        #expect(Set(names).count == 1)
        #expect(lines.allSatisfy { $0.hasPrefix("Step 1 (Seed): “") && $0.count <= 79 })
    }

    @Test("A check stopped at its time limit is named on a line that stays")
    func stoppedCheck() throws {
        // Given
        let step = try FixtureCourse().kit().steps[0]

        // When
        let lines = Self.shown(
            [.running(step), .stoppedCheck("A watered seed remembers it", after: .seconds(10))], on: Self.terminal)

        // Then
        #expect(
            lines.last
                == "✘ hung: “A watered seed remembers it” ran 10 s, its time limit: kata stopped it. "
                + "The other checks go on.\n")
    }

    @Test("A long check name is cut so that the line fits the terminal")
    func longNameIsCut() throws {
        // Given
        let step = try FixtureCourse().kit().steps[0]
        let name = String(repeating: "A very long name ", count: 10)

        // When
        let lines = Self.shown(
            [.running(step), .runningCheck(name, for: .seconds(5), limit: .seconds(10))],
            on: Terminal(isInteractive: true, usesColor: false, width: 80))

        // Then
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { $0.count < 80 })
        #expect(lines.last?.hasPrefix("Step 1 (Seed): “A very long") == true)
        #expect(lines.last?.hasSuffix("…” has run 5 s; kata stops it at 10 s…") == true)
    }

    @Test("Piped, nothing is written: the report says it all")
    func pipedStaysPlain() throws {
        // Given
        let step = try FixtureCourse().kit().steps[0]

        // When
        let lines = Self.shown(
            [
                .building(step), .running(step), .runningCheck("A check", for: .seconds(5), limit: .seconds(10)),
                .stoppedCheck("A check", after: .seconds(10)),
            ], on: .plain)

        // Then
        #expect(lines.isEmpty)
    }
}
