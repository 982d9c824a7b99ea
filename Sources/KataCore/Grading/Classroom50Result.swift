import Foundation

/// The grade as Classroom 50 reads it: the `result.json` its runner takes from the learner's checkout, schema
/// `classroom50/result/v1` (foundation50/classroom50, schemas/result-v1.schema.json). The submission's identity comes
/// from the environment the runner gives an autograder (CLASSROOM, ASSIGNMENT, SUBMISSION_TAG, COMMIT_URL, RELEASE_URL,
/// REVIEW_URL, OWNER); the runner stamps `owner`, `assignment_type`, `datetime` and `submitted_by` again itself. A test
/// per check worth one point; a step that needs review gets a failed test worth nothing naming the findings, its
/// checks' points are withheld, and they carry `"needs-review": true` (tests may hold more fields than the schema
/// names; the document itself may not). Steps the public kit cannot grade (step 9's hidden mistakes are the
/// instructor's) count for nothing here, and one test says so.
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

    /// How much of a test's output Classroom 50 shows on the Release page before it clips it.
    static let outputLimit = 2000

    static func document(for grade: GradeReport, identity: Identity) -> Document {
        var tests: [Test] = []
        let elsewhere = Set(grade.gradedByInstructor ?? [])
        for step in grade.steps where !elsewhere.contains(step.step) {
            for check in step.checks {
                let outcome = PlatformOutput(check: check, in: step)
                tests.append(
                    Test(
                        name: "Step \(step.step) · \(check.name)", passed: outcome.awarded,
                        score: outcome.awarded ? 1 : 0,
                        maxScore: 1, step: step.step,
                        output: outcome.text.map { GradeReport.capped($0, limit: outputLimit) },
                        needsReview: step.needsReview))
            }
            if step.needsReview {
                tests.append(
                    Test(
                        name: "Step \(step.step) · needs review", passed: false, score: 0, maxScore: 0, step: step.step,
                        output: GradeReport.capped(PlatformOutput.review(of: step), limit: outputLimit),
                        needsReview: true))
            }
        }
        if !elsewhere.isEmpty {
            // Said where the learner reads the grade: what this bundle leaves out, and who grades it.
            tests.append(
                Test(
                    name: "Step \(elsewhere.sorted().map(String.init).joined(separator: ", ")) and the comparison with "
                        + "the reference: graded by your instructor", passed: true, score: 0, maxScore: 0,
                    step: elsewhere.min() ?? 0,
                    output:
                        "This autograder holds the public kata only. Your instructor grades these with the full kit.",
                    needsReview: false))
        }
        let now = GradeReport.timestamp(grade.gradedAt)
        let counted = tests.filter { $0.maxScore > 0 }
        return Document(
            classroom: identity.classroom, assignment: identity.assignment, assignmentType: identity.assignmentType,
            owner: identity.owner, submission: identity.submission, commit: identity.commit,
            release: identity.release, review: identity.review, datetime: now, gradedAt: now,
            score: counted.map(\.score).reduce(0, +), maxScore: counted.map(\.maxScore).reduce(0, +), tests: tests)
    }
}

/// What the learner reads of a Classroom 50 grade besides `result.json`: the Release's page (`release-body.md`, which
/// the runner writes itself, with no message of any test, unless the autograder has) and the commit's status line
/// (`status=` and `summary=` in `$GITHUB_OUTPUT`, which the runner takes as they are when an autograder gives them).
extension Classroom50Result {
    /// GitHub refuses a Release body over 125,000 characters: the page stops well before, saying so.
    static let bodyLimit = 60_000
    /// GitHub shows a commit status's description up to 140 characters.
    static let summaryLimit = 140

