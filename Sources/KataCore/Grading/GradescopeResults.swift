import Foundation

/// The grade as Gradescope's autograder reads it: `/autograder/results/results.json`, per the autograder specification
/// Gradescope publishes (gradescope-autograders.readthedocs.io, "Autograder Specifications"). A test per check worth
/// one point, numbered `step.check`; a step that needs review gets a test of its own, worth nothing and failed, whose
/// output names every finding, and its checks say so in their output.
enum GradescopeResults {
    struct Results: Encodable {
        let score: Int
        let executionTime: Int
        let output: String
        let outputFormat = "md"
        let visibility = "visible"
        let tests: [Test]
        let extraData: ExtraData

        enum CodingKeys: String, CodingKey {
            case score, output, visibility, tests
            case executionTime = "execution_time"
            case outputFormat = "output_format"
            case extraData = "extra_data"
        }
    }

    struct Test: Encodable {
        let name: String
        let number: String
        let score: Int
        let maxScore: Int
        let status: String
        let output: String
        let tags: [String]
        let visibility = "visible"

        enum CodingKeys: String, CodingKey {
            case name, number, score, status, output, tags, visibility
            case maxScore = "max_score"
        }
    }

    /// What a gradebook export keeps beside the score.
    struct ExtraData: Encodable {
        let kata: String
        let kit: String
        let total: Int
        let needsReview: [Int]
        /// Whether learner code ran isolated, and how (or why not).
        var isolated: Bool?
        var isolation: String?
        /// The learner's commit graded, when the submission came with its repository.
        var learnerCommit: String?
    }

    static func json(for grade: GradeReport) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(results(for: grade))) ?? Data()
    }

    static func results(for grade: GradeReport) -> Results {
        var tests: [Test] = []
        for step in grade.steps {
            for (index, check) in step.checks.enumerated() {
                let outcome = PlatformOutput(check: check, in: step)
                tests.append(
                    Test(
                        name: "Step \(step.step) · \(check.name)", number: "\(step.step).\(index + 1)",
                        score: outcome.awarded ? 1 : 0, maxScore: 1, status: outcome.awarded ? "passed" : "failed",
                        output: outcome.text ?? "Passed.", tags: ["step \(step.step)", step.name]))
            }
            if step.needsReview {
                tests.append(
                    Test(
                        name: "Step \(step.step) · needs review", number: "\(step.step).\(step.checks.count + 1)",
                        score: 0, maxScore: 0, status: "failed", output: PlatformOutput.review(of: step),
                        tags: ["step \(step.step)", "needs review"]))
            }
        }
        let time = grade.seconds ?? grade.steps.flatMap(\.checks).map(\.time).reduce(0, +)
        return Results(
            score: tests.map(\.score).reduce(0, +), executionTime: Int(time.rounded(.up)), output: overview(of: grade),
            tests: tests,
            extraData: ExtraData(
                kata: grade.kata, kit: grade.kit.commit ?? grade.kit.source, total: grade.score.total,
                needsReview: grade.steps.filter(\.needsReview).map(\.step), isolated: grade.isolation?.isolated,
                isolation: grade.isolation?.how, learnerCommit: grade.learnerCommit))
    }

    /// The submission's summary: the score, then what an instructor must see first.
    static func overview(of grade: GradeReport) -> String {
        var lines = [
            "**\(grade.score.passed) of \(grade.score.total) checks** (\(grade.percent)%), "
                + "\(grade.stepsPassed) of \(grade.steps.count) steps pass."
        ]
        let reviewed = grade.steps.filter(\.needsReview).map { "\($0.step)" }
        if !reviewed.isEmpty {
            lines.append(
                "**Needs review**: step \(reviewed.joined(separator: ", ")); its points are withheld until an "
                    + "instructor looks (see each step's \"needs review\" test).")
        }
        let kit = grade.kit.commit.map { "commit \($0.prefix(12))" } ?? grade.kit.source
        lines.append("Graded against the kit at \(kit), by kata \(grade.kata).")
        if let graded = grade.gradedCommitSentence { lines.append(graded) }
        lines += grade.tampered.map { "- " + $0.sentence } + grade.refused.map { "- " + $0.sentence }
        if let isolation = grade.isolation, !isolation.isolated { lines.append("**\(isolation.how)**.") }
        return lines.joined(separator: "\n\n")
    }
}
