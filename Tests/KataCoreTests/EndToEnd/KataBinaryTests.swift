import Foundation
import Testing

@testable import KataCore

/// The real `kata` binary on a temporary copy of the kit. The checks share one copy and
/// run in order; each puts back what it broke.
@Suite("kata, run as a learner runs it", .serialized)
struct KataBinaryTests {
    let workspace = ScratchWorkspace.shared

    /// How many checks a step has, read from its test sources, so no count here drifts from them.
    static func checkCount(ofStep number: Int) -> Int {
        DeclaredCheck.all(of: RealKit.steps[number - 1], in: Workspace(root: ScratchWorkspace.shared.original)).count
    }

    @Test("The untouched starter of step 1 fails every check: the first told in full, the others named")
    func untouchedStarterIsRed() {
        // Given
        let starter = "01-Starter"
        workspace.restore(starter)

        // When
        let result = workspace.kata(["check", "1"])

        // Then
        // Exit 1, every check of step 1 failing; only the first is told with its story and a hint,
        // so the learner reads one failure at a time.
        let count = Self.checkCount(ofStep: 1)
        #expect(result.ending == .exited(1))
        #expect(result.output.components(separatedBy: "  ✘ ").count - 1 == count)
        #expect(result.output.components(separatedBy: "Given").count - 1 == 1)
        #expect(result.output.components(separatedBy: "Hint").count - 1 == 1)
        #expect(result.output.contains("kata check 1 --all-failures"))
        #expect(result.output.contains("Step 1: 0/\(count) checks pass"))
        #expect(result.output.contains("Next: make the first failing check pass"))
    }

    @Test("kata check 1 --all-failures tells every failing check with its story and hint")
    func everyFailureInFull() {
        // Given
        workspace.restore("01-Starter")

        // When
        let result = workspace.kata(["check", "1", "--all-failures"])

        // Then
        let count = Self.checkCount(ofStep: 1)
        #expect(result.ending == .exited(1))
        #expect(result.output.components(separatedBy: "Given").count - 1 == count)
        #expect(result.output.components(separatedBy: "Hint").count - 1 == count)
        #expect(!result.output.contains("--all-failures"))
    }

    @Test("With the solution copied in, step 1 passes and kata exits 0", arguments: TestDriver.allCases)
    func solutionIsGreen(driver: TestDriver) {
        // Given
        workspace.solve("01-Starter")

        // When
        let result = workspace.kata(["check", "1"], environment: ["KATA_TEST_DRIVER": driver.rawValue])

        // Then
        #expect(result.ending == .exited(0))
        let count = Self.checkCount(ofStep: 1)
        #expect(result.output.contains("Step 1: \(count)/\(count) checks pass"))
        #expect(result.output.contains("Next: kata check 2"))
    }

    @Test("kata finds the workspace from a folder inside it, and shows progress")
    func statusFromASubfolder() {
        // Given
        let folder = "Exercises/03-Interactor/CreateIceCream"

        // When
        let result = workspace.kata([], from: folder)

        // Then
        // Step 1 passed in the check before; the next thing to do is step 2.
        #expect(result.ending == .exited(0))
        #expect(result.output.contains("1 of \(RealKit.steps.count) steps done"))
        #expect(result.output.contains("✔ 1  Starter"))
        // kata is not on the tests' PATH: the next command is typed through swift run.
        #expect(result.output.contains("Next: read Exercises/02-Model/README.md, then swift run kata check 2"))
    }

