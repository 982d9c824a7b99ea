import Foundation
import Testing

@testable import KataCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Does `work`, which waits for seconds (out a time limit, or for a process), on a thread of its own. The test library
/// runs tests on as many threads as the machine has cores: a test that held one of them while it waited would hold up
/// the others (on two cores, make test's unit tests took seconds longer).
func waitedForOffThePool<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async -> Value {
    await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: work()) }.start()
    }
}

/// Waits until `condition` holds, for `seconds` at most, looking often.
func waitUntil(seconds: Double, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        usleep(2_000)
    }
    return condition()
}

/// kata around a build or a run of checks that only pretend (FakeToolchain): signals,
/// scratch files and timing, each in a workspace of its own, in a second or so.
@Suite("kata, stopped and hurried")
struct InterruptionTests {
    @Test("Ctrl-C during a build ends the build and every compiler it started within a second")
    func interruptDuringBuild() throws {
        // Given
        let fake = FakeToolchain()
        let terminal = try #require(fake.start(["check", "2"], environment: ["FAKE_BUILD": "hang"]))
        try #require(fake.waitForLog("waiting"))
        let started = fake.pids
        try #require(!started.isEmpty)

        // When
        kill(terminal.pid, SIGINT)

        // Then
        #expect(terminal.waitForExit(seconds: 10) == 128 + SIGINT)
        // The "compiler" was in a process group of its own, as SwiftPM puts each one.
        #expect(noneRunning(started, within: 1))
        #expect(terminal.screen.contains("kata: stopped. Your files are as you left them."))
    }

    @Test("SIGTERM to kata run ends the app it is running within a second")
    func terminateDuringRun() throws {
        // Given
        let fake = FakeToolchain()
        let terminal = try #require(fake.start(["run", "5"]))
        try #require(waitUntil(seconds: 10) { !fake.pids.isEmpty })
        let app = fake.pids

        // When
        kill(terminal.pid, SIGTERM)

        // Then
        #expect(terminal.waitForExit(seconds: 10) == 128 + SIGTERM)
        #expect(noneRunning(app, within: 1))
    }

    @Test("A run of checks stopped by Ctrl-C leaves no event stream file in the temporary folder")
    func interruptedRunLeavesNoEventFile() throws {
        // Given
        let fake = FakeToolchain()
        let terminal = try #require(fake.start(["check", "2"], environment: ["FAKE_TEST": "hang"]))
        try #require(fake.waitForLog("waiting"))
        try #require(fake.temporaryFiles.contains { $0.hasPrefix("kata-events-") })

        // When
        kill(terminal.pid, SIGINT)

        // Then
        #expect(terminal.waitForExit(seconds: 10) == 128 + SIGINT)
        #expect(!fake.temporaryFiles.contains { $0.hasPrefix("kata-events-") })
        #expect(noneRunning(fake.pids, within: 1))
    }

    @Test("A check that leaves a process holding the output open does not make the run wait out its time limit")
    func backgroundProcessInACheck() {
        // Given
        let fake = FakeToolchain()

        // When
        // kata's time limit is 30 s; kata itself is given 15 s, so waiting that limit out fails.
        let result = fake.kata(
            ["check", "2", "--time-limit", "30"], environment: ["FAKE_TEST": "background"], timeLimit: .seconds(15))

        // Then
        #expect(result.ending == .exited(1))
        #expect(!result.output.contains("time limit"))
        // The process the check left was ended with the run.
        #expect(noneRunning(fake.pids, within: 1))
    }

    @Test("A run stopped by the time limit before any check reported says so")
    func timeLimitBeforeAnyCheck() async {
        // Given
        let fake = FakeToolchain()

        // When
        let result = await waitedForOffThePool {
            fake.kata(["check", "2", "--time-limit", "1"], environment: ["FAKE_TEST": "hang"])
        }

        // Then
        #expect(result.ending == .exited(1))
        // A check's limit of 1 s does not apply to starting the program, which has 10 s.
        #expect(result.output.contains("No checks of this step ran. It was still running after the time limit of 10 s"))
        #expect(noneRunning(fake.pids, within: 1))
    }

    @Test("A build that fails only because a file was saved while it compiled is built again, not reported")
    func fileSavedDuringTheBuild() {
        // Given
        let fake = FakeToolchain()

        // When
        let result = fake.kata(["check", "2"], environment: ["FAKE_BUILD": "saved-meanwhile"])

        // Then
        #expect(fake.log.filter { $0 == "build" }.count == 2)
        #expect(!result.output.contains("does not build"))
        #expect(result.output.contains("No checks of this step ran."))
    }

    @Test(
        "A build the machine fails (a full disk, a killed compiler) is said to be the machine's, never the code's",
        arguments: [("disk-full", "the disk is full"), ("compiler-killed", "the compiler was killed")])
    func machineFailures(mode: String, said: String) {
        // Given
        let fake = FakeToolchain()

        // When
        let result = fake.kata(["check", "2"], environment: ["FAKE_BUILD": mode])

        // Then
        // Not "does not build", which would send the learner looking for an error in their code.
        #expect(!result.output.contains("does not build"))
        #expect(result.output.contains("through no fault of its code: \(said)"))
    }

