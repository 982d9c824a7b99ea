import Foundation
import Testing

@testable import KataCore

/// What a learner reads about a check (its hints, its guide's list, the line printed with
/// a failure) must not drift from the check itself. These read the kit's own sources, for
/// every step, so a renamed check, a hint left behind or an expectation without its
/// sentence fails here, not in front of a learner.
@Suite("Hints, guides and failure lines agree with the checks")
struct KitDriftTests {
    static let workspace = RealKit.workspace

    @Test("Every check has three hint levels, pointing at a place in its step's files", arguments: RealKit.steps)
    func everyCheckHasThreeHints(step: Step) {
        // Given
        let checks = DeclaredCheck.all(of: step, in: Self.workspace)

        // When
        let problems = checks.flatMap { Self.hintProblems(of: $0, step: step) }

        // Then
        // Each check's comment has `Look in:` a file of the step at a place in it, and three `Hint:` lines.
        #expect(problems == [])
    }

    @Test(
        "Every hint written in a step's tests belongs to a check",
        arguments: RealKit.steps.filter { $0.kind == .checks })
    func noHintWithoutACheck(step: Step) {
        // Given
        let files = Self.workspace.allFiles(under: "Tests/\(step.testTarget)").filter { $0.hasSuffix(".swift") }
        let written = files.map { path in
            String(decoding: Self.workspace.bytes(of: path), as: UTF8.self).components(separatedBy: "\n")
                .filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("/// Hint:") }.count
        }.reduce(0, +)

        // When
        let read = DeclaredCheck.all(of: step, in: Self.workspace).map(\.annotations.hints.count).reduce(0, +)

