import Foundation

/// The grade as Classroom 50 reads it: the `result.json` its runner takes from the learner's checkout, schema
/// `classroom50/result/v1` (foundation50/classroom50, schemas/result-v1.schema.json). The submission's identity comes
/// from the environment the runner gives an autograder (CLASSROOM, ASSIGNMENT, SUBMISSION_TAG, COMMIT_URL, RELEASE_URL,
/// REVIEW_URL, OWNER); the runner stamps `owner`, `assignment_type`, `datetime` and `submitted_by` again itself. A test
/// per check worth one point; a step that needs review gets a failed test worth nothing naming the findings, and its
/// checks carry `"needs-review": true` (tests may hold more fields than the schema names; the document itself may not).
enum Classroom50Result {
    static let schema = "classroom50/result/v1"

    /// The runner's variables this document cannot be written without.
    static let requiredVariables = ["CLASSROOM", "ASSIGNMENT", "SUBMISSION_TAG", "COMMIT_URL", "RELEASE_URL"]

    struct Identity: Equatable, Sendable {
        let classroom: String
        let assignment: String
        let assignmentType: String
        let owner: String
        let submission: String
        let commit: String
        let release: String
        let review: String

        /// The identity from Classroom 50's runner environment, or the variables missing from it.
        static func from(_ environment: [String: String]) -> Result<Identity, MissingVariables> {
            let value = { (name: String) in environment[name].flatMap { $0.isEmpty ? nil : $0 } }
            let missing = requiredVariables.filter { value($0) == nil }
            let owner = value("OWNER") ?? value("USERNAME") ?? value("GITHUB_ACTOR")
            guard missing.isEmpty, let owner, let submission = value("SUBMISSION_TAG"), submission.hasPrefix("submit/")
            else {
                return .failure(MissingVariables(names: missing + (owner == nil ? ["OWNER"] : [])))
            }
            let commit = value("COMMIT_URL") ?? ""
            return .success(
                Identity(
                    classroom: value("CLASSROOM") ?? "", assignment: value("ASSIGNMENT") ?? "",
                    assignmentType: value("ASSIGNMENT_TYPE") == "group" ? "group" : "individual", owner: owner,
                    submission: submission, commit: commit, release: value("RELEASE_URL") ?? "",
                    review: value("REVIEW_URL") ?? commit))
        }
    }

    struct MissingVariables: Error, Equatable {
        /// Empty when every variable is there but SUBMISSION_TAG does not start with submit/.
        let names: [String]
    }

    struct Document: Encodable {
        let schema = Classroom50Result.schema
        let classroom: String
        let assignment: String
        let assignmentType: String
        let owner: String
        let submission: String
        let commit: String
        let release: String
        let review: String
        let datetime: String
        let gradedAt: String
        let score: Int
        let maxScore: Int
        let tests: [Test]

        enum CodingKeys: String, CodingKey {
            case schema, classroom, assignment, owner, submission, commit, release, review, datetime, score, tests
            case assignmentType = "assignment_type"
            case gradedAt = "graded_at"
            case maxScore = "max-score"
        }
    }

    struct Test: Encodable {
        let name: String
        let passed: Bool
        let score: Int
        let maxScore: Int
        let step: Int
        let output: String?
        let needsReview: Bool

        enum CodingKeys: String, CodingKey {
            case passed, score, step, output
            case name = "test-name"
            case maxScore = "max-score"
            case needsReview = "needs-review"
        }
    }

    static func json(for grade: GradeReport, identity: Identity) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(document(for: grade, identity: identity))) ?? Data()
    }

    static func document(for grade: GradeReport, identity: Identity) -> Document {
        var tests: [Test] = []
        for step in grade.steps {
            for check in step.checks {
                let passed = JUnitReport.outcome(of: check, in: step) == .passed
                tests.append(
                    Test(
                        name: "Step \(step.step) · \(check.name)", passed: passed, score: passed ? 1 : 0, maxScore: 1,
                        step: step.step,
                        output: passed
                            ? nil : step.status == .tampered ? step.problem : check.message ?? check.status.rawValue,
                        needsReview: step.needsReview))
            }
            if step.needsReview {
                tests.append(
                    Test(
                        name: "Step \(step.step) · needs review", passed: false, score: 0, maxScore: 0, step: step.step,
                        output: step.review.map(\.sentence).joined(separator: "\n"), needsReview: true))
            }
        }
        let now = GradeReport.timestamp(grade.gradedAt)
        return Document(
            classroom: identity.classroom, assignment: identity.assignment, assignmentType: identity.assignmentType,
            owner: identity.owner, submission: identity.submission, commit: identity.commit,
            release: identity.release, review: identity.review, datetime: now, gradedAt: now,
            score: grade.score.passed, maxScore: grade.score.total, tests: tests)
    }
}
