import Foundation
import Testing

@testable import KataCore

/// The class's side: the report's numbers, the gradebook table, the roster, the zip.
@Suite("A class's grades read together")
struct ClassReportTests {
    /// A class of synthetic grades: learner i passes check c of step s when (i + c * s) % 7 is
    /// not 0, so every check is failed by a known share of the class; every tenth learner's
    /// step 3 needs review.
    static func grades(
        _ count: Int, notStarted: (Int, Int) -> Bool = { _, _ in false },
        diagnosis: (Int, Int) -> String? = { _, _ in nil }
    ) throws -> (
        folder: URL, files: [URL]
    ) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kata class \(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var files: [URL] = []
        for learner in 0..<count {
            var steps: [[String: Any]] = []
            var passedTotal = 0
            var total = 0
            for step in 1...9 {
                let checks = (1...(3 + step)).map { check -> [String: Any] in
                    let passed = (learner + check * step) % 7 != 0
                    return [
                        "name": "Check \(check) of step \(step) tells its story", "id": "Suite/check\(check)()",
                        "status": passed ? "passed" : "failed", "time": 0.001,
                        "message": passed ? NSNull() : "Expectation failed: value \(check) <a & b>",
                    ]
                }
                let passed = checks.filter { $0["status"] as? String == "passed" }.count
                passedTotal += passed
                total += checks.count
                let review = step == 3 && learner % 10 == 0
                steps.append([
                    "step": step, "name": "Step\(step)", "status": passed == checks.count ? "passed" : "failed",
                    "score": ["passed": passed, "total": checks.count], "needsReview": review,
                    "review": review
                        ? [["file": "Exercises/03-Interactor/A.swift", "line": 4, "api": "exit", "reason": "it ends"]]
                        : [],
                    "checks": checks, "errors": [], "notStarted": notStarted(learner, step),
                ])
                if let sentence = diagnosis(learner, step) {
                    steps[steps.count - 1]["diagnosis"] = [
                        "misconception": "0\(step)-\(sentence.prefix(8))", "sentence": sentence, "confidence": 0.8,
                    ]
                }
            }
            let grade: [String: Any] = [
                "schema": "kata-grade", "version": 2, "kata": "1.1.0", "gradedAt": "2026-11-24T10:00:00Z",
                "kit": ["mode": "pristine", "source": "/kit", "commit": "abc"],
                "score": ["passed": passedTotal, "total": total], "percent": 100 * passedTotal / total,
                "stepsPassed": steps.filter { $0["status"] as? String == "passed" }.count,
                "needsReview": learner % 10 == 0, "tampered": [], "refused": [], "steps": steps,
            ]
            let file = folder.appendingPathComponent(String(format: "learner%03d.json", learner))
            try JSONSerialization.data(withJSONObject: grade).write(to: file)
            files.append(file)
        }
        return (folder, files)
    }