        // Then
        // A `/// Hint:` not right above a check's @Test (or its attributes) is never shown: move it to its check.
        #expect(read == written)
    }

    @Test("Every guide lists its step's checks in Check your work", arguments: RealKit.steps)
    func guideListsTheChecks(step: Step) {
        // Given
        let workspace = Self.workspace

        // When
        let problems = GuideAudit.problems(step: step, workspace: workspace)

        // Then
        // One `- **display name**` item per check under "## Check your work" (see GuideAudit), and the right count.
        #expect(problems == [])
    }

    @Test(
        "Every expectation has a comment right before it, which kata prints with its failure",
        arguments: RealKit.steps)
    func everyExpectationSaysWhatShouldHold(step: Step) {
        // Given
        let files = Self.workspace.allFiles(under: "Tests/\(step.testTarget)").filter { $0.hasSuffix(".swift") }

        // When
        let bare = files.flatMap(Self.expectationsWithoutComment)

        // Then
        // Put a `// …` line saying what should hold directly above each #expect and #require (not a Given/When/Then marker).
        #expect(bare == [])
    }

    @Test("A guide names real steps in its commands, never a placeholder", arguments: RealKit.steps)
    func guidesNameTheirSteps(step: Step) throws {
        // Given
        let guide = String(decoding: Self.workspace.bytes(of: "Exercises/\(step.folder)/README.md"), as: UTF8.self)
        let command = try Regex(#"kata (check|hint|watch|run|guide|reset|diff|review) +([^\s`),.;]+)"#)

        // When
        let arguments = guide.matches(of: command).compactMap { $0.output[2].substring.map(String.init) }
        let unreal = arguments.filter { !$0.hasPrefix("-") && RealKit.course.step(Int($0) ?? 0) == nil }

        // Then
        // A learner types what the guide shows: `kata check 9`, not `kata check N`.
        #expect(!arguments.isEmpty)
        #expect(unreal == [])
    }

    @Test(
        "A class's copy of a guide points to the instructor's reference, never to Solutions/ or kata diff",
        arguments: RealKit.steps)
    func classGuidesHaveNoSolutions(step: Step) {
        // Given
        let guide = String(decoding: Self.workspace.bytes(of: "Exercises/\(step.folder)/README.md"), as: UTF8.self)

        // When
        let learners = ClassTemplate.learnersGuide(guide)

        // Then
        // A class's copy has no Solutions/, so kata diff there only says so.
        #expect(!learners.contains("Solutions/"))
        #expect(!learners.contains("kata diff"))
    }

    @Test("The README's sample report names a real check of its step, and the step's real count")
    func readmeSampleIsReal() throws {
        // Given
        let readme = String(decoding: Self.workspace.bytes(of: "README.md"), as: UTF8.self)
        let sample = try #require(readme.components(separatedBy: "```").dropFirst().first)
        let number = try #require(sample.firstMatch(of: /\$ kata check (\d+)/).flatMap { Int($0.output.1) })
        let step = try #require(RealKit.course.step(number))

        // When
        let checks = DeclaredCheck.all(of: step, in: Self.workspace)
        let named = sample.split(separator: "\n").compactMap { line in
            line.firstMatch(of: /^\s+✘ (.+)$/).map { String($0.output.1) }
        }

        // Then
        // What a newcomer reads first must be what kata prints.
        #expect(!named.isEmpty && named.allSatisfy { name in checks.contains { $0.name == name } })
        #expect(sample.contains("Step \(number): 0/\(checks.count) checks pass"))
    }

    @Test("No reference solution keeps the starters' placeholder import (Scaffolding)", arguments: RealKit.steps)
    func solutionsDoNotImportScaffolding(step: Step) {
        // Given
        let files = Self.workspace.allFiles(under: "Solutions/\(step.folder)").filter { $0.hasSuffix(".swift") }

        // When
        let importing = files.filter { path in
            String(decoding: Self.workspace.bytes(of: path), as: UTF8.self).components(separatedBy: "\n")
                .contains("import Scaffolding")
        }

        // Then
        // Scaffolding holds only NotWrittenYet, which a finished step no longer throws: kata diff would show the import as the learner's.
        #expect(importing == [])
    }

    /// In a lesson of suites the reference suites are the example the learner follows.
    @Test(
        "Every check, and every test of a reference suite, tells its story in Given, When and Then",
        arguments: RealKit.steps)
    func everyCheckHasItsSections(step: Step) {
        // Given
        let checks =
            step.kind == .suites
            ? DeclaredCheck.inFiles(under: "Solutions/\(step.folder)", in: Self.workspace)
            : DeclaredCheck.all(of: step, in: Self.workspace)

        // When
        let untold = checks.filter { !Self.hasSectionsInOrder($0) }.map(\.key)

        // Then
        // Each check's body has `// Given`, `// When` and `// Then`, in that order.
        #expect(untold == [])
    }

    // MARK: Reading the sources

    static func hintProblems(of check: DeclaredCheck, step: Step) -> [String] {
        guard let guide = RealKit.course.guide(step, key: check.key) else {
            return ["\(check.key): no hints"]
        }
        var problems: [String] = []
        if guide.hints.count != 3 {
            problems.append("\(check.key): \(guide.hints.count) hint levels, not 3")
        }
        if guide.hints.contains(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
            problems.append("\(check.key): an empty hint")
        }
        for source in [Source.exercises, .solutions] {
            let path = "\(source == .exercises ? "Exercises" : "Solutions")/\(step.folder)/\(guide.file)"
            let text = String(decoding: workspace.bytes(of: path), as: UTF8.self)
            if !text.contains(guide.symbol) {
                problems.append("\(check.key): '\(guide.symbol)' is not in \(path)")
            }
        }
        return problems
    }

    /// `file:line` of every #expect and #require whose line above is not a comment.
    static func expectationsWithoutComment(in path: String) -> [String] {
        let text = String(decoding: workspace.bytes(of: path), as: UTF8.self)
        let lines = text.components(separatedBy: "\n")
        let code = SwiftSource(text).code.components(separatedBy: "\n")
        let markers: Set<String> = ["// given", "// when", "// then"]
        return code.indices.compactMap { index in
            let line = code[index]
            guard line.contains("#expect(") || line.contains("#require(") else { return nil }
            let above = index > 0 ? lines[index - 1].trimmingCharacters(in: .whitespaces) : ""
            let commented = above.hasPrefix("//") && !markers.contains(above.lowercased())
            return commented ? nil : "\(path):\(index + 1)"
        }
    }

    /// Whether the lines from the check's `@Test` to the next one hold the three markers in order.
    static func hasSectionsInOrder(_ check: DeclaredCheck) -> Bool {
        let lines = String(decoding: workspace.bytes(of: check.file), as: UTF8.self).components(separatedBy: "\n")
        var wanted = ["// given", "// when", "// then"]
        for line in lines.dropFirst(check.line) {
            let text = line.trimmingCharacters(in: .whitespaces).lowercased()
            if text.hasPrefix("@test") { break }
            if text == wanted.first { wanted.removeFirst() }
            if wanted.isEmpty { return true }
        }
        return false
    }
}

/// What git tracks is what the template and both platform bundles carry: nothing a machine left behind may be in it.
@Suite("The kit tracks only its own files")
struct TrackedFilesTests {
    static let topLevel: Set<String> = [
        ".ci", ".github", ".gitignore", ".swift-format", "Exercises", "Makefile", "Package.swift", "README.md", "Seeds",
        "Solutions", "Sources", "Tests", "docs",
    ]
    static let leftovers: Set<String> = ["__pycache__", ".DS_Store", ".build", ".kata", ".swiftpm", "Package.resolved"]

    @Test(
        "Every tracked file sits in a folder the layout names, and none is a build or cache leftover",
        .enabled(
            if: FileTree.kind(at: RealKit.root.appendingPathComponent(".git")) != nil,
            "a kit downloaded without git tracks nothing"))
    func onlyTheLayout() throws {
        // Given
        let listing = Subprocess.run(
            Git.command(["ls-files", "-z"], in: RealKit.root, timeLimit: .seconds(60)))
        try #require(listing.succeeded)
        let tracked = listing.output.split(separator: "\0").map(String.init)

        // When
        let outside = tracked.filter { !Self.topLevel.contains(String($0.prefix { $0 != "/" })) }
        let leftover = tracked.filter { path in
            path.hasSuffix(".pyc") || path.split(separator: "/").contains { Self.leftovers.contains(String($0)) }
        }

        // Then
        #expect(outside == [], "a file at the kit's root the layout does not name")
        #expect(leftover == [], "a build or cache leftover is tracked")
    }
}
