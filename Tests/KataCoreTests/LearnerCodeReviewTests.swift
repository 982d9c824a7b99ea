import Foundation
import Testing

@testable import KataCore

/// The review reads what the compiler resolved. Each fixture under Fixtures/Review marks the lines
/// a finding must point at with `// expect: <part of what it names>`; every other line must have none.
@Suite("The review of learner code reads the compiler's AST")
struct LearnerCodeReviewTests {
    /// A learner module, type-checked by the toolchain from fixture files copied into a folder
    /// of its own, with any modules it imports built first.
    struct Reviewed {
        let findings: [ReviewFinding]
        /// Each fixture's text, by the relative path the findings name.
        let texts: [String: String]

        init(_ fixtures: [String], module: String, step: Step, scene: Bool = false) throws {
            let folder = FileManager.default.temporaryDirectory
                .appendingPathComponent("kata-review-\(UUID().uuidString)", isDirectory: true)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            // The kit's helpers for the checks, whose names learner code must not take.
            try FileManager.default.createDirectory(
                at: folder.appendingPathComponent("Seeds"), withIntermediateDirectories: true)
            try Fixtures.text("Review/Seeds.swift.txt").write(
                to: folder.appendingPathComponent("Seeds/Helpers.swift"), atomically: true, encoding: .utf8)
            // The step's checks, whose unqualified calls learner code must not take either.
            let checks = folder.appendingPathComponent("Tests/\(step.testTarget)")
            try FileManager.default.createDirectory(at: checks, withIntermediateDirectories: true)
            try Fixtures.text("Review/ChecksCalls.swift.txt").write(
                to: checks.appendingPathComponent("Calls.swift"), atomically: true, encoding: .utf8)
            var arguments = ["-module-name", module, "-parse-as-library", "-swift-version", "6"]
            if scene {
                // The given scene a suite imports, built with testing enabled as SwiftPM builds it.
                let source = folder.appendingPathComponent("Scene.swift")
                try Fixtures.text("Review/Scene/Scene.swift.txt").write(to: source, atomically: true, encoding: .utf8)
                let built = Subprocess.run(
                    Command(
                        "swiftc",
                        [
                            "-module-name", "RecentOrders", "-parse-as-library", "-emit-module", "-enable-testing",
                            "-emit-module-path", folder.appendingPathComponent("RecentOrders.swiftmodule").path,
                            source.path,
                        ]))
                // The stand-in scene builds.
                try #require(built.succeeded, "\(built.output)")
                // The C module the scene's copy takes its switch from, as a suite could import it.
                try "const char *_Nonnull scene_switch(void);\n".write(
                    to: folder.appendingPathComponent("SceneSwitch.h"), atomically: true, encoding: .utf8)
                try "module SceneSwitch {\n    header \"SceneSwitch.h\"\n    export *\n}\n".write(
                    to: folder.appendingPathComponent("module.modulemap"), atomically: true, encoding: .utf8)
                arguments += ["-I", folder.path]
                // The seeds a suite may use, and the checks' own tools beside them, in one module as the kit's.
                let seeds = ["OrderSeeds", "Tools"].map { folder.appendingPathComponent("Seeds/\($0).swift") }
                for (name, url) in zip(["OrderSeeds", "Tools"], seeds) {
                    try Fixtures.text("Review/SeedsModule/\(name).swift.txt").write(
                        to: url, atomically: true, encoding: .utf8)
                }
                let seedsBuilt = Subprocess.run(
                    Command(
                        "swiftc",
                        [
                            "-module-name", "Seeds", "-parse-as-library", "-emit-module", "-emit-module-path",
                            folder.appendingPathComponent("Seeds.swiftmodule").path,
                        ] + seeds.map(\.path)))
                try #require(seedsBuilt.succeeded, "\(seedsBuilt.output)")
            }
            var sources: [String] = []
            var texts: [String: String] = [:]
            for fixture in fixtures {
                let text = Fixtures.text("Review/\(fixture).swift.txt")
                let url = folder.appendingPathComponent("\(fixture.split(separator: "/").last ?? "")" + ".swift")
                try text.write(to: url, atomically: true, encoding: .utf8)
                sources.append(url.path)
                texts[url.lastPathComponent] = text
            }
            let ast = try ModuleAST.dump(
                module: module, compiler: "swiftc", arguments: arguments + sources, sources: sources)
            let review = LearnerCodeReview(step: step)
            findings = review.findings(in: ast, workspace: Workspace(root: folder)).map { finding in
                ReviewFinding(
                    file: String(finding.file.split(separator: "/").last ?? ""), line: finding.line, api: finding.api,
                    reason: finding.reason)
            }
            self.texts = texts
        }