    /// The Release's page: the score as Classroom 50 counts it, a row per step, then per step that fails its first
    /// failing check in full (story and message, as its test holds it) and the others by name, a step that does not
    /// build its first compiler error, a step that needs review why; then who grades what this copy cannot, and what
    /// was graded.
    static func releaseBody(for grade: GradeReport, document: Document) -> String {
        let elsewhere = Set(grade.gradedByInstructor ?? [])
        var lines = [
            "### VIP kata: \(document.score)/\(document.maxScore) checks", "",
            "| Step | Score | Status |", "|---|---|---|",
        ]
        for step in grade.steps {
            let counted = document.tests.filter { $0.step == step.step && $0.maxScore > 0 }
            let status =
                elsewhere.contains(step.step)
                ? "graded by your instructor" : step.needsReview ? "needs review: points withheld" : Self.status(step)
            let score =
                elsewhere.contains(step.step)
                ? "–" : "\(counted.map(\.score).reduce(0, +))/\(counted.map(\.maxScore).reduce(0, +))"
            lines.append("| \(step.step) \(GradeSummary.cell(step.name)) | \(score) | \(status) |")
        }
        var details: [String] = []
        for step in grade.steps where !elsewhere.contains(step.step) {
            let failing = document.tests.filter { $0.step == step.step && !$0.passed && $0.maxScore > 0 }
            let review = document.tests.first { $0.step == step.step && $0.needsReview && $0.maxScore == 0 }
            guard !failing.isEmpty || review != nil else { continue }
            details += ["", "#### Step \(step.step) \(step.name)"]
            if let review, let output = review.output { details += ["", Self.fenced(output)] }
            if let first = failing.first {
                details += ["", "✘ **\(Self.shown(first.name))**", "", Self.fenced(first.output ?? "It did not pass.")]
            }
            details += failing.dropFirst().map { "- ✘ " + Self.shown($0.name) }
        }
        var body = lines
        var used = lines.joined(separator: "\n").count
        for (index, line) in details.enumerated() {
            if used + line.count > bodyLimit {
                body += [
                    "",
                    "… and more: the page stops here (\(details.count - index) lines left out); every test's "
                        + "message is in result.json.",
                ]
                break
            }
            body.append(line)
            used += line.count + 1
        }
        if !elsewhere.isEmpty {
            let named = elsewhere.sorted().map(String.init).joined(separator: ", ")
            body += [
                "",
                "Step \(named) and the comparison with the reference are graded by your instructor, with the "
                    + "full kit: this copy holds the public kata only.",
            ]
        }
        let kit = grade.kit.commit.map { "commit \($0.prefix(12))" } ?? grade.kit.source
        body += ["", "Graded against the kit at \(kit), by kata \(grade.kata)."]
        if let graded = grade.gradedCommitSentence { body.append(graded) }
        if let isolation = grade.isolation {
            body.append(isolation.isolated ? "Learner code ran \(isolation.how)." : "**\(isolation.how)**.")
        }
        return body.joined(separator: "\n") + "\n"
    }

    /// The commit status: success when every counted check passes and nothing needs review, else failure; and its
    /// line.
    static func status(for grade: GradeReport, document: Document) -> (status: String, summary: String) {
        let complete = document.score == document.maxScore && !grade.needsReview
        var summary = "VIP kata: \(document.score)/\(document.maxScore) checks"
        if grade.needsReview { summary += ", needs review" }
        if let elsewhere = grade.gradedByInstructor, !elsewhere.isEmpty {
            summary += "; step \(elsewhere.map(String.init).joined(separator: ", ")): your instructor"
        }
        return (complete ? "success" : "failure", String(summary.prefix(summaryLimit)))
    }

    private static func status(_ step: GradeReport.StepGrade) -> String {
        switch step.status {
        case .passed: "passed"
        case .failed: "failed"
        case .buildFailed: "does not build"
        case .couldNotRun: "could not run"
        case .tampered: "grading files edited: scores nothing"
        }
    }

    /// A name on the page: one line, no Markdown of the learner's.
    private static func shown(_ text: String) -> String {
        GradeSummary.cell(text).replacingOccurrences(of: "*", with: "\\*").replacingOccurrences(of: "_", with: "\\_")
    }

    /// A test's output as a block the page shows as it is, whatever it holds.
    private static func fenced(_ text: String) -> String {
        let fence = String(repeating: "`", count: max(3, Self.longestRun(of: "`", in: text) + 1))
        return fence + "text\n" + text + "\n" + fence
    }

    private static func longestRun(of character: Character, in text: String) -> Int {
        var longest = 0
        var run = 0
        for each in text {
            run = each == character ? run + 1 : 0
            longest = max(longest, run)
        }
        return longest
    }
}

/// What a platform's test shows for one check: whether its point is awarded, and what to read when it is not. A check
/// of a step that needs review is not awarded until an instructor has looked (its point is withheld, and says so), so
/// that a platform's total never counts it in silence; a step that does not build shows its first compiler error.
struct PlatformOutput {
    let awarded: Bool
    let text: String?

    init(check: GradeReport.CheckGrade, in step: GradeReport.StepGrade) {
        let passed = JUnitReport.outcome(of: check, in: step) == .passed
        var text: String? = nil
        if step.status == .tampered {
            text = step.problem
        } else if step.status == .buildFailed, let error = step.errors.first {
            text =
                "Step \(step.step) does not build, so this check could not run. The first error: "
                + "\(error.file):\(error.line): \(error.message)"
        } else if !passed {
            text = check.message ?? check.status.rawValue
            if let place = check.learnerFile {
                text! += "\n\nLook at \(place)\(check.learnerLine.map { ":\($0)" } ?? "")."
            }
        }
        if passed, step.needsReview {
            awarded = false
            self.text =
                "Passed, and withheld until your instructor has reviewed step \(step.step) "
                + "(see its \"needs review\" test); they can award it then."
        } else {
            awarded = passed
            self.text = text.map { step.needsReview ? $0 + "\n\nStep \(step.step) needs review: see its test." : $0 }
        }
    }

    /// What a step's review found, for the test that says it needs review.
    static func review(of step: GradeReport.StepGrade) -> String {
        "Step \(step.step) needs review: its points are withheld until an instructor looks.\n"
            + step.review.map { "- " + $0.sentence }.joined(separator: "\n")
    }
}
