import Foundation
import Testing

@testable import KataCore

extension KataBinaryTests {
    /// kata grade as a course uses it: against a pristine kit, with only the learner's work read.
    @Suite("Grading")
    struct Grading {
        let workspace = ScratchWorkspace.shared

        /// A learner's tree: the kit's starters, with some steps solved.
        static func learner(solving steps: [String] = [], from workspace: ScratchWorkspace) throws -> URL {
            let folder = FileManager.default.temporaryDirectory
                .appendingPathComponent("kata learner \(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                at: workspace.original.appendingPathComponent("Exercises"),
                to: folder.appendingPathComponent("Exercises"))
            for step in steps {
                let target = folder.appendingPathComponent("Exercises/\(step)")
                try FileManager.default.removeItem(at: target)
                try FileManager.default.copyItem(
                    at: workspace.original.appendingPathComponent("Solutions/\(step)"), to: target)
            }
            return folder
        }

        @Test(
            "Untouched Exercises score only their kept checks of the full total; a solved step scores all of its own"
        )
        func startersAndSolutions() throws {
            // Given
            let starters = try Self.learner(from: workspace)
            // Every step is graded the same way; one of each kind is solved (a step of checks, a
            // migration with kept behaviour, a lesson of suites), the others keep their starters'
            // products, so the grade builds three steps rather than all of them.
            let sample = RealKit.steps.filter { $0.number == 1 || $0.kind == .suites || RealKit.keptChecks(of: $0) > 0 }
            let solved = try Self.learner(solving: sample.map(\.folder), from: workspace)
            defer {
                try? FileManager.default.removeItem(at: starters)
                try? FileManager.default.removeItem(at: solved)
            }

            // When
            let low = workspace.kata(["grade", "--kit", workspace.original.path, "--json", "grade.json"], in: starters)
            let high = workspace.kata(
                ["grade", "--kit", workspace.original.path, "--json", "grade.json", "--require", "1"],
                in: solved)

            // Then
            let schema = try JSONSchema(file: "kata-grade.schema.json")
            let lowJSON = try Data(contentsOf: starters.appendingPathComponent("grade.json"))
            let highJSON = try Data(contentsOf: solved.appendingPathComponent("grade.json"))
            #expect(schema.problems(inJSON: lowJSON) == [])
            #expect(schema.problems(inJSON: highJSON) == [])
            let lowGrade = try #require(try JSONSerialization.jsonObject(with: lowJSON) as? [String: Any])
            let highGrade = try #require(try JSONSerialization.jsonObject(with: highJSON) as? [String: Any])
            let total = RealKit.steps.map { DeclaredCheck.all(of: $0, in: workspace.originalWorkspace).count }.reduce(
                0, +)
            #expect(low.ending == .exited(0))
            // Untouched, they score only the checks a starter passes on purpose (a migration's kept behaviour).
            #expect(lowGrade["score"] as? [String: Int] == ["passed": RealKit.keptChecks, "total": total])
            #expect(
                low.output.contains(
                    "Score: \(RealKit.keptChecks)/\(total) checks (\(RealKit.keptChecks * 100 / total)%)"))
            // Each solved step has full marks and is seen to be the reference; the gate on step 1 lets it through.
            let sampled = Set(sample.map(\.number))
            let expected = RealKit.steps.map {
                sampled.contains($0.number)
                    ? DeclaredCheck.all(of: $0, in: workspace.originalWorkspace).count : RealKit.keptChecks(of: $0)
            }.reduce(0, +)
            #expect(high.ending == .exited(0), "\(high.output)")
            #expect(highGrade["score"] as? [String: Int] == ["passed": expected, "total": total])
            let steps = highGrade["steps"] as? [[String: Any]] ?? []
            for step in steps where sampled.contains(step["step"] as? Int ?? 0) {
                #expect(step["matchesReference"] as? Bool == true)
                let score = step["score"] as? [String: Int]
                #expect(score != nil && score?["passed"] == score?["total"], "\(step)")
            }
        }

        @Test("With --kit, the learner's own checks, seeds and manifest are never read, so editing them gains nothing")
        func learnersTestsAreIgnored() throws {
            // Given
            let learner = try Self.learner(from: workspace)
            defer { try? FileManager.default.removeItem(at: learner) }
            let checks = learner.appendingPathComponent("Tests/Step02ModelTests/CreateIceCreamModelsTests.swift")
            try FileManager.default.createDirectory(
                at: checks.deletingLastPathComponent(), withIntermediateDirectories: true)
            try "import Testing\n@Test func passes() { #expect(Bool(true)) }\n".write(
                to: checks, atomically: true, encoding: .utf8)
            try "{}".write(to: learner.appendingPathComponent("kit-manifest.json"), atomically: true, encoding: .utf8)

            // When
            let result = workspace.kata(
                ["grade", "--kit", workspace.original.path, "--json", "grade.json"], in: learner)

            // Then
            let grade = try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: learner.appendingPathComponent("grade.json")))
                    as? [String: Any])
            #expect(result.ending == .exited(0))
            // The untouched starters score only the checks they pass on purpose.
            #expect((grade["score"] as? [String: Int])?["passed"] == RealKit.keptChecks)
            #expect((grade["tampered"] as? [Any])?.isEmpty == true)
        }

        @Test("--json - writes the grade to standard output, and nothing else goes there")
        func jsonToStandardOutput() throws {
            // Given
            let learner = try Self.learner(from: workspace)
            defer { try? FileManager.default.removeItem(at: learner) }

            // When
            let result = Subprocess.run(
                Command(
                    "/bin/sh",
                    [
                        "-c", "cd \"$0\" && exec \"$@\" 2>/dev/null", learner.path, workspace.kata.path, "grade",
                        "--kit",
                        workspace.original.path, "--json", "-",
                    ],
                    environment: ["KATA_GRADE_FOLDER": workspace.root.path, "NO_COLOR": "1"], timeLimit: .seconds(600)))

            // Then
            #expect(result.ending == .exited(0))
            #expect(try JSONSchema(file: "kata-grade.schema.json").problems(inJSON: Data(result.output.utf8)) == [])
            #expect(FileTree.kind(at: learner.appendingPathComponent("-")) == nil)
        }
    }
}