    @Test("The report's numbers are the learners' grades exactly, and the most failed check comes first")
    func numbersEqualTheGrades() throws {
        // Given
        let (folder, files) = try Self.grades(200)
        defer { try? FileManager.default.removeItem(at: folder) }

        // When
        let report = try ClassReport.load(files)
        let rows = report.csv().components(separatedBy: "\r\n").filter { !$0.isEmpty }.map {
            $0.components(separatedBy: ",")
        }

        // Then
        #expect(rows.count == 201)
        for (row, file) in zip(rows.dropFirst(), files) {
            let grade = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
            let score = try #require(grade["score"] as? [String: Int])
            #expect(row[0] == file.deletingPathExtension().lastPathComponent)
            #expect(row[1] == "\(score["passed"]!)" && row[2] == "\(score["total"]!)")
            // Rounded to the nearest, never up to 100 for a learner who misses a check.
            let exact = 100 * Double(score["passed"]!) / Double(score["total"]!)
            #expect(row[3] == "\(score["passed"] == score["total"] ? 100 : min(99, Int(exact.rounded())))")
            let steps = try #require(grade["steps"] as? [[String: Any]])
            #expect(
                row[6..<(6 + steps.count)].map { $0 }
                    == steps.map { "\(($0["score"] as? [String: Int])?["passed"] ?? -1)" })
            // The last column says whether the learner's code ran isolated; empty for a grade that does not say.
            #expect(row.last == "")
        }
        // Check c of step s fails for learners i with (i + c*s) % 7 == 0: 29 or 28 of 200.
        let first = try #require(report.checks.first)
        let expected = (0..<200).filter { ($0 + first.step * (Int(first.id.filter(\.isNumber)) ?? 0)) % 7 == 0 }
        #expect(first.failing == expected.count)
        #expect(first.graded == 200)
        #expect(report.checks.map(\.failingShare) == report.checks.map(\.failingShare).sorted(by: >))
    }

    @Test("The class page stands alone: no script, nothing fetched, learners' text escaped, small")
    func pageStandsAlone() throws {
        // Given
        let (folder, files) = try Self.grades(200)
        defer { try? FileManager.default.removeItem(at: folder) }

        // When
        let html = try ClassReport.load(files).html(course: RealKit.course)

        // Then
        #expect(html.utf8.count < 300_000)
        #expect(!html.lowercased().contains("<script"))
        #expect(!html.contains("http://") && !html.contains("https://") && !html.contains("src="))
        #expect(html.contains("&lt;a &amp; b&gt;"))
        #expect(html.contains("What to teach again"))
        #expect(html.contains("Step 9: the mistakes"))
        #expect(html.components(separatedBy: "Exercises/03-Interactor/A.swift:4").count - 1 == 20)
    }

    @Test("The learners come first, then how far the class got, then what to teach again")
    func learnersFirst() throws {
        // Given
        let (folder, files) = try Self.grades(30)
        defer { try? FileManager.default.removeItem(at: folder) }

        // When
        let html = try ClassReport.load(files).html(course: RealKit.course)
        let order = ["<h2>Learners", "<h2>How far the class got", "<h2>Needs review", "<h2>What to teach again"].map {
            html.range(of: $0)?.lowerBound
        }

        // Then
        #expect(order.allSatisfy { $0 != nil })
        #expect(order.compactMap { $0 } == order.compactMap { $0 }.sorted())
    }

    @Test("A step not started is shown apart, and its checks count only among the learners who started it")
    func notStartedApart() throws {
        // Given: learner i has started steps 1 to 1 + i % 9.
        let (folder, files) = try Self.grades(90) { learner, step in step > 1 + learner % 9 }
        defer { try? FileManager.default.removeItem(at: folder) }

        // When
        let report = try ClassReport.load(files)
        let html = report.html(course: RealKit.course)

        // Then
        for row in report.checks {
            // Step s is started by the learners with i % 9 >= s - 1: 10 per value of i % 9.
            #expect(row.graded == 10 * (10 - row.step))
        }
        #expect(report.progress.map(\.started) == (1...9).map { 10 * (10 - $0) })
        #expect(html.contains(#"title="not started""#))
    }

    @Test("Learner text on the page is cut, however long the message a learner's code made")
    func learnerTextCut() throws {
        // Given
        var grade = GradeTotalsTests.grade()
        grade = try #require(
            GradeReport.decoded(
                from: Data(
                    String(decoding: grade.json(), as: UTF8.self)
                        .replacingOccurrences(
                            of: "\"reason\" : \"why\"",
                            with: "\"reason\" : \"\(String(repeating: "why ", count: 3000))\""
                        )
                        .utf8)))

        // When
        let html = ClassReport(learners: [.init(name: "ann", grade: grade)]).html(course: RealKit.course)

        // Then
        #expect(!html.contains(String(repeating: "why ", count: 200)))
        #expect(html.contains("why why"))
    }

    @Test("A file that is not a kata grade is named, and a gradebook cell never becomes a formula")
    func badInput() throws {
        // Given
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kata bad \(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("notes.json")
        try Data("{\"hello\": 1}".utf8).write(to: file)

        // When
        let error = #expect(throws: ClassReport.ReportError.self) { try ClassReport.load([file]) }

        // Then
        #expect(error?.message.contains("notes.json is not a kata grade") == true)
        #expect(ClassReport.csvField("=HYPERLINK(1)") == "'=HYPERLINK(1)")
        #expect(ClassReport.csvField("a,b") == "\"a,b\"")
    }

    @Test("A roster is NAME LOCATION per line; a name that cannot be a file name, or one listed twice, is refused")
    func roster() throws {
        // Given
        let folder = FileManager.default.temporaryDirectory

        // When
        let learners = try ClassGrade.roster(
            "# the class\nalice  school/alice-kata\nbob\tfile:///repos/bob.git  # late\n\n", relativeTo: folder)

        // Then
        #expect(learners.map(\.name) == ["alice", "bob"])
        #expect(
            ClassGrade.cloneSource(learners[0].location, environment: [:]) == "https://github.com/school/alice-kata")
        #expect(
            ClassGrade.cloneSource(learners[0].location, environment: ["KATA_CLONE_BASE": "file:///srv/"])
                == "file:///srv/school/alice-kata")
        #expect(ClassGrade.cloneSource(learners[1].location, environment: [:]) == "file:///repos/bob.git")
        #expect(throws: CommandFailure.self) { try ClassGrade.roster("../etc x\n", relativeTo: folder) }
        #expect(throws: CommandFailure.self) { try ClassGrade.roster("ann a\nAnn b\n", relativeTo: folder) }
        #expect(throws: CommandFailure.self) { try ClassGrade.roster("ann\n", relativeTo: folder) }
    }

    @Test("The autograder zip holds its files byte for byte, the scripts executable, with standard CRCs")
    func zipRoundTrip() {
        // Given
        let entries = [
            ZipArchive.Entry(path: "run_autograder", data: Data("#!/usr/bin/env bash\n".utf8), executable: true),
            ZipArchive.Entry(
                path: "kit/Package.swift", data: Data("// swift-tools-version:6.2\n".utf8), executable: false),
        ]

        // When
        let read = ZipArchive.entries(in: ZipArchive.archive(entries))

        // Then
        #expect(ZipArchive.crc32(Data("123456789".utf8)) == 0xCBF4_3926)
        #expect(read.map(\.path) == ["run_autograder", "kit/Package.swift"])
        #expect(read.map(\.data) == entries.map(\.data))
        #expect(read.map(\.mode) == [0o100755, 0o100644])
    }

    @Test("What to teach again counts the misconceptions named in the grades, per step, the commonest first")
    func misconceptionsAcrossTheClass() throws {
        // Given
        // Learners 0-5: step 3 named "keeps a view" for 0-3, "asks twice" for 4-5; step 4 for learner 0 only.
        let (folder, files) = try Self.grades(
            6,
            diagnosis: { learner, step in
                switch (learner, step) {
                case (0...3, 3): "The interactor keeps a <view>."
                case (4...5, 3): "The view asks twice."
                case (0, 4): "The presenter sorts the lists."
                default: nil
                }
            })
        defer { try? FileManager.default.removeItem(at: folder) }

        // When
        let report = try ClassReport.load(files)
        let html = report.html(course: RealKit.course)

        // Then
        #expect(
            report.misconceptions.map(\.sentence) == [
                "The interactor keeps a <view>.", "The view asks twice.", "The presenter sorts the lists.",
            ])
        #expect(report.misconceptions.map(\.learners) == [4, 2, 1])
        #expect(report.misconceptions.map(\.started) == [6, 6, 6])
        #expect(html.contains("4 of 6</td><td>3 Step3</td><td>The interactor keeps a &lt;view&gt;.</td>"))
    }
}
