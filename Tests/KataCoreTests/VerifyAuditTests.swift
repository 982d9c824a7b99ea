import Foundation
import Testing

@testable import KataCore

@Suite("What kata verify names")
struct VerifyAuditTests {
    static let kit = RealKit.workspace

    static func outcome(_ step: Step, _ statuses: [(key: String, status: CheckResult.Status)]) -> GradingRun.Outcome {
        let checks = statuses.map {
            CheckResult(
                target: step.testTarget, key: $0.key, name: "The check \($0.key)", status: $0.status,
                failures: $0.status == .failed ? [CheckResult.Failure(message: "Expectation failed: 1 == 2")] : [],
                file: nil, line: nil)
        }
        return GradingRun.Outcome(
            report: StepReport(step: step, source: .exercises, status: .failed, checks: checks), declared: [],
            review: [],
            changedDuringRun: [], reusedProduct: false)
    }

    static func keys(of step: Step) -> [String] {
        DeclaredCheck.all(of: step, in: kit).map(\.key)
    }

    @Test("A solution that fails a check is named, with the failure")
    func brokenSolution() throws {
        // Given
        let step = RealKit.steps[2]
        let keys = Self.keys(of: step)
        let starter = Self.outcome(step, keys.map { ($0, .failed) })
        let solution = Self.outcome(step, keys.enumerated().map { ($1, $0 == 0 ? .failed : .passed) })

        // When
        let audit = StepAudit(step: step, starter: starter, solution: solution, in: RealKit.opened(Self.kit))

        // Then
        #expect(audit.problems == ["step 3 solution: “The check \(keys[0])” is failed: Expectation failed: 1 == 2"])
        #expect(audit.row[3] == "\(keys.count - 1)/\(keys.count)")
    }

    @Test("A starter that passes a check, or does not run it, is named")
    func passingStarter() throws {
        // Given
        let step = RealKit.steps[0]
        let keys = Self.keys(of: step)
        let starter = Self.outcome(
            step, keys.enumerated().map { ($1, $0 == 0 ? .passed : $0 == 1 ? .notRun : .failed) })
        let solution = Self.outcome(step, keys.map { ($0, .passed) })

        // When
        let audit = StepAudit(step: step, starter: starter, solution: solution, in: RealKit.opened(Self.kit))

        // Then
        #expect(audit.problems.count == 2)
        #expect(audit.problems[0] == "step 1 starter: “The check \(keys[0])” is passed, not failed")
        #expect(audit.problems[1].hasPrefix("step 1 starter: “The check \(keys[1])” is notRun, not failed"))
    }

    @Test("A migration's kept behaviour must pass on the starter, and only it")
    func keptBehaviour() throws {
        // Given
        let migration = RealKit.steps.first { step in
            DeclaredCheck.all(of: step, in: Self.kit).contains { $0.annotations.starterPasses }
        }
        let step = try #require(migration)
        let declared = DeclaredCheck.all(of: step, in: Self.kit)
        let keptCheck = declared.first { $0.annotations.starterPasses }
        let kept = try #require(keptCheck).key
        let asTaught = Self.outcome(step, declared.map { ($0.key, $0.annotations.starterPasses ? .passed : .failed) })
        let keptFails = Self.outcome(step, declared.map { ($0.key, .failed) })
        let solution = Self.outcome(step, declared.map { ($0.key, .passed) })

        // When
        let fine = StepAudit(step: step, starter: asTaught, solution: solution, in: RealKit.opened(Self.kit))
        let broken = StepAudit(step: step, starter: keptFails, solution: solution, in: RealKit.opened(Self.kit))

        // Then
        // Kept behaviour passing on the starter is the point, not a problem.
        #expect(!fine.problems.contains { $0.contains("starter:") })
        // Kept behaviour the starter breaks is named.
        #expect(
            broken.problems.contains {
                $0.hasPrefix(
                    "step \(step.number) starter: “The check \(kept)” is failed, but it is marked Starter: passes")
            })
    }

    @Test("A check nobody wrote a hint for is named, and so is code that needs review")
    func missingHintAndReview() throws {
        // Given
        let step = RealKit.steps[3]
        let keys = Self.keys(of: step) + ["ExtraCheckTests/unhinted()"]
        let starter = Self.outcome(step, keys.map { ($0, .failed) })
        var solution = Self.outcome(step, keys.map { ($0, .passed) })
        solution.review = [ReviewFinding(file: "Exercises/04-Presenter/P.swift", line: 3, api: "exit", reason: "why")]

        // When
        let audit = StepAudit(step: step, starter: starter, solution: solution, in: RealKit.opened(Self.kit))

        // Then
        #expect(audit.problems.contains("step 4: check ExtraCheckTests/unhinted() has no hint"))
        #expect(
            audit.problems.contains("step 4 solution needs review: Exercises/04-Presenter/P.swift:3 uses exit: why."))
    }

    @Test("A check the step's guide does not list is named, and so is the guide's wrong count")
    func unlistedCheck() throws {
        // Given
        let step = RealKit.steps[3]
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kata-guide-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = Workspace(root: folder)
        for path in ["Exercises/\(step.folder)/README.md"] + Self.kit.allFiles(under: "Tests/\(step.testTarget)") {
            let target = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(Self.kit.bytes(of: path)).write(to: target)
        }
        let extra =
            "import Testing\n@Suite struct ExtraCheckTests {\n    @Test(\"A check nobody listed\") func unlisted() {}\n}\n"
        try extra.write(
            to: folder.appendingPathComponent("Tests/\(step.testTarget)/ExtraCheckTests.swift"), atomically: true,
            encoding: .utf8)
        let keys = Self.keys(of: step)
        let starter = Self.outcome(step, keys.map { ($0, .failed) })
        let solution = Self.outcome(step, keys.map { ($0, .passed) })

        // When
        let audit = StepAudit(step: step, starter: starter, solution: solution, in: RealKit.opened(copy))

        // Then
        // The guide's "Check your work" list is read against the step's declared checks.
        #expect(
            audit.problems.contains(
                "step 4: the guide's \"Check your work\" does not list the check “A check nobody listed”"))
        // Its "all N checks" no longer counts them.
        #expect(
            audit.problems.contains(
                "step 4: the guide says all \(keys.count) checks, but the step has \(keys.count + 1)"))
        // The row says the guide is wrong.
        #expect(audit.row.last == "2 wrong")
    }
}
