import Foundation
import Testing

@testable import KataCore

@Suite("Explaining a step that does not build")
struct BuildFailureTests {
    let workspace = Workspace(root: URL(fileURLWithPath: "/ws"))
    let step = RealKit.steps[1]

    /// What `swift build` printed when a learner's ViewModel declared flavors before cones.
    static let reorderedOutput = """
        [5/12] Compiling Step02ModelTests CreateIceCreamModelsTests.swift
        /ws/Tests/Step02ModelTests/CreateIceCreamModelsTests.swift:46:33: error: argument 'flavors' must precede argument 'cones'
        44 |         // When
        45 |         let sut = CreateIceCream.LoadIceCream.ViewModel(
           |                                 `- error: argument 'flavors' must precede argument 'cones'
        error: emit-module command failed with exit code 1 (use -v to see invocation)
        """

    @Test("Properties declared in another order: the message names the order, not a rename")
    func reorderedProperties() throws {
        // Given
        let build = CommandResult(ending: .exited(1), output: Self.reorderedOutput, droppedBytes: 0)

        // When
        let report = BuildFailure.report(for: step, source: .exercises, build: build, workspace: workspace)

        // Then
        // The problem says what happened: the checks pass cones before flavors, and declaration order decides.
        let problem = try #require(report.problem)
        // It names the two arguments in the order the checks pass them.
        #expect(problem.contains("'cones' before 'flavors'"))
        // It says why the order matters: a memberwise initializer follows the declarations.
        #expect(problem.contains("in the order its stored properties are declared"))
        // It does not send the learner looking for a rename.
        #expect(!problem.contains("renamed"))
    }

    @Test(
        "Properties declared in another order: the learner's file that declares them is named, and the slow type-check the reordering caused is left out"
    )
    func reorderedPropertiesFile() throws {
        // Given
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("kata-reorder-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let models = root.appendingPathComponent("Exercises/\(step.folder)/CreateIceCream/CreateIceCreamModels.swift")
        try FileManager.default.createDirectory(
            at: models.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("struct ViewModel {\n    var flavors: [String]\n    var cones: [String]\n}\n".utf8).write(to: models)
        let output =
            Self.reorderedOutput.replacingOccurrences(of: "/ws/", with: root.path + "/") + """

                \(root.path)/Tests/Step02ModelTests/CreateIceCreamModelsTests.swift:80:9: error: the compiler is unable to \
                type-check this expression in reasonable time; try breaking up the expression into distinct sub-expressions
                """
        let build = CommandResult(ending: .exited(1), output: output, droppedBytes: 0)

        // When
        let report = BuildFailure.report(for: step, source: .exercises, build: build, workspace: Workspace(root: root))

        // Then
        let problem = try #require(report.problem)
        // The learner's own file, where the order is to change (every error shown was in the checks' file).
        #expect(problem.contains("CreateIceCream/CreateIceCreamModels.swift"))
        // The compiler's complaint of a slow expression is the reordering's echo, not a second problem.
        #expect(!report.diagnostics.contains { $0.message.contains("reasonable time") })
        #expect(report.diagnostics.contains { $0.message.contains("must precede") })
    }

    @Test("Labels the compiler lists in full, reordered: the message gives both orders")
    func reorderedLabels() throws {
        // Given
        let output = """
            /ws/Tests/Step02ModelTests/CreateIceCreamModelsTests.swift:46:21: error: incorrect argument labels in call (have 'cones:flavors:toppings:', expected 'toppings:flavors:cones:')
            """
        let build = CommandResult(ending: .exited(1), output: output, droppedBytes: 0)

        // When
        let report = BuildFailure.report(for: step, source: .exercises, build: build, workspace: workspace)

        // Then
        // The problem shows the checks' order and the declaration's.
        let problem = try #require(report.problem)
        // Both orders appear, the checks' first.
        #expect(problem.contains("as (cones:flavors:toppings:) and your declaration takes (toppings:flavors:cones:)"))
    }

    @Test("A label renamed, not reordered, keeps the message about names and signatures")
    func renamedLabel() throws {
        // Given
        let output = """
            /ws/Tests/Step02ModelTests/CreateIceCreamModelsTests.swift:46:21: error: incorrect argument labels in call (have 'cones:flavors:toppings:', expected 'cones:flavours:toppings:')
            """
        let build = CommandResult(ending: .exited(1), output: output, droppedBytes: 0)

        // When
        let report = BuildFailure.report(for: step, source: .exercises, build: build, workspace: workspace)

        // Then
        // A different label is a rename: the message asks to put the starter's names back.
        let problem = try #require(report.problem)
        // It says to put back what was renamed, removed or changed.
        #expect(problem.contains("Put back any you renamed, removed or gave another type or signature"))
    }

    /// The report of the fixture's step 2 once `file` is deleted from it, its build failing in the checks.
    static func report(deleting file: String, in fixture: FixtureCourse) throws -> StepReport {
        let kit = try fixture.kit()
        try FileManager.default.removeItem(at: fixture.root.appendingPathComponent(file))
        let output = """
            \(fixture.root.path)/Tests/Step02SproutTests/SproutTests.swift:8:19: error: cannot find 'Sprout' in scope
            """
        let build = CommandResult(ending: .exited(1), output: output, droppedBytes: 0)
        return BuildFailure.report(for: kit.steps[1], source: .exercises, build: build, workspace: fixture.workspace)
    }

    @Test("A starter file deleted or renamed is named, with the command that puts it back")
    func missingStarterFileIsNamed() throws {
        // Given
        let fixture = try FixtureCourse()

        // When
        let report = try Self.report(deleting: "Exercises/02-Sprout/Sprout.swift", in: fixture)

        // Then
        // The learner is told which file is gone and how to get it back, before the errors it caused.
        let problem = try #require(report.problem)
        // The file is named by its path in the workspace.
        #expect(problem.contains("Exercises/02-Sprout/Sprout.swift is missing"))
        // And the way back: the step's reset, which backs up what is there first.
        #expect(problem.contains("kata reset 2"))
    }

    @Test("A starter file the step's lesson deletes is not asked back when the step does not build for another reason")
    func fileTheLessonDeletesIsNotMissing() throws {
        // Given
        // The starter has a file its reference solution no longer has (as step 8 drops its view model), and the
        // manifest is written with it, as an author writes it.
        let fixture = try FixtureCourse()
        try fixture.write("Exercises/02-Sprout/SproutViewModel.swift", "struct SproutViewModel {}\n")
        #expect(fixture.run(["manifest", "--write"]).status == .success)

        // When
        let report = try Self.report(deleting: "Exercises/02-Sprout/SproutViewModel.swift", in: fixture)

        // Then
        // Deleting it was the lesson: the report speaks of the error the build did have, and never asks it back.
        let problem = try #require(report.problem)
        #expect(!problem.contains("SproutViewModel.swift"))
        #expect(problem.contains("the checks cannot use it"))
    }
}
