import Foundation

/// The grade in the form GitHub Classroom's grading reporter reads
/// (classroom-resources/autograding-grading-reporter): one runner per step, each passed to
/// the reporter as an environment variable `STEPN_RESULTS` holding base64-encoded JSON:
/// `{"version": 1, "status": "pass"|"fail"|"error", "max_score": N, "tests": [...]}`, a test
/// per check with `status` and `score`. The reporter adds up the tests' `score`s against the
/// runners' `max_score`s and writes them to the "Autograding Tests" check run, where
/// Classroom reads the points; a check is worth one point.
enum ClassroomResults {
    struct Runner: Encodable {
        let version = 1
        let status: String
        let maxScore: Int
        let tests: [Test]

        enum CodingKeys: String, CodingKey {
            case version, status, tests
            case maxScore = "max_score"
        }
    }

    struct Test: Encodable {
        let name: String
        let status: String
        let score: Int
        let message: String?
        let lineNumber: Int
        let filename: String
        let testCode: String
        let executionTime: String

        enum CodingKeys: String, CodingKey {
            case name, status, score, message, filename
            case lineNumber = "line_no"
            case testCode = "test_code"
            case executionTime = "execution_time"
        }
    }

    /// The runner id of a step, as the workflow's `runners:` input lists them: `step3`.
    static func runnerID(of step: Int) -> String { "step\(step)" }

    /// `STEP3_RESULTS=…` lines, one per step, for `$GITHUB_ENV`.
    static func environmentLines(for grade: GradeReport, allowReview: Bool) -> String {
        grade.steps.map { step in
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            let data = (try? encoder.encode(runner(for: step, allowReview: allowReview))) ?? Data("{}".utf8)
            return "\(runnerID(of: step.step).uppercased())_RESULTS=\(data.base64EncodedString())\n"
        }.joined()
    }

    static func runner(for step: GradeReport.StepGrade, allowReview: Bool) -> Runner {
        let tests = step.checks.map { check -> Test in
            let status: String
            switch JUnitReport.outcome(of: check, in: step) {
            case .passed: status = "pass"
            case .failure, .skipped: status = "fail"
            case .error: status = "error"
            }
            let review = step.needsReview && !allowReview ? " Needs review: \(step.review.first?.sentence ?? "")" : ""
            return Test(
                name: "Step \(step.step): \(check.name)", status: status, score: status == "pass" ? 1 : 0,
                message: (check.message.map { $0 + review }) ?? (review.isEmpty ? nil : review),
                lineNumber: check.learnerLine ?? 0, filename: check.learnerFile ?? "",
                testCode: "kata check \(step.step)", executionTime: JUnitReport.seconds(check.time) + "s")
        }
        let status: String
        if step.needsReview && !allowReview || ["buildFailed", "couldNotRun"].contains(step.status) {
            status = "error"
        } else {
            status = step.status == "passed" ? "pass" : "fail"
        }
        return Runner(status: status, maxScore: step.checks.count, tests: tests)
    }
}
