import Foundation
import Testing

@testable import KataCore

#if canImport(FoundationXML)
    import FoundationXML
#endif

@Suite("Checksums")
struct SHA256Tests {
    @Test(
        "SHA-256 gives the standard digests",
        arguments: [
            ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
            ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
            (
                "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
                "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
            ),
            (String(repeating: "a", count: 64), "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb"),
        ])
    func standardDigests(message: String, digest: String) {
        // Given
        let bytes = Array(message.utf8)

        // When
        let hex = SHA256.hex(bytes)

        // Then
        #expect(hex == digest)
    }
}

/// A small workspace on disk, shaped like the kit, for the grading checks.
private struct FakeKit {
    let workspace: Workspace

    init() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "fake kit \(UUID().uuidString.prefix(6))")
        workspace = Workspace(root: root)
        for (path, text) in [
            ("Package.swift", "// package"),
            ("Exercises/01-Starter/A.swift", "// starter"),
            ("Solutions/01-Starter/A.swift", "// solution"),
            ("Tests/Step01StarterTests/ATests.swift", "#expect(1 == 1)"),
            ("Tests/Step03InteractorTests/CTests.swift", "#expect(3 == 3)"),
            ("Seeds/Seeds.swift", "// seeds"),
            ("Sources/Authentication/User.swift", "// user"),
        ] {
            try write(path, text)
        }
    }

    func write(_ path: String, _ text: String) throws {
        let url = workspace.root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }
}

@Suite("Finding edited grading files")
struct TamperScanTests {
    @Test("An untouched kit has nothing to report")
    func untouched() throws {
        // Given
        let kit = try FakeKit()
        let manifest = KitManifest.make(for: kit.workspace)

        // When
        let findings = TamperScan.findings(in: RealKit.opened(kit.workspace), against: manifest)

        // Then
        #expect(findings.isEmpty)
        #expect(manifest.starters.map(\.path) == ["Exercises/01-Starter/A.swift"])
    }

    @Test("An edited check names its file and only its step; the learner's own files do not count")
    func editedCheck() throws {
        // Given
        let kit = try FakeKit()
        let manifest = KitManifest.make(for: kit.workspace)
        try kit.write("Tests/Step03InteractorTests/CTests.swift", "#expect(true)")
        try kit.write("Exercises/01-Starter/A.swift", "// the learner's work")

        // When
        let findings = TamperScan.findings(in: RealKit.opened(kit.workspace), against: manifest)

        // Then
        #expect(
            findings == [TamperFinding(path: "Tests/Step03InteractorTests/CTests.swift", change: .edited, steps: [3])])
    }

    @Test("Added, missing and shared files are named, with every step they decide")
    func addedAndMissing() throws {
        // Given
        let kit = try FakeKit()
        let manifest = KitManifest.make(for: kit.workspace)
        try kit.write("Seeds/Extra.swift", "// more seeds")
        try FileManager.default.removeItem(
            at: kit.workspace.root.appendingPathComponent("Sources/Authentication/User.swift"))

        // When
        let findings = TamperScan.findings(in: RealKit.opened(kit.workspace), against: manifest)

        // Then
        #expect(
            findings == [
                TamperFinding(path: "Seeds/Extra.swift", change: .added, steps: RealKit.steps.map(\.number)),
                TamperFinding(
                    path: "Sources/Authentication/User.swift", change: .missing,
                    steps: RealKit.steps(standingOn: "Authentication")),
            ])
    }
}

@Suite("Writing a unified diff")
struct UnifiedDiffTests {
    @Test("A changed line is shown with its context, removals before additions")
    func changedLine() {
        // Given
        let old = "a\nb\nc\nd\ne\nf\ng\nh\n"
        let new = "a\nb\nc\nd\nE\nf\ng\nh\n"

        // When
        let diff = UnifiedDiff.diff(old: old, new: new, oldName: "old", newName: "new")

        // Then
        #expect(diff == "--- old\n+++ new\n@@ -2,7 +2,7 @@\n b\n c\n d\n-e\n+E\n f\n g\n h\n")
    }

    @Test("Equal texts give no diff; a new file is all additions")
    func equalAndNew() {
        // Given
        let text = "one\ntwo\n"

        // When
        let same = UnifiedDiff.diff(old: text, new: text, oldName: "a", newName: "b")
        let added = UnifiedDiff.diff(old: "", new: text, oldName: "/dev/null", newName: "b")

        // Then
        #expect(same.isEmpty)
        #expect(added == "--- /dev/null\n+++ b\n@@ -0,0 +1,2 @@\n+one\n+two\n")
    }
}

