import Foundation
import Testing

@testable import KataCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A hang costs seconds, and a grade has a ceiling: tried with a stand-in test program that never ends.
@Suite("Time limits: a check's, and a grade's")
struct TimeLimitTests {
    /// A products folder whose step-3 test program is a script that writes `events` lines, then sleeps for ever.
    private static func program(writing events: [String]) throws -> (facts: ToolchainFacts, folder: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kata hang \(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let lines = events.map { "printf '%s\\n' '\($0)' >> \"$out\"" }.joined(separator: "\n")
        let script = """
            #!/bin/sh
            out=""
            skipping=""
            while [ $# -gt 0 ]; do
                [ "$1" = --event-stream-output-path ] && out="$2"
                [ "$1" = --skip ] && skipping=yes
                shift
            done
            # Run again without its one check, as Swift Testing would be: nothing to do.
            [ -n "$skipping" ] && exit 0
            \(lines)
            exec sleep 1000
            """
        let runner = folder.appendingPathComponent("Step03InteractorTests-test-runner")
        try script.write(to: runner, atomically: true, encoding: .utf8)
        chmod(runner.path, 0o755)
        return (ToolchainFacts(key: "test", productsFolder: folder.path, release: "6.3"), folder)
    }

    private static func checker(facts: ToolchainFacts, limit: Duration, budget: Duration?) -> StepChecker {
        var checker = StepChecker(kit: RealKit.kit, toolchain: Toolchain(environment: [:]), timeLimit: limit)
        checker.knownFacts = facts
        checker.deadline = budget.map { GradeBudget($0) }
        return checker
    }

    static let started = [
        #"{"kind":"test","payload":{"kind":"function","id":"Step03InteractorTests.S/hangs()/A.swift:1:1","name":"hangs()","displayName":"It hangs","sourceLocation":{"filePath":"/A.swift","line":1}},"version":0}"#,
        #"{"kind":"event","payload":{"kind":"testStarted","testID":"Step03InteractorTests.S/hangs()/A.swift:1:1","instant":{"absolute":1}},"version":0}"#,
    ]

    @Test("A check that runs past its own limit is stopped as it does, not at the end of the run's")
    func checkLimit() async throws {
        // Given
        let (facts, folder) = try Self.program(writing: Self.started)
        defer { try? FileManager.default.removeItem(at: folder) }
        let checker = Self.checker(facts: facts, limit: .seconds(1), budget: nil)

        // When
        let clock = ContinuousClock()
        let started = clock.now
        let run = await waitedForOffThePool {
            checker.runTests(
                targets: ["Step03InteractorTests"], learnerFolders: [], builtWith: .step(RealKit.steps[2]))
        }
        let took = clock.now - started

        // Then
        #expect(run.checks.map(\.status) == [.timedOut])
        #expect(run.checks.first?.failures.first?.message.contains("time limit of 1 s") == true)
        // Its limit, then a second run that finds nothing left: seconds, where a run's ceiling is minutes.
        #expect(took < .seconds(120))
        #expect(!run.budgetSpent)
    }

    @Test("When a grade's budget is spent, what is running stops and what has not run counts as not run, not hung")
    func gradeBudget() async throws {
        // Given
        let (facts, folder) = try Self.program(writing: Self.started)
        defer { try? FileManager.default.removeItem(at: folder) }
        let checker = Self.checker(facts: facts, limit: .seconds(600), budget: .seconds(2))

        // When
        let clock = ContinuousClock()
        let started = clock.now
        let run = await waitedForOffThePool {
            checker.runTests(
                targets: ["Step03InteractorTests"], learnerFolders: [], builtWith: .step(RealKit.steps[2]))
        }
        let took = clock.now - started

        // Then
        #expect(run.budgetSpent)
        #expect(run.checks.map(\.status) == [.notRun])
        #expect(run.checks.first?.failures.first?.message.contains("time budget of 2 s") == true)
        #expect(took < .seconds(120))
    }

    @Test("A build that outlasts what is left of the grade's budget is stopped at it, not left to run for ever")
    func buildLimit() async throws {
        // Given
        // A `swift` that never finishes a build, as a learner's file the type checker takes hours over would not.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kata slow \(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let swift = folder.appendingPathComponent("swift")
        try "#!/bin/sh\nexec sleep 1000\n".write(to: swift, atomically: true, encoding: .utf8)
        chmod(swift.path, 0o755)
        let package = SwiftPackage(
            workspace: RealKit.kit.workspace, source: .exercises,
            toolchain: Toolchain(environment: ["KATA_SWIFT": swift.path]), scratchFolder: folder)

        // When
        let clock = ContinuousClock()
        let started = clock.now
        let build = await waitedForOffThePool { package.build(.step(RealKit.steps[2]), timeLimit: .seconds(1)) }
        let took = clock.now - started

        // Then
        #expect(build.ending == .timedOut)
        #expect(took < .seconds(120))
    }
}