        /// Lines marked `// expect:` that have no finding naming what the mark says, and findings on
        /// lines with no mark.
        var mismatches: [String] {
            var wrong: [String] = []
            for (file, text) in texts.sorted(by: { $0.key < $1.key }) {
                for (index, line) in text.components(separatedBy: "\n").enumerated() {
                    let here = findings.filter { $0.file == file && $0.line == index + 1 }
                    if let mark = line.range(of: "// expect: ") {
                        let expected = String(line[mark.upperBound...])
                        if !here.contains(where: { $0.api.contains(expected) }) {
                            wrong.append("\(file):\(index + 1) should name \(expected); found \(here.map(\.api))")
                        }
                    } else if !here.isEmpty {
                        wrong.append("\(file):\(index + 1) has \(here.map(\.api)), which nothing expects")
                    }
                }
            }
            return wrong
        }
    }

    static let checksStep = Step(
        number: 3, name: "Interactor", app: "Scoops&Scones", scene: "CreateIceCream", lesson: "the interactor",
        givenModules: ["ScoopsAndScones", "TerminalUI", "Scaffolding"])
    static let suitesStep = Step(
        number: 9, name: "Spies", app: "Pens&Pages", scene: "Orders", lesson: "suites",
        givenModules: ["RecentOrders", "TerminalUI"], kind: .suites, seedFiles: ["Seeds/OrderSeeds.swift"])

    @Test("Results written through a held descriptor, and ways to leave unseen, are found however they are named")
    func writingResultsIsFound() throws {
        // Given
        let reviewed = try Reviewed(["Checks/WritesResults"], module: "Step03Interactor", step: Self.checksStep)

        // When
        let mismatches = reviewed.mismatches

        // Then
        // FileHandle through a typealias, write, _exit through a function reference, raise and atexit: each on its line.
        #expect(mismatches == [])
    }

    @Test("Code beside literals a lexer would misread, and inside interpolations, is read as the compiler reads it")
    func literalsHideNothing() throws {
        // Given
        let reviewed = try Reviewed(["Checks/HidesInLiterals"], module: "Step03Interactor", step: Self.checksStep)

        // When
        let mismatches = reviewed.mismatches

        // Then
        // exit, kill and ProcessInfo are found where they are called, whatever the strings around them hold.
        #expect(mismatches == [])
    }

    @Test(
        "The process, files and the loader are found through typealiases, function references and names made at run time"
    )
    func otherNamesAreFound() throws {
        // Given
        let reviewed = try Reviewed(["Checks/OtherNames"], module: "Step03Interactor", step: Self.checksStep)

        // When
        let mismatches = reviewed.mismatches

        // Then
        // The declaration each name resolves to is judged, not the name written.
        #expect(mismatches == [])
    }

    @Test(
        "Operators on others' types, conformances added to them, names the checks use and underscored attributes are found"
    )
    func declarationsThatChangeTheChecksAreFound() throws {
        // Given
        let reviewed = try Reviewed(["Checks/ChangesTheChecks"], module: "Step03Interactor", step: Self.checksStep)

        // When
        let mismatches = reviewed.mismatches

        // Then
        // Each such declaration is named on its line; code in an #if branch that is not compiled is not.
        #expect(mismatches == [])
    }

