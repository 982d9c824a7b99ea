import Foundation
import Testing

@testable import KataCore

/// A grade as of a deadline, or of a commit asked for: which state of a learner's repository is read, and what the
/// grade says about it.
@Suite("Grading as of a deadline")
struct DeadlineTests {
    /// A learner's repository with three commits, made on the first three days of December 2026 at noon UTC, each
    /// writing `Exercises/day.txt` with its day.
    static func learnerRepository() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("kata-deadline-\(UUID())")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("Exercises"), withIntermediateDirectories: true)
        let script = """
            cd "$0" && git init -q . && for day in 01 02 03; do
              echo "$day" > Exercises/day.txt && git add -A &&
              GIT_COMMITTER_DATE="2026-12-${day}T12:00:00Z" GIT_AUTHOR_DATE="2026-12-${day}T12:00:00Z" \\
                git -c user.email=l@example.invalid -c user.name=l commit -q -m "day $day" || exit 1
            done && git tag first HEAD~2
            """
        let made = Subprocess.run(Command("/bin/sh", ["-c", script, root.path], timeLimit: .seconds(60)))
        try #require(made.succeeded, "\(made.output)")
        return root
    }

    static func day(in folder: URL) throws -> String {
        try String(contentsOf: folder.appendingPathComponent("Exercises/day.txt"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test(
        "--before takes a day (until it ends, UTC) or an instant with its zone, and refuses anything else",
        arguments: [
            ("2026-12-01", "2026-12-01T23:59:59Z"), ("2026-12-01T18:00:00Z", "2026-12-01T18:00:00Z"),
            ("2026-12-02T01:00:00+02:00", "2026-12-01T23:00:00Z"),
        ])
    func deadlines(word: String, instant: String) throws {
        // When
        let deadline = try #require(LearnerRevision.deadline(from: word))

        // Then
        #expect(LearnerRevision.stamp(deadline) == instant)
    }

    @Test("A deadline without its zone, or no date at all, is a usage error that shows the forms it takes")
    func badDeadlines() {
        for word in ["2026-12-01 18:00", "2026-12-01T18:00:00", "tomorrow", "", "2026-13-01"] {
            #expect(LearnerRevision.deadline(from: word) == nil, "\(word)")
        }
        #expect(!LearnerRevision.isCommitName("--upload-pack=x"))
        #expect(!LearnerRevision.isCommitName("main..evil"))
        #expect(LearnerRevision.isCommitName("submit/2026-12-01T10-00-00Z-abc1234"))
        let usage = Result { () throws(UsageError) in
            try GradeCommand(
                CommandLineParser.parse(["grade", "--kit", ".", "--before", "soon"], specs: Kata.specs), kit: nil)
        }
        guard case .failure(let error) = usage else {
            Issue.record("--before soon was taken")
            return
        }
        #expect(error.message.contains("2026-12-01T23:59:00Z"))
    }

    @Test("The last commit before the deadline is checked out on its own; the learner's folder is not touched")
    func lastBeforeTheDeadline() throws {
        // Given
        let learner = try Self.learnerRepository()
        defer { try? FileManager.default.removeItem(at: learner) }
        let scratch = learner.deletingLastPathComponent().appendingPathComponent("scratch-\(UUID())")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let deadline = try #require(LearnerRevision.deadline(from: "2026-12-02"))

        // When
        let (folder, chosen) = try LearnerRevision.lastBefore(deadline).folder(for: learner, scratch: scratch)

        // Then
        #expect(try Self.day(in: folder) == "02")
        #expect(try Self.day(in: learner) == "03")
        let graded = try #require(chosen)
        #expect(graded.commit == PristineCopy.commit(of: learner, at: "HEAD~1"))
        #expect(LearnerRevision.stamp(graded.committed) == "2026-12-02T12:00:00Z")
        #expect(graded.deadline == deadline)
        #expect(PristineCopy.commit(of: folder) == graded.commit)
    }

    @Test("A commit asked for (a tag, here) is what is graded, and the grade says it was asked for")
    func commitAskedFor() throws {
        // Given
        let learner = try Self.learnerRepository()
        defer { try? FileManager.default.removeItem(at: learner) }
        let scratch = learner.deletingLastPathComponent().appendingPathComponent("scratch-\(UUID())")
        defer { try? FileManager.default.removeItem(at: scratch) }

        // When
        let (folder, chosen) = try LearnerRevision.commit("first").folder(for: learner, scratch: scratch)

        // Then
        #expect(try Self.day(in: folder) == "01")
        #expect(chosen?.asked == "first")
        #expect(chosen?.deadline == nil)
    }

    @Test("No commit before the deadline, no such commit, or no history: one line, and nothing graded")
    func nothingToGrade() throws {
        // Given
        let learner = try Self.learnerRepository()
        defer { try? FileManager.default.removeItem(at: learner) }
        let plain = learner.appendingPathComponent("Exercises")
        let scratch = learner.deletingLastPathComponent().appendingPathComponent("scratch-\(UUID())")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let early = try #require(LearnerRevision.deadline(from: "2026-11-30"))

        // When
        let failures = [
            (LearnerRevision.lastBefore(early), learner), (.commit("no-such-tag"), learner), (.commit("first"), plain),
        ].map { revision, folder in
            Result { () throws(CommandFailure) in try revision.folder(for: folder, scratch: scratch) }
        }

        // Then
        for failure in failures {
            guard case .failure(let error) = failure else {
                Issue.record("graded something")
                continue
            }
            #expect(!error.message.contains("\n"))
            #expect(error.message.hasPrefix("kata grade: "))
        }
    }

    @Test("A grade says which commit it read, when it was committed and how it was chosen")
    func gradeSaysWhatWasGraded() throws {
        // Given
        var grade = GradeTotalsTests.grade()
        let deadline = try #require(LearnerRevision.deadline(from: "2026-12-02"))
        grade.learnerCommit = String(repeating: "a", count: 40)
        grade.learnerCommitChosen = LearnerRevision.Chosen(
            commit: String(repeating: "a", count: 40), committed: deadline.addingTimeInterval(-3600),
            deadline: deadline, asked: nil)

        // When
        let sentence = grade.gradedCommitSentence
        let decoded = GradeReport.decoded(from: grade.json())

        // Then
        #expect(
            sentence
                == "Graded the learner's commit aaaaaaaaaaaa, committed 2026-12-02T22:59:59Z: the last before "
                + "2026-12-02T23:59:59Z.")
        #expect(grade.text(style: Style(enabled: false)).contains(sentence ?? "-"))
        #expect(GradeSummary.markdown(for: grade).contains("the last before 2026-12-02T23:59:59Z"))
        #expect(JUnitReport.xml(for: grade).contains(#"<property name="learnerCommit" value="aaaaaaaaaaaa"#))
        #expect(decoded?.learnerCommitChosen == grade.learnerCommitChosen)
    }

    @Test("A roster line may pin a learner's commit, and the class's deadline reaches each learner's grade")
    func rosterPinsAndDeadline() throws {
        // Given
        let folder = FileManager.default.temporaryDirectory
        var grade = ClassGrade(
            learners: try ClassGrade.roster("ann x/ann\nbob x/bob v1.2  # regrade\n", relativeTo: folder),
            kit: folder, out: folder, jobs: 1)
        grade.revision = .lastBefore(try #require(LearnerRevision.deadline(from: "2026-12-02")))

        // When
        let words = grade.learners.map { ClassGrade.arguments(for: grade.revision(of: $0)) }

        // Then
        #expect(words == [["--before", "2026-12-02T23:59:59Z"], ["--commit", "v1.2"]])
        #expect(throws: CommandFailure.self) { try ClassGrade.roster("ann x/ann --evil\n", relativeTo: folder) }
        #expect(throws: CommandFailure.self) { try ClassGrade.roster("ann x/ann a b\n", relativeTo: folder) }
    }

    @Test("Each learner's grade in a class has a budget inside its time limit, so it is written even when it is slow")
    func classGradeHasABudget() throws {
        // Given
        let folder = FileManager.default.temporaryDirectory
        let grade = ClassGrade(
            learners: try ClassGrade.roster("ann x/ann\n", relativeTo: folder), kit: folder, out: folder, jobs: 1)

        // When
        let words = grade.gradeArguments(
            json: folder.appendingPathComponent("ann.json"), junit: folder.appendingPathComponent("ann.xml"),
            revision: .asItStands)

        // Then
        let budget = try #require(words.firstIndex(of: "--budget").map { Int(words[$0 + 1]) } ?? nil)
        #expect(budget > 0 && Duration.seconds(budget) < ClassGrade.learnerTimeLimit)
        #expect(words.starts(with: ["grade", "--kit", folder.path]))
        #expect(words.contains("--require-isolation"))
    }
}
