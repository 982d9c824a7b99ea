import Testing

@testable import KataCore

@Suite("Reading Swift Testing's event stream")
struct EventStreamTests {
    @Test("A passing run gives one passed check, with its name and place")
    func passingRun() throws {
        // Given
        let records = EventStreamReader.records(in: Fixtures.text("passing-v0.jsonl"))

        // When
        let run = RunAssembler.assemble(records)

        // Then
        let check = try #require(run.checks.first)
        #expect(run.checks.count == 1)
        #expect(check.status == .passed)
        #expect(check.name == "A passing check")
        #expect(check.key == "ViewTests/passes()")
        #expect(check.target == "StepATests")
        #expect(check.file == "/kata/Tests/StepATests/ViewTests.swift")
        #expect(run.reachedEnd)
    }

    @Test(
        "Passed, failed, parameterized and skipped checks are told apart, in both schema versions",
        arguments: ["mixed-v0.jsonl", "mixed-v6.3.jsonl"])
    func mixedRun(fixture: String) throws {
        // Given
        let records = EventStreamReader.records(in: Fixtures.text(fixture))

        // When
        let run = RunAssembler.assemble(records)

        // Then
        let statuses = Dictionary(uniqueKeysWithValues: run.checks.map { ($0.key, $0.status) })
        #expect(
            statuses == [
                "ViewTests/passes()": .passed,
                "ViewTests/fails()": .failed,
                "ViewTests/parameterized(word:)": .failed,
                "ViewTests/skipped()": .skipped,
                "ViewTests/crashes()": .passed,
            ])
        #expect(run.unfinished.isEmpty)
        #expect(run.reachedEnd)
    }

    @Test("A failure keeps the recorded values, the comment before it, and its line")
    func failureDetails() throws {
        // Given
        let records = EventStreamReader.records(in: Fixtures.text("mixed-v0.jsonl"))

        // When
        let run = RunAssembler.assemble(records)

        // Then
        let failing = try #require(run.checks.first { $0.key == "ViewTests/fails()" })
        let failure = try #require(failing.failures.first)
        #expect(failure.message == "Expectation failed: (sut.items.count → 1) == 2")
        #expect(failure.details == ["Two items after loading."])
        #expect(failure.line == 27)
        #expect(failure.argument == nil)
    }

    @Test("A parameterized failure names the argument it failed with, and only that one")
    func parameterizedFailure() throws {
        // Given
        let records = EventStreamReader.records(in: Fixtures.text("mixed-v0.jsonl"))

        // When
        let run = RunAssembler.assemble(records)

        // Then
        let check = try #require(run.checks.first { $0.key == "ViewTests/parameterized(word:)" })
        #expect(check.failures.map(\.argument) == ["\"three\""])
    }

    @Test("A crash leaves the check that was running unfinished, and the run without an end")
    func crashedRun() {
        // Given
        let records = EventStreamReader.records(in: Fixtures.text("crashed-v0.jsonl"))

        // When
        let run = RunAssembler.assemble(records)

        // Then
        #expect(run.unfinished == ["ViewTests/crashes()"])
        #expect(!run.reachedEnd)
    }

    @Test("Words a later schema adds (a record kind, an event kind, a message symbol) are passed over")
    func laterWordsArePassedOver() throws {
        // Given
        let text = Fixtures.text("mixed-v0.jsonl")
            .replacingOccurrences(
                of: #""messages":[{"symbol":"fail""#,
                with: #""messages":[{"symbol":"attachment","text":"screen.png"},{"symbol":"fail""#)
        let later =
            #"{"kind":"attachment","payload":{"kind":"function"}}"# + "\n"
            + #"{"kind":"event","payload":{"kind":"valueAttached","testID":"StepATests.ViewTests/fails()"}}"#

        // When
        let run = RunAssembler.assemble(EventStreamReader.records(in: later + "\n" + text))

        // Then
        let failing = try #require(run.checks.first { $0.key == "ViewTests/fails()" })
        #expect(run.checks.count == 5)
        #expect(failing.failures.first?.message == "Expectation failed: (sut.items.count → 1) == 2")
        #expect(failing.failures.first?.details == ["Two items after loading."])
    }

    @Test("Lines that are not records are skipped, the rest still read")
    func unreadableLinesAreSkipped() {
        // Given
        let text = "not json\n{\"kind\":\"mystery\"}\n" + Fixtures.text("passing-v0.jsonl") + "\n{broken"

        // When
        let run = RunAssembler.assemble(EventStreamReader.records(in: text))

        // Then
        #expect(run.checks.map(\.status) == [.passed])
    }
}

@Suite("Reading a crash")
struct CrashLogTests {
    @Test("The runtime's own sentence becomes the crash message")
    func crashMessage() {
        // Given
        let output = Fixtures.text("crashed-output.txt")

        // When
        let message = CrashLog.message(in: output)

        // Then
        #expect(message == "It crashed: Fatal error: Unexpectedly found nil while unwrapping an Optional value")
    }

    @Test("The first backtrace frame in the given folders is where it crashed")
    func crashLocation() throws {
        // Given
        let output = Fixtures.text("crashed-output.txt")

        // When
        let frame = try #require(CrashLog.firstFrame(in: output, under: ["/kata/Tests/"]))

        // Then
        #expect(frame.file == "/kata/Tests/StepATests/ViewTests.swift")
        #expect(frame.line == 40)
    }

