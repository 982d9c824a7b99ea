import Foundation
import Testing

@testable import KataCore

#if canImport(FoundationXML)
    import FoundationXML
#endif

extension KataBinaryTests {
    /// kata grade and kata verify, as a course and the kit's authors use them.
    @Suite("Grading and verifying")
    struct GradeAndVerify {
        let workspace = ScratchWorkspace.shared

        private func grade(_ extra: [String] = []) throws -> (result: CommandResult, json: [String: Any], xml: Data) {
            let json = workspace.url(".kata/grade.json")
            let xml = workspace.url(".kata/grade.xml")
            let result = workspace.kata(["grade", "--json", json.path, "--junit", xml.path] + extra)
            let document = try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any])
            return (result, document, try Data(contentsOf: xml))
        }

        private func steps(_ document: [String: Any]) -> [[String: Any]] {
            document["steps"] as? [[String: Any]] ?? []
        }

        @Test("On untouched Exercises every step is graded, every check failing, score 0; both files parse")
        func untouchedScoresZero() throws {
            // Given
            for step in StepCatalog.all { workspace.restore(step.folder) }

            // When
            let (result, document, xml) = try grade()

            // Then
            #expect(result.ending == .exited(0))
            #expect(try JSONSchema(file: "kata-grade.schema.json").problems(in: document) == [])
            #expect(steps(document).count == 7)
            #expect(steps(document).allSatisfy { $0["status"] as? String == "failed" })
            #expect((document["score"] as? [String: Int])?["passed"] == 0)
            #expect(XMLParser(data: xml).parse())
            #expect(result.output.contains("Score: 0/"))
        }

        @Test("With the solutions copied in, the score is full, and --require 7 lets the gate through")
        func solutionsScoreFull() throws {
            // Given
            for step in StepCatalog.all { workspace.solve(step.folder) }

            // When
            let (result, document, xml) = try grade(["--require", "7"])

            // Then
            let score = try #require(document["score"] as? [String: Int])
            #expect(result.ending == .exited(0))
            #expect(score["passed"] == score["total"])
            #expect(document["stepsPassed"] as? Int == 7)
            #expect(XMLParser(data: xml).parse())
        }

        @Test("An edited assertion is named and its step scores nothing; restoring it restores the score")
        func editedAssertion() throws {
            // Given
            for step in StepCatalog.all { workspace.solve(step.folder) }
            defer { for step in StepCatalog.all { workspace.restore(step.folder) } }
            let checks = "Tests/Step02ModelTests/CreateIceCreamModelsTests.swift"
            workspace.edit(checks, replacing: "#expect(sut.iceCreamData == menu)", with: "#expect(Bool(true))")

            // When
            let (tampered, tamperedDocument, _) = try grade()
            workspace.restore(path: checks)
            let (restored, restoredDocument, _) = try grade()

            // Then
            // The edited file is named, step 2 scores nothing, the other steps keep their score.
            #expect(tampered.output.contains("\(checks) was edited"))
            let step2 = try #require(steps(tamperedDocument).first { $0["step"] as? Int == 2 })
            #expect(step2["status"] as? String == "tampered")
            #expect((step2["score"] as? [String: Int])?["passed"] == 0)
            #expect(steps(tamperedDocument).filter { $0["status"] as? String == "passed" }.count == 6)
            // Put back, it scores again.
            #expect(!restored.output.contains("was edited"))
            #expect(restoredDocument["stepsPassed"] as? Int == 7)
        }

        /// One verify of a copy with three problems put in it on purpose.
        static let brokenVerify: CommandResult = {
            let workspace = ScratchWorkspace.shared
            workspace.edit(
                "Solutions/03-Interactor/CreateIceCream/CreateIceCreamView.swift",
                replacing: "    func onAppear() {\n        fetchIceCream()",
                with: "    func onAppear() {\n        fetchIceCream()\n        fetchIceCream()")
            workspace.solve("01-Starter")
            let extra = "Tests/Step04PresenterTests/ExtraCheckTests.swift"
            workspace.write(
                extra,
                """
                import Testing
                @Suite struct ExtraCheckTests {
                    @Test("A check nobody wrote a hint for") func unhinted() { #expect(Bool(false)) }
                }
                """)
            defer {
                workspace.restore(path: "Solutions/03-Interactor")
                workspace.restore("01-Starter")
                try? FileManager.default.removeItem(at: workspace.url(extra))
            }
            return workspace.kata(["verify", "--steps-only"])
        }()

        @Test("verify fails, naming it, when a solution breaks a check")
        func verifyNamesABrokenSolution() {
            // Given, When
            let result = Self.brokenVerify

            // Then
            #expect(result.ending == .exited(1))
            #expect(
                result.output.contains(
                    "step 3 solution: “Appearing asks the interactor to load the ice cream, once” is failed"))
        }

        @Test("verify fails, naming it, when a starter passes a check")
        func verifyNamesAPassingStarter() {
            // Given, When
            let result = Self.brokenVerify

            // Then
            #expect(result.ending == .exited(1))
            #expect(
                result.output.contains(
                    "step 1 starter: “The app's icecream.json decodes to the Scoops&Scones menu” is passed, not failed")
            )
        }

        @Test("verify fails, naming it, when a check has no hint")
        func verifyNamesAMissingHint() {
            // Given, When
            let result = Self.brokenVerify

            // Then
            #expect(result.ending == .exited(1))
            #expect(result.output.contains("step 4: check ExtraCheckTests/unhinted() has no hint"))
            #expect(result.output.hasSuffix(" failed\n"))
        }
    }
}