@Suite("The grade as files")
struct GradeFilesTests {
    static func sampleGrade() -> GradeReport {
        let workspace = Workspace(root: URL(fileURLWithPath: "/kit"))
        let passing = CheckResult(
            target: "Step01StarterTests", key: "S/a()", name: "A <passing> check", status: .passed,
            file: "/kit/Tests/Step01StarterTests/S.swift", line: 9)
        var failing = CheckResult(
            target: "Step01StarterTests", key: "S/b()", name: "A failing & \"quoted\" check", status: .failed,
            file: "/kit/Tests/Step01StarterTests/S.swift", line: 20)
        failing.failures = [
            CheckResult.Failure(
                message: "Expectation failed: (x → 1) == 2\nsecond line", file: "/kit/Tests/Step01StarterTests/S.swift",
                line: 27)
        ]
        let reports = [
            StepReport(step: RealKit.steps[0], source: .exercises, status: .failed, checks: [passing, failing]),
            StepReport(
                step: RealKit.steps[1], source: .exercises, status: .passed,
                checks: [
                    CheckResult(
                        target: "Step02ModelTests", key: "M/c()", name: "Another", status: .passed, file: nil, line: nil
                    )
                ]),
        ]
        let tampered = [TamperFinding(path: "Tests/Step02ModelTests/M.swift", change: .edited, steps: [2])]
        let outcomes = reports.map {
            GradingRun.Outcome(report: $0, declared: [], review: [], changedDuringRun: [], reusedProduct: false)
        }
        return GradeReport(
            outcomes: outcomes, tampered: tampered, against: GradeReport.GradedAgainst(mode: "local", source: "/kit"),
            in: RealKit.opened(workspace), date: Date(timeIntervalSince1970: 0))
    }

    @Test("The JSON grade follows its schema, and a tampered step scores nothing")
    func jsonFollowsSchema() throws {
        // Given
        let grade = Self.sampleGrade()

        // When
        let document = try #require(try JSONSerialization.jsonObject(with: grade.json()) as? [String: Any])

        // Then
        // The document follows docs/schema/kata-grade.schema.json.
        #expect(try JSONSchema(file: "kata-grade.schema.json").problems(inJSON: grade.json()) == [])
        #expect(document["schema"] as? String == "kata-grade")
        #expect(document["version"] as? Int == 2)
        let steps = try #require(document["steps"] as? [[String: Any]])
        #expect(steps.map { $0["status"] as? String } == ["failed", "tampered"])
        #expect((steps[1]["score"] as? [String: Int]) == ["passed": 0, "total": 1])
        #expect((document["score"] as? [String: Int]) == ["passed": 1, "total": 3])
    }

    @Test("The JUnit grade is XML a parser reads: a suite per step, a case per check, a failure per failing check")
    func junitParses() throws {
        // Given
        let xml = JUnitReport.xml(for: Self.sampleGrade())

        // When
        let counter = XMLElementCounter()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = counter
        let parsed = parser.parse()

        // Then
        #expect(parsed, "\(parser.parserError.map { "\($0)" } ?? "")")
        // It has the shape of junit-10.xsd, and its counts equal the elements they count.
        #expect(JUnitShape.problems(in: xml) == [])
        #expect(counter.counts["testsuite"] == 2)
        #expect(counter.counts["testcase"] == 3)
        #expect(counter.counts["failure"] == 2)
        #expect(counter.names.contains("A failing & \"quoted\" check"))
    }

    @Test("Annotations put each failing check at its line, with newlines and separators escaped")
    func annotations() {
        // Given
        let grade = Self.sampleGrade()

        // When
        let lines = GitHubAnnotations.lines(for: grade)

        // Then
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("::error file=Tests/Step02ModelTests/M.swift,title=Edited grading file::"))
        #expect(
            lines[1]
                == "::error file=Tests/Step01StarterTests/S.swift,line=27,title=Step 1%3A A failing & \"quoted\" check::Expectation failed: (x → 1) == 2%0Asecond line"
        )
    }
}

/// Counts the elements an XML parser meets, and keeps the test case names.
private final class XMLElementCounter: NSObject, XMLParserDelegate {
    var counts: [String: Int] = [:]
    var names: [String] = []

    func parser(
        _ parser: XMLParser, didStartElement element: String, namespaceURI: String?,
        qualifiedName: String?, attributes: [String: String] = [:]
    ) {
        counts[element, default: 0] += 1
        if element == "testcase", let name = attributes["name"] { names.append(name) }
    }
}

@Suite("Printing a guide")
struct GuideFormatterTests {
    @Test("Paragraphs and list items are reflowed to the width; code blocks are kept as written")
    func reflows() {
        // Given
        let markdown = """
            # Title

            A paragraph that was wrapped
            short in the file.

            - an item that goes on
              over two lines
            ```
            let x =     1
            ```
            """

        // When
        let text = GuideFormatter.format(markdown, width: 80, style: Style(enabled: false))

        // Then
        #expect(
            text
                == "Title\n\nA paragraph that was wrapped short in the file.\n\n- an item that goes on over two lines\n    let x =     1\n"
        )
    }
}
