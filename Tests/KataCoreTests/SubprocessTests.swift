import Foundation
import Testing

@testable import KataCore

#if canImport(Glibc)
    import Glibc
#endif

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

    @Test(
        "A command stopped for hanging is asked to abort first and its last words are read; one past its deadline is not"
    )
    func abortedWhenStopped() {
        // Given
        let script = "trap 'echo where I was; exit 1' ABRT; echo started; while :; do :; done"
        var hanging = Command("/bin/sh", ["-c", script])
        hanging.tracedWhenStopped = true
        let begun = Locked(false)
        hanging.onOutput = { _ in begun.withLock { $0 = true } }
        hanging.stopWhen = { begun.withLock { $0 } }
        var overTime = Command("/bin/sh", ["-c", script], timeLimit: .milliseconds(300))
        overTime.tracedWhenStopped = true

        // When
        let stopped = Subprocess.run(hanging)
        let ended = Subprocess.run(overTime)

        // Then
        // What the program prints as it aborts (the runtime's backtraces) reaches the report of a hung check.
        #expect(stopped.ending == .timedOut)
        #expect(stopped.output.contains("where I was"))
        // A run's deadline or a grade's budget ends it at once: nothing is waited for.
        #expect(ended.ending == .timedOut)
        #expect(!ended.output.contains("where I was"))
    }

    @Test(
        "A hung program that goes on running once its backtraces are printed is ended then, not after the time they may take"
    )
    func endedOnceTraced() {
        // Given
        // As a Swift test program does when told to abort from outside: the backtracer reports every thread, ending
        // with the time it took, and the looping thread goes on.
        // A builtin read on a pipe nobody writes to waits without starting a process (the one told to abort).
        let script = """
            f=$(mktemp -u); mkfifo "$f"; exec 3<>"$f"; rm -f "$f"
            trap 'traced=1; echo "*** Program crashed: Aborted"; echo "Backtrace took 0.05s"; echo' ABRT
            echo started
            while :; do
                read -t 3 -u 3 _
                [ -n "$waited" ] && echo still looping
                [ -n "$traced" ] && waited=1
            done
            """
        var hanging = Command("/bin/bash", ["-c", script])
        hanging.tracedWhenStopped = true
        let begun = Locked(false)
        hanging.onOutput = { _ in begun.withLock { $0 = true } }
        hanging.stopWhen = { begun.withLock { $0 } }

        // When
        let stopped = Subprocess.run(hanging)

        // Then
        // The report is read whole, and nothing the program did after it was waited for.
        #expect(stopped.ending == .timedOut)
        #expect(stopped.abortedOutput?.contains("Backtrace took 0.05s") == true)
        #expect(!stopped.output.contains("still looping"))
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

    #if os(Linux)
        @Test("A command inherits no file kata has open, so a file being written elsewhere is never held busy")
        func noInheritedFiles() throws {
            // Given
            // Opened as another thread of kata might open it, without close-on-exec.
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("kata-held-\(UUID().uuidString)")
                .path
            let descriptor = open(path, O_WRONLY | O_CREAT, 0o644)
            try #require(descriptor >= 0)
            defer {
                close(descriptor)
                unlink(path)
            }

            // When
            let result = Subprocess.run(Command("/bin/sh", ["-c", "ls /proc/$$/fd"]))

            // Then
            // The shell has its input, output and error, and nothing else of kata's.
            #expect(result.ending == .exited(0))
            #expect(result.output.split(separator: "\n").sorted() == ["0", "1", "2"], "\(result.output)")
        }
    #endif
}
