import Foundation

@testable import KataCore

/// A course of two tiny lessons, written for the runner's tests: commands run on it in
/// memory and side by side, each test in a folder of its own. None of its words are the
/// kit's, so rewording a hint or a guide of the real course breaks no test of the runner.
/// It is never built: the tests that build and run checks use the real kit.
final class FixtureCourse: Sendable {
    let root: URL
    var workspace: Workspace { Workspace(root: root) }

    /// What a command run on the fixture printed, and how it ended.
    struct Run {
        let status: ExitStatus
        let output: String
        let errors: String
    }

    static let seedHints = [
        "A seed keeps whether it was watered.", "water() changes the seed itself: it is mutating.",
        "In water(), set watered = true.",
    ]

    /// Writes the course into a new folder and records its manifest, as an author would.
    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("kata fixture \(UUID().uuidString)")
        for (path, text) in Self.files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let manifest = run(["manifest", "--write"])
        guard manifest.status == .success else { throw CommandFailure(manifest.errors, status: manifest.status) }
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    /// The fixture as a command sees it.
    func kit() throws -> Kit { try Kit.open(workspace) }

    /// Runs a kata command line in the fixture, in this process, from its top folder or from `subfolder`.
    func run(_ arguments: [String], environment: [String: String] = [:], from subfolder: String? = nil) -> Run {
        let output = Locked("")
        let errors = Locked("")
        let context = Context(
            currentDirectory: subfolder.map { root.appendingPathComponent($0) } ?? root, environment: environment,
            terminal: .plain,
            write: { text in output.withLock { $0 += text } }, writeError: { text in errors.withLock { $0 += text } })
        let status = Kata.run(arguments, in: context)
        return Run(status: status, output: output.withLock { $0 }, errors: errors.withLock { $0 })
    }

    func write(_ path: String, _ text: String) throws {
        try Data(text.utf8).write(to: root.appendingPathComponent(path))
    }

    func read(_ path: String) -> String {
        String(decoding: workspace.bytes(of: path), as: UTF8.self)
    }

    /// Keeps a result of step `number` in which `failing` (check keys) fail and the others pass,
    /// and makes it the step in hand, as `kata check` would after a run; a failure says `details` under its message.
    func record(step number: Int, failing: Set<String>, details: [String] = []) throws {
        let kit = try kit()
        guard let step = kit.step(number) else { throw CommandFailure("no step \(number)") }
        let checks = kit.course.checks(of: step).map { check in
            CheckResult(
                target: step.testTarget, key: check.key, name: check.name,
                status: failing.contains(check.key) ? .failed : .passed,
                failures: failing.contains(check.key)
                    ? [CheckResult.Failure(message: "Expectation failed", details: details)] : [],
                file: root.appendingPathComponent(check.file).path, line: check.line)
        }
        ResultStore(kit: kit).save(
            StepReport(step: step, source: .exercises, status: failing.isEmpty ? .passed : .failed, checks: checks))
        StepInHand(kit: kit).note(step)
    }

    private static let files: [String: String] = [
        "Package.swift": "// A fixture of the runner's tests: never built.\n",
        "Tests/course.json": """
        {"title": "Fixture garden",
         "tracks": [{"id": "garden", "app": "Garden", "given": []}],
         "lessons": [{"folder": "01-Seed", "track": "garden"}, {"folder": "02-Sprout", "track": "garden"}]}
        """,
        "Tests/Step01SeedTests/step.json": #"{"scene": "Plot", "lesson": "a seed that remembers water"}"#,
        "Tests/Step02SproutTests/step.json": #"{"scene": "Bed", "lesson": "a sprout that grows"}"#,
        "Tests/Step01SeedTests/SeedTests.swift": """
        import Testing

        @testable import Step01Seed

        @Suite("A seed")
        struct SeedTests {
            /// Look in: Seed.swift at `mutating func water`
            /// Hint: \(seedHints[0])
            /// Hint: \(seedHints[1])
            /// Hint: \(seedHints[2])
            @Test("A watered seed remembers it")
            func remembersWater() {
                // Given
                var sut = Seed()

                // When
                sut.water()

                // Then
                #expect(sut.watered)
            }

            /// Look in: Seed.swift at `var watered`
            /// Hint: A seed starts dry.
            /// Hint: watered starts false.
            /// Starter: passes
            @Test("A new seed is dry")
            func startsDry() {
                // When
                let sut = Seed()

                // Then
                #expect(!sut.watered)
            }
        }

        """,
        "Tests/Step02SproutTests/SproutTests.swift": """
        import Testing

        @testable import Step02Sprout

        @Suite("A sprout")
        struct SproutTests {
            /// Look in: Sprout.swift at `func grow`
            /// Hint: Growing adds one leaf.
            /// Hint: In grow(), leaves += 1.
            @Test("A sprout that grows has one more leaf")
            func growsALeaf() {
                // Given
                var sut = Sprout()

                // When
                sut.grow()

                // Then
                #expect(sut.leaves == 1)
            }
        }

        """,
        "Exercises/01-Seed/Seed.swift": """
        struct Seed {
            var watered = false

            mutating func water() {}
        }

        """,
        "Solutions/01-Seed/Seed.swift": """
        struct Seed {
            var watered = false

            mutating func water() { watered = true }
        }

        """,
        "Exercises/01-Seed/README.md": seedGuide,
        "Solutions/01-Seed/README.md": seedGuide,
        "Exercises/02-Sprout/Seed.swift":
            "struct Seed {\n    var watered = false\n\n    mutating func water() { watered = true }\n}\n",
        "Exercises/02-Sprout/Sprout.swift": "struct Sprout {\n    var leaves = 0\n\n    mutating func grow() {}\n}\n",
        "Solutions/02-Sprout/Seed.swift":
            "struct Seed {\n    var watered = false\n\n    mutating func water() { watered = true }\n}\n",
        "Solutions/02-Sprout/Sprout.swift":
            "struct Sprout {\n    var leaves = 0\n\n    mutating func grow() { leaves += 1 }\n}\n",
        "Exercises/02-Sprout/README.md": sproutGuide,
        "Solutions/02-Sprout/README.md": sproutGuide,
    ]

    private static let seedGuide = """
        # Step 1: Seed

        A seed of the fixture garden, which only the runner's tests ever plant.

        ## Check your work

        - **A new seed is dry**: before anything happens.
        - **A watered seed remembers it**: after water().

        """

    private static let sproutGuide = """
        # Step 2: Sprout

        A sprout that grows a leaf at a time.

        ## Check your work

        - **A sprout that grows has one more leaf**: after grow().

        """
}