    @Test(
        "Types named like what the checks use, conformances that bring comparisons, implicit members and attributed imports are found"
    )
    func declarationsThatChangeMeaningQuietlyAreFound() throws {
        // Given
        let reviewed = try Reviewed(["Checks/ChangesMeaning"], module: "Step03Interactor", step: Self.checksStep)

        // When
        let mismatches = reviewed.mismatches

        // Then
        // Mirror and Result as the learner's own types, Strideable and RawRepresentable written on its types, an
        // interpolation and a literal's initializer added to the standard library's, and @preconcurrency: each named.
        #expect(mismatches == [])
    }

    @Test("Every standard type the kit's checks name is one the review will not let learner code take")
    func standardNamesAreWhole() throws {
        // Given
        let workspace = RealKit.workspace
        func code(_ path: String) -> String {
            SwiftSource(String(decoding: workspace.bytes(of: path), as: UTF8.self)).code
        }
        let swiftFiles = { (folder: String) in workspace.allFiles(under: folder).filter { $0.hasSuffix(".swift") } }
        let checks =
            RealKit.steps.flatMap { step in
                swiftFiles("Tests/\(step.testTarget)").filter { path in
                    !step.givenModules.contains { path.hasPrefix("Tests/\(step.testTarget)/\($0)/") }
                }
            } + swiftFiles("Seeds")

        // When
        // The names the checks use that no code of the kit declares (a type, a case, a generic parameter): the
        // standard library's, Foundation's and the testing library's.
        let typeName = try TextPattern(#"\b([A-Z][A-Za-z0-9_]*)\b"#)
        let declaration = try TextPattern(
            #"(?:struct|class|enum|protocol|typealias|actor|associatedtype|case)\s+([A-Z]\w*)"#)
        let genericParameters = try TextPattern(#"(?:func|struct|class|enum|init|subscript)\s*\w*\s*<([^<>]*)>"#)
        let genericParameter = try TextPattern(#"(?:^|,)\s*([A-Z]\w*)"#)
        var used: Set<String> = []
        for path in checks { used.formUnion(typeName.captures(1, in: code(path))) }
        var declared: Set<String> = ["Self", "Type", "Wrapped", "Element", "Key", "Value"]
        for path in ["Sources", "Seeds", "Tests", "Solutions", "Exercises"].flatMap(swiftFiles) {
            let text = code(path)
            declared.formUnion(declaration.captures(1, in: text))
            for parameters in genericParameters.captures(1, in: text) {
                declared.formUnion(genericParameter.captures(1, in: parameters))
            }
        }
        let modules = Set(RealKit.steps.flatMap { [$0.module] + $0.givenModules }).union([
            "Foundation", "Glibc", "Darwin", "Testing", "Seeds",
        ])
        let standard = used.subtracting(declared).subtracting(modules).filter { name in
            // C's constants (ESRCH) are no type.
            name.contains { $0.isLowercase }
        }

        // Then
        // A name missing here goes into LearnerCodeReview.standardNamesTheChecksUse.
        #expect(standard.subtracting(LearnerCodeReview.standardNamesTheChecksUse).sorted() == [])
        // The scan found what the checks use, not nothing: String and Mirror are among the names.
        #expect(standard.isSuperset(of: ["String", "Mirror"]))
    }

    @Test("A scene's ordinary code (decoding a bundle's file, formatting, regexes, tasks) has no finding")
    func ordinaryCodeIsClean() throws {
        // Given
        let reviewed = try Reviewed(["Checks/Correct"], module: "Step03Interactor", step: Self.checksStep)

        // When
        let findings = reviewed.findings

        // Then
        // No false alarm on what a scene needs.
        #expect(findings.map(\.sentence) == [])
    }

    @Test(
        "Suites that read which mistake is on, from the environment or /proc, or @testable-import the scene, are found")
    func suitesReadingTheSwitchAreFound() throws {
        // Given
        let reviewed = try Reviewed(
            ["Suites/ReadsTheSwitch"], module: "Step09SpiesTests", step: Self.suitesStep, scene: true)

        // When
        let mismatches = reviewed.mismatches

        // Then
        // The environment, a file read and @testable import are each named; the suite's plain test is not.
        #expect(mismatches == [])
    }

    @Test(
        "Suites may use the seeds their guide names; the checks' own tools, the file system through URL and exit tests are found"
    )
    func suitesReachingPastTheSeedsAreFound() throws {
        // Given
        let reviewed = try Reviewed(
            ["Suites/ReachesPastTheSeeds"], module: "Step09SpiesTests", step: Self.suitesStep, scene: true)

        // When
        let mismatches = reviewed.mismatches

        // Then
        // Seeds.orders, OrderSeed and the members they add pass; ScratchBundle, firstMiss, another member of Seeds,
        // URL's file-system questions and #expect(processExitsWith:) are each named on their line.
        #expect(mismatches == [])
    }

    @Test("Suites that @testable-import the scene with the attribute on a line of its own are found")
    func testableApartIsFound() throws {
        // Given
        let reviewed = try Reviewed(
            ["Suites/TestableApart"], module: "Step09SpiesTests", step: Self.suitesStep, scene: true)

        // When
        let mismatches = reviewed.mismatches

        // Then
        // The attribute is the import's, whatever lines and comments stand between them.
        #expect(mismatches == [])
    }

    @Test("A top-level function named like one the checks call, and a custom mirror, are found")
    func shadowsOfTheChecksAreFound() throws {
        // Given
        let reviewed = try Reviewed(["Checks/ShadowsTheChecks"], module: "Step03Interactor", step: Self.checksStep)

        // When
        let mismatches = reviewed.mismatches

        // Then
        // `zip` would take the checks' own call, `withCheckedContinuation` the one they make with a trailing closure,
        // and the mirror would tell them what the scene stores; a member of the learner's own type named `zip` is
        // nothing the checks call.
        #expect(mismatches == [])
    }

    @Test("Suites that import the scene's switch module, or call it under another name, are found")
    func suitesCallingTheSwitchAreFound() throws {
        // Given
        let reviewed = try Reviewed(
            ["Suites/CallsTheSwitch"], module: "Step09SpiesTests", step: Self.suitesStep, scene: true)

        // When
        let mismatches = reviewed.mismatches

        // Then
        #expect(mismatches == [])
    }

    @Test("A build's list of sources is read as SwiftPM quotes it: paths with spaces and quotes come out whole")
    func sourcesListedWithQuotes() throws {
        // Given
        let list = FileManager.default.temporaryDirectory.appendingPathComponent("kata-sources-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: list) }
        try """
        /plain/A.swift
        '/kata workspace/Exercises/03-Interactor/B.swift'
        '/it'\\''s mine/C.swift'
        /escaped\\ space/D.swift

        """.write(to: list, atomically: true, encoding: .utf8)

        // When
        let sources = BuildPlan.sources(in: ["-module-name", "Step03Interactor", "@" + list.path, "/direct/E.swift"])

        // Then
        #expect(
            sources == [
                "/plain/A.swift", "/kata workspace/Exercises/03-Interactor/B.swift", "/it's mine/C.swift",
                "/escaped space/D.swift", "/direct/E.swift",
            ])
    }

    @Test("The review type-checks with the build's arguments less its products, in the build's batches and jobs")
    func typeCheckArguments() {
        // Given
        let build = [
            "-module-name", "Step03Interactor", "-emit-dependencies", "-emit-module", "-emit-module-path",
            "/m/S.swiftmodule",
            "-output-file-map", "/m/map.json", "-c", "-enable-batch-mode", "-j2", "-incremental", "-Xcc", "-o",
            "-parseable-output", "-swift-version", "6", "@/m/sources",
        ]

        // When
        let kept = BuildPlan.typeCheckOnly(build)

        // Then
        // Products and their paths go; batch mode and the jobs stay (one frontend per file would load every
        // import again per file); what is passed on to another tool is kept whatever it looks like.
        #expect(
            kept == [
                "-module-name", "Step03Interactor", "-enable-batch-mode", "-j2", "-Xcc", "-o", "-swift-version", "6",
                "@/m/sources",
            ])
    }
}