    @Test("A compile error in step 5 does not stop step 3 from being checked; step 5 shows the error")
    func compileErrorElsewhere() {
        // Given
        let broken = "Exercises/05-Configurator/ContentView.swift"
        workspace.edit(
            broken, replacing: "struct ContentView {", with: "let oops: Int = \"five\"\nstruct ContentView {")
        defer { workspace.restore("05-Configurator") }

        // When
        let step3 = workspace.kata(["check", "3"])
        let step5 = workspace.kata(["check", "5"])

        // Then
        // Step 3 builds alone and is graded: all red, as its starter is.
        #expect(step3.ending == .exited(1))
        #expect(step3.output.contains("Step 3: 0/\(Self.checkCount(ofStep: 3)) checks pass"))
        // Step 5 names the learner's file and line, keeps the compiler's excerpt, and says what to do.
        #expect(step5.ending == .exited(1))
        #expect(step5.output.contains("Step 5 does not build."))
        #expect(
            step5.output.contains(
                "Exercises/05-Configurator/ContentView.swift:3:17: error: cannot convert value of type 'String' to specified type 'Int'"
            ))
        #expect(step5.output.contains(" 3 | let oops: Int = \"five\""))
        #expect(step5.output.contains("Fix this, then run kata check 5 again."))
    }

    @Test("A crashing check is named with the crash, and the others are still graded", arguments: TestDriver.allCases)
    func crashingCheck(driver: TestDriver) {
        // Given
        workspace.solve("03-Interactor")
        defer { workspace.restore("03-Interactor") }
        workspace.edit(
            "Exercises/03-Interactor/CreateIceCream/CreateIceCreamView.swift",
            replacing: "    func onAppear() {\n        fetchIceCream()",
            with:
                "    func onAppear() {\n        let nothing: Int? = nil\n        print(nothing!)\n        fetchIceCream()"
        )

        // When
        let result = workspace.kata(["check", "3"], environment: ["KATA_TEST_DRIVER": driver.rawValue])

        // Then
        #expect(result.ending == .exited(1))
        #expect(result.output.contains("✘ crashed: Appearing asks the interactor to load the ice cream, once"))
        #expect(result.output.contains("It crashed: Fatal error: Unexpectedly found nil"))
        #expect(result.output.contains("Exercises/03-Interactor/CreateIceCream/CreateIceCreamView.swift:"))
        let count = Self.checkCount(ofStep: 3)
        #expect(result.output.contains("Step 3: \(count - 1)/\(count) checks pass"))
    }

    @Test(
        "A hanging check is stopped by the time limit and named; the others are still graded",
        arguments: TestDriver.allCases)
    func hangingCheck(driver: TestDriver) {
        // Given
        workspace.solve("03-Interactor")
        defer { workspace.restore("03-Interactor") }
        workspace.edit(
            "Exercises/03-Interactor/CreateIceCream/CreateIceCreamView.swift",
            replacing: "    func onAppear() {",
            with: "    func onAppear() {\n        while interactor != nil {}"
        )

        // When
        let result = workspace.kata(
            ["check", "3", "--time-limit", "1"], environment: ["KATA_TEST_DRIVER": driver.rawValue])

        // Then
        // The check that makes the view appear hangs; every other check is still graded, and passes.
        let count = Self.checkCount(ofStep: 3)
        #expect(result.ending == .exited(1))
        #expect(result.output.components(separatedBy: "✘ hung:").count - 1 == 1)
        #expect(result.output.contains("✘ hung: Appearing asks the interactor to load the ice cream"))
        #expect(result.output.contains("time limit of 1 s"))
        // Where it was when it was stopped, when the runtime's one backtrace saw it (a loop caught inside its call into
        // the runtime shows no frame of the learner's, now and then: the unit tests of CrashLog and
        // Subprocess hold the mechanism): the learner's function that loops.
        let said = result.output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let stoppedIn = said.components(separatedBy: "stopped in ").dropFirst().first
        #expect(stoppedIn.map { $0.hasPrefix("CreateIceCreamView.onAppear()") } ?? true)
        #expect(result.output.contains("Step 3: \(count - 1)/\(count) checks pass"))
    }

    @Test("Megabytes of printing are capped, and the report still appears")
    func hugeOutput() {
        // Given
        workspace.solve("03-Interactor")
        defer { workspace.restore("03-Interactor") }
        workspace.edit(
            "Exercises/03-Interactor/CreateIceCream/CreateIceCreamView.swift",
            replacing: "    func onAppear() {",
            with:
                "    func onAppear() {\n        for _ in 0..<40_000 { print(String(repeating: \"ice cream \", count: 10)) }"
        )

        // When
        let result = workspace.kata(["check", "3"])

        // Then
        #expect(result.ending == .exited(0))
        let count = Self.checkCount(ofStep: 3)
        #expect(result.output.contains("Step 3: \(count)/\(count) checks pass"))
        #expect(result.output.utf8.count < 20_000)
    }

    @Test("--json prints one document per step with each check's status, message and place")
    func jsonReport() throws {
        // Given
        workspace.restore("02-Model")

        // When
        let result = workspace.kata(["check", "2", "--json"])

        // Then
        #expect(result.ending == .exited(1))
        let lines = result.output.split(separator: "\n")
        #expect(lines.count == 1)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(document["step"] as? Int == 2)
        #expect(document["status"] as? String == "failed")
        let checks = try #require(document["checks"] as? [[String: Any]])
        #expect(checks.count == DeclaredCheck.all(of: RealKit.steps[1], in: RealKit.workspace).count)
        #expect(
            checks.allSatisfy { $0["status"] as? String == "failed" && $0["message"] is String && $0["line"] is Int })
        #expect(checks.allSatisfy { ($0["file"] as? String)?.hasPrefix("Tests/Step02ModelTests/") == true })
    }

    @Test("A step number that does not exist gets one line and exit 64")
    func badStepNumber() {
        // Given
        let arguments = ["check", "99"]

        // When
        let result = workspace.kata(arguments)

        // Then
        #expect(result.ending == .exited(64))
        #expect(result.output == "kata check: there is no step 99; steps go from 1 to \(RealKit.steps.count).\n")
    }
}