    @Test("A second kata command in a workspace waits for the first instead of building and running beside it")
    func commandsInOneWorkspaceTakeTurns() async throws {
        // Given
        let fake = FakeToolchain()
        let workspace = Workspace(root: fake.root)
        let context = Context(
            currentDirectory: fake.root, environment: [:], terminal: .plain, write: { _ in }, writeError: { _ in })
        let held = try WorkspaceLock.acquire(workspace, context: context)

        // When
        let terminal = try #require(fake.start(["check", "2"]))
        // Two seconds in which it would have built, were it not waiting.
        let builtWhileHeld = await waitedForOffThePool { waitUntil(seconds: 2) { fake.log.contains("build") } }
        held.release()

        // Then
        // It builds nothing until the other is done, then goes on.
        #expect(!builtWhileHeld)
        #expect(terminal.waitForExit(seconds: 20) != nil)
        #expect(fake.log.contains("build"))
    }

    @Test("A run in which no check ran is not kept as the step's result")
    func emptyRunsAreNotKept() throws {
        // Given
        let fake = FakeToolchain()
        let step = try #require(RealKit.steps.first)
        let store = ResultStore(kit: RealKit.opened(Workspace(root: fake.root)))
        let empty = StepReport(step: step, source: .exercises, status: .failed)

        // When
        store.save(empty)

        // Then
        // 0 of 0 would say the code was checked and failed nothing; it was not checked at all.
        #expect(store.latest(for: step) == nil)
    }

    @Test("watch checks again a save made while a check was running")
    func watchSeesASaveMadeDuringACheck() {
        // Given
        let fake = FakeToolchain()
        let file = fake.root.appendingPathComponent("Exercises/02-Model/Placeholder.swift").path

        // When
        let result = fake.kata(
            ["watch", "2"], input: "q\n", environment: ["FAKE_TEST": "edit", "FAKE_EDIT": file],
            timeLimit: .seconds(30))

        // Then
        #expect(result.ending == .exited(0))
        #expect(fake.log.filter { $0 == "test" }.count == 2)
        #expect(result.output.contains("Change seen in Exercises/02-Model: checking again."))
        #expect(result.output.hasSuffix("Stopped watching.\n"))
    }

    @Test("watch on piped input acts on every key typed, those typed together included")
    func watchKeepsEveryPipedKey() {
        // Given
        let fake = FakeToolchain()

        // When
        let result = fake.kata(["watch", "2"], input: "r\nq\n", timeLimit: .seconds(30))

        // Then
        #expect(result.ending == .exited(0))
        #expect(fake.log.filter { $0 == "test" }.count == 2)
        #expect(result.output.hasSuffix("Stopped watching.\n"))
    }

    @Test("Run from a folder that was deleted, kata says so in one line instead of searching for ever")
    func deletedCurrentFolder() {
        // Given
        let fake = FakeToolchain()
        let gone = fake.scratch.appendingPathComponent("gone").path

        // When
        let result = Subprocess.run(
            Command(
                "/bin/sh",
                ["-c", "mkdir \"$0\" && cd \"$0\" && rmdir \"$0\" && exec \"$1\" list", gone, fake.kataBinary.path],
                timeLimit: .seconds(10)))

        // Then
        #expect(result.ending == .exited(66))
        #expect(
            result.output
                == "kata: the current folder no longer exists (was it deleted?); cd into your kata workspace and run kata again.\n"
        )
    }

    @Test(
        "In a workspace kata cannot write to, check says so in one line instead of reporting a step that does not build"
    )
    func readOnlyWorkspace() throws {
        // Given
        let fake = FakeToolchain()
        let root = fake.root.path
        // Root writes through permissions: on Linux it is stopped by the immutable attribute.
        chmod(root, 0o555)
        if access(root, W_OK) == 0 {
            _ = Subprocess.run(Command("chattr", ["+i", root]))
        }
        defer {
            _ = Subprocess.run(Command("chattr", ["-i", root]))
            chmod(root, 0o755)
        }
        // A file system where neither holds (root on overlayfs) cannot show it.
        guard access(root, W_OK) != 0 else { return }

        // When
        let result = fake.kata(["check", "2"])

        // Then
        #expect(result.ending == .exited(69))
        #expect(result.output.hasPrefix("kata check: kata cannot write in \(root) ("))
        #expect(fake.log.isEmpty)
    }

    @Test("A step folder replaced by a file is named as such, not handed to SwiftPM, which crashes on it")
    func stepFolderIsAFile() throws {
        // Given
        let fake = FakeToolchain()
        let folder = fake.root.appendingPathComponent("Exercises/02-Model")
        try FileManager.default.removeItem(at: folder)
        try Data("not a folder\n".utf8).write(to: folder)

        // When
        let result = fake.kata(["check", "2"])

        // Then
        #expect(result.ending == .exited(66))
        #expect(
            result.output.hasPrefix(
                "kata check: Exercises/02-Model is not a folder. kata reset 2 puts the starter back"))
        #expect(fake.log.isEmpty)
    }

    @Test("On a TERM=dumb terminal kata writes no escape codes at all")
    func dumbTerminal() throws {
        // Given
        let fake = FakeToolchain()

        // When
        let terminal = try #require(fake.start(["check", "2"], environment: ["TERM": "dumb"]))
        let status = terminal.waitForExit(seconds: 30)

        // Then
        #expect(status == 1)
        #expect(terminal.screen.contains("No checks of this step ran."))
        #expect(!terminal.screen.contains("\u{1B}"))
    }
}
