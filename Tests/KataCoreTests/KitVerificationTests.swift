import Foundation
import Testing

@testable import KataCore

@Suite("Verify's lanes, side by side")
struct KitVerificationTests {
    @Test("Background work runs at once with other work, and every caller waits for the same result")
    func backgroundWork() {
        // Given
        // Each job waits for the other to have started: run one after the other, neither would end.
        let started = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))

        // When
        let first = Background { () -> Int in
            started.0.signal()
            started.1.wait()
            return 1
        }
        let second = Background { () -> Int in
            started.1.signal()
            started.0.wait()
            return 2
        }

        // Then
        #expect(first.value == 1)
        #expect(second.value == 2)
        #expect(first.value == 1)
        #expect(first.isFinished)
    }

    @Test("The progress line keeps each job in the place it came in, and drops a job with nothing to say")
    func progressBoard() {
        // Given
        let board = ProgressBoard()

        // When
        board.set("starters", "building step 1")
        board.set("solutions", "building 9 steps")
        board.set("starters", "building step 2")
        board.set("runner", "building it")
        board.set("solutions", "")

        // Then
        #expect(board.line == "starters: building step 2 · runner: building it")
    }

    @Test("A grading folder chosen by hand holds the solutions' copy; the starters' copy is beside it")
    func chosenFolder() throws {
        // Given
        let chosen = FileManager.default.temporaryDirectory.appendingPathComponent("kata chosen \(UUID().uuidString)")
        defer {
            try? FileManager.default.removeItem(at: chosen)
            try? FileManager.default.removeItem(atPath: chosen.path + "-starters")
        }
        let environment = ["KATA_GRADE_FOLDER": chosen.path]

        // When
        let solutions = try KitCopy(of: RealKit.workspace, environment: environment, timeLimit: .seconds(60))
        let starters = try KitCopy(
            of: RealKit.workspace, environment: environment, timeLimit: .seconds(60), purpose: .starters)

        // Then
        // `kata mistakes` keeps using the folder chosen; verify's second copy never shares it.
        #expect(solutions.folder.path == chosen.path)
        #expect(starters.folder.path == chosen.path + "-starters")
    }

    @Test(
        "The suites verify places by name (the end-to-end, grading, last and waiting ones) are suites of the runner's tests"
    )
    func gradingSuitesExist() throws {
        // Given
        let sources = RealKit.workspace.allFiles(under: "Tests/KataCoreTests").filter { $0.hasSuffix(".swift") }
            .map { String(decoding: RealKit.workspace.bytes(of: $0), as: UTF8.self) }.joined(separator: "\n")

        // When
        let named = (KitVerification.gradingSuites + KitVerification.lastSuites).map {
            $0.split(separator: "/").map(String.init)
        }

        // Then
        // The serialized suite of kata runs is what make test leaves out: renamed, it would run there unseen.
        #expect(sources.contains("struct \(KitVerification.endToEndSuite) {"))
        #expect(named.allSatisfy { $0.first == KitVerification.endToEndSuite })
        // Each is a suite nested in the serialized suite of kata runs, which is where a renamed one would go missing.
        for path in named {
            try #require(path.count == 2)
            #expect(sources.contains("extension \(path[0]) {"), "\(path)")
            #expect(sources.contains("    struct \(path[1]) {"), "\(path)")
        }
        // The suites that mostly wait are top-level suites, which the pattern that runs them apart names.
        for suite in KitVerification.waitingSuites {
            #expect(sources.contains("\nstruct \(suite) {"), "\(suite)")
        }
        #expect(!KitVerification.waitingSuites.isEmpty)
    }
}