    @Test("A hang's backtraces name the learner's function, and its line when the backtracer found one")
    func hangLocation() throws {
        // Given
        let lineless = Fixtures.text("hung-output.txt")
        let withLine = lineless.replacingOccurrences(
            of: "CreateIceCreamView.swift\n", with: "CreateIceCreamView.swift:30:15\n")
        let view = "/kata/Exercises/03-Interactor/CreateIceCream/CreateIceCreamView.swift"

        // When
        let frame = try #require(CrashLog.firstFrame(in: lineless, under: ["/kata/Exercises/"]))
        let framed = try #require(CrashLog.firstFrame(in: withLine, under: ["/kata/Exercises/"]))
        let stop = StopReason(
            outcome: CommandResult(ending: .timedOut, output: lineless, droppedBytes: 0, abortedOutput: lineless),
            timeLimit: .seconds(10), learnerFolders: ["/kata/Exercises/"])

        // Then
        // The backtracer found the file of the looping function but no line: the function names the place.
        #expect(frame == CrashLog.Frame(file: view, line: nil, function: "CreateIceCreamView.onAppear()"))
        #expect(framed.line == 30)
        // The hang's sentence says where it was stopped, and still what to look for.
        #expect(stop.sentence.contains("so it was stopped in CreateIceCreamView.onAppear(): look for a loop"))
        #expect(stop.failure.file == view)
    }

    @Test("A backtracer's report is finished at the line that says how long it took, once that line has ended")
    func finishedBacktraces() {
        // Given
        let report = Fixtures.text("crashed-output.txt")
        let cut = String(report[..<report.range(of: "Backtrace took 0.0")!.upperBound])

        // When
        let counts = [report, report + report, cut, ""].map(CrashLog.finishedBacktraces(in:))

        // Then
        // One report, two (two programs told to abort), one whose last line is still being written, none.
        #expect(counts == [1, 2, 0, 0])
    }

    /// A crash report a hostile check prints itself, naming a frame of its choosing: a path that climbs out of the
    /// learner's folder into the kit's answers, a function that is not there.
    static let printedReport = """
        Fatal error: Unexpectedly found nil while unwrapping an Optional value
        *** Program crashed: System trap at 0x0000000000000001 ***
        Thread 0 crashed:
        0 [ra] 0x0000000000000001 SolutionsInteractor.leak() + 1 in Step03Interactor at \
        /kata/Exercises/03-Interactor/../../Solutions/03-Interactor/CreateIceCream/CreateIceCreamInteractor.swift:7:1
        \(String(repeating: " ", count: 200))

        """

    @Test("A hang's place is read only from what the program printed once told to abort, never a report it printed")
    func hangPlaceIsNotTheLearners() throws {
        // Given
        let real = Fixtures.text("hung-output.txt")
        let folders = ["/kata/Exercises/03-Interactor/"]

        // When
        let printedThenAborted = StopReason(
            outcome: CommandResult(
                ending: .timedOut, output: Self.printedReport + real, droppedBytes: 0, abortedOutput: real),
            timeLimit: .seconds(10), learnerFolders: folders)
        let printedOnly = StopReason(
            outcome: CommandResult(
                ending: .timedOut, output: Self.printedReport, droppedBytes: 0, abortedOutput: ""),
            timeLimit: .seconds(10), learnerFolders: folders)
        let climbing = CrashLog.firstFrame(in: Self.printedReport, under: folders)

        // Then
        // The runtime's report, printed after the abort, names the place; the one the check printed before is text.
        #expect(printedThenAborted.sentence.contains("stopped in CreateIceCreamView.onAppear():"))
        #expect(printedThenAborted.failure.file?.hasSuffix("/CreateIceCreamView.swift") == true)
        // A program that printed nothing once told to abort has no place named at all.
        #expect(!printedOnly.sentence.contains("leak") && printedOnly.failure.file == nil)
        // A path that climbs out of the learner's folder is not theirs, however it starts.
        #expect(climbing == nil)
    }

    @Test("A crash's sentence and place come from the runtime's own report, not from lines the check printed before it")
    func crashReportIsTheRuntimes() throws {
        // Given
        // A crash with no sentence of the runtime's (a signal), after a report the check printed itself.
        let real = Fixtures.text("crashed-output.txt")
        let sentence = try #require(real.range(of: "StepATests/ViewTests.swift:40: Fatal error"))
        let signal = try #require(real.range(of: "*** Signal 4"))
        let output =
            String(real[..<sentence.lowerBound])
            + Self.printedReport.replacingOccurrences(of: "/kata/Exercises/03-Interactor/../..", with: "/kata/Tests")
            + String(real[signal.lowerBound...])

        // When
        let frame = CrashLog.firstFrame(in: output, under: ["/kata/"])
        let message = CrashLog.message(in: output)

        // Then
        // The sentence printed before it, with lines between that no crash report has, is not taken as the crash's,
        // nor the frame printed with it.
        #expect(frame?.file == "/kata/Tests/StepATests/ViewTests.swift")
        #expect(message?.contains("Unexpectedly found nil") == false)
    }

    @Test("Frames outside the given folders are not blamed")
    func noFrameOutside() {
        // Given
        let output = Fixtures.text("crashed-output.txt")

        // When
        let frame = CrashLog.firstFrame(in: output, under: ["/somewhere/else/"])

        // Then
        #expect(frame == nil)
    }
}
