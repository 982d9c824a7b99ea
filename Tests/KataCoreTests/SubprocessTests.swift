import Testing

@testable import KataCore

@Suite("Running a command")
struct SubprocessTests {
    @Test("Output and exit status come back, standard error included")
    func outputAndStatus() {
        // Given
        let command = Command("/bin/sh", ["-c", "echo out; echo err >&2; exit 3"])

        // When
        let result = Subprocess.run(command)

        // Then
        #expect(result.ending == .exited(3))
        #expect(result.output == "out\nerr\n")
    }

    @Test("A command over its time limit is stopped, with what it started")
    func timeLimit() {
        // Given
        let command = Command("/bin/sh", ["-c", "sleep 30 & sleep 30; echo never"], timeLimit: .milliseconds(300))

        // When
        let result = Subprocess.run(command)

        // Then
        #expect(result.ending == .timedOut)
        #expect(!result.output.contains("never"))
    }

    @Test("Huge output keeps its beginning and end, and says how much was left out")
    func outputIsCapped() {
        // Given
        let command = Command(
            "/bin/sh", ["-c", "echo first; yes kata | head -c 3000000; echo; echo last"], outputLimit: 4096)

        // When
        let result = Subprocess.run(command)

        // Then
        #expect(result.ending == .exited(0))
        #expect(result.output.hasPrefix("first\n"))
        #expect(result.output.hasSuffix("last\n"))
        #expect(result.droppedBytes > 2_900_000)
        #expect(result.output.contains("bytes of output left out"))
        #expect(result.output.utf8.count < 10_000)
    }

    @Test("A program that does not exist is reported, not thrown")
    func notFound() {
        // Given
        let command = Command("/no/such/program", [])

        // When
        let result = Subprocess.run(command)

        // Then
        guard case .notStarted(let reason) = result.ending else {
            Issue.record("expected .notStarted, got \(result.ending)")
            return
        }
        #expect(reason.contains("/no/such/program"))
    }

    @Test("The environment given is added to the command's")
    func environment() {
        // Given
        let command = Command("/bin/sh", ["-c", "echo $KATA_PROBE"], environment: ["KATA_PROBE": "a b"])

        // When
        let result = Subprocess.run(command)

        // Then
        #expect(result.output == "a b\n")
    }
}
