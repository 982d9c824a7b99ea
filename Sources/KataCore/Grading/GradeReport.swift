import Foundation

/// A learner's grade over every step: the `kata grade --json` document.
///
/// The format is versioned, described by `docs/schema/kata-grade.schema.json` and in the README. Within a version,
/// fields are only ever added, never renamed or removed. Version 2: every step counts all of its checks whatever
/// happened (a step that does not build scores 0 out of its full count), and steps can be marked for review.
struct GradeReport: Codable, Sendable {
    struct Score: Codable, Equatable, Sendable {
        let passed: Int
        let total: Int
    }

    /// What was graded against what.
    struct GradedAgainst: Codable, Equatable, Sendable {
        /// `pristine`: the learner's Exercises/ copied into a pristine kit (`--kit`);
        /// `local`: the workspace as it is, for self-study.
        let mode: String
        /// The kit: its path, or the git ref and commit it was read from.
        let source: String
        /// The kit's commit, when it has one: the one read from git, or its folder's checked-out one.
        var commit: String?
    }

    struct StepGrade: Codable, Sendable {
        /// How a step came out; the JSON spells each case as its name.
        enum Status: String, Codable, Sendable {
            case passed, failed, buildFailed, couldNotRun
            /// Its grading files were changed: it scores nothing.
            case tampered
        }

        let step: Int
        let name: String
        let status: Status
        let score: Score
        /// True when something in the step's code or run needs an instructor's eyes (see `review`).
        let needsReview: Bool
        let review: [ReviewFinding]
        /// True when the learner's files are the reference solution's, apart from whitespace and
        /// comments; nil when the kit's solutions were not available. Information, not a penalty.
        let matchesReference: Bool?
        /// True when the learner's files are still the step's starters, apart from whitespace and comments: a step
        /// not started, which the class report keeps apart from one that fails. Nil when the starters were not at hand.
        var notStarted: Bool?
        /// The likely misconception behind its failures, when the kit can name one (the class report counts them).
        var diagnosis: Diagnosis?
        let checks: [CheckGrade]
        let errors: [CompilerError]
        let problem: String?
    }

    struct CheckGrade: Codable, Sendable {
        let name: String
        let id: String
        let status: CheckResult.Status
        let message: String?
        /// Where it failed, relative to the workspace: the check's line, or the learner's line when a crash names one.
        let file: String?
        let line: Int?
        /// The learner's file and line the check is about, for annotations.
        let learnerFile: String?
        let learnerLine: Int?
        /// How long it ran, in seconds (0 when it did not run).
        let time: Double
    }

    /// How the learner's code ran: isolated from the grader or not, and how.
    struct Isolated: Codable, Equatable, Sendable {
        let isolated: Bool
        /// In words: the sandbox, the user of its own, or why there was none.
        let how: String

        init(isolated: Bool, how: String) {
            self.isolated = isolated
            self.how = how
        }

        init(_ isolation: Isolation) { self.init(isolated: isolation.isIsolated, how: isolation.summary) }
    }

    /// The percentage to the nearest, for people and gradebooks: 100 only when every check passes.
    var roundedPercent: Int {
        guard score.total > 0 else { return 0 }
        let nearest = Int((100 * Double(score.passed) / Double(score.total)).rounded())
        return score.passed == score.total ? 100 : min(99, nearest)
    }

    /// The score in a sentence. Where the instructor grades some steps with the full kit (a class's public copy
    /// holds no step 9 mistakes), the score of the others, as the platforms count it, and who grades the rest.
    var scoreSentence: String {
        let elsewhere = Set(gradedByInstructor ?? [])
        let here = steps.filter { !elsewhere.contains($0.step) }
        let passed = here.map(\.score.passed).reduce(0, +)
        let total = here.map(\.score.total).reduce(0, +)
        let percent = elsewhere.isEmpty ? self.percent : total == 0 ? 0 : 100 * passed / total
        let sentence =
            "\(passed)/\(total) checks (\(percent)%), "
            + "\(here.filter { $0.status == .passed }.count) of \(here.count) steps pass"
        guard !elsewhere.isEmpty else { return sentence + "." }
        let named = elsewhere.sorted().map(String.init).joined(separator: ", ")
        return sentence + "; your instructor grades step \(named) and the comparison with the reference, "
            + "with the full kit."
    }

    /// What was graded, in a sentence, when it was a commit: which, when it was committed, and how it was chosen.
    var gradedCommitSentence: String? {
        guard let commit = learnerCommit else { return nil }
        var sentence = "Graded the learner's commit \(commit.prefix(12))"
        if let chosen = learnerCommitChosen {
            sentence += ", committed \(LearnerRevision.stamp(chosen.committed))"
            if let deadline = chosen.deadline {
                sentence += ": the last before \(LearnerRevision.stamp(deadline))"
            } else if let asked = chosen.asked {
                sentence += ", as asked (\(asked))"
            }
        }
        return sentence + "."
    }

    static let schema = "kata-grade"
    static let currentVersion = 2

    let schema: String
    let version: Int
    let kata: String
    let gradedAt: Date
    let kit: GradedAgainst
    /// Checks passed over every check of every step: the same total for every learner.
    let score: Score
    /// 100 × passed / total, rounded down.
    let percent: Int
    let stepsPassed: Int
    /// True when any step needs review.
    let needsReview: Bool
    let tampered: [TamperFinding]
    /// Learner files grading would not copy (links, special files, files outside step folders).
    let refused: [LearnerFileRefusal]
    let steps: [StepGrade]
    /// How the learner's code ran; absent from grades written before kata isolated it.
    let isolation: Isolated?
    /// The learner's commit graded, when their Exercises/ came from a git repository.
    var learnerCommit: String?
    /// How that commit was chosen, when it was not the folder as it stood: the last before a deadline, or one asked
    /// for; with when it was committed.
    var learnerCommitChosen: LearnerRevision.Chosen?
    /// The steps this kit cannot grade (a lesson of suites whose hidden mistakes the kit does not hold: a class's
    /// public copy): the instructor grades them with the full kit. A platform's score leaves them out.
    var gradedByInstructor: [Int]?
    /// How long the grade took, in seconds.
    var seconds: Double?

    init(
        outcomes: [GradingRun.Outcome], tampered: [TamperFinding], refused: [LearnerFileRefusal] = [],
        against: GradedAgainst, references: [Int: Bool] = [:], notStarted: [Int: Bool] = [:],
        isolation: Isolated? = nil, in kit: Kit, date: Date = Date()
    ) {
        self.isolation = isolation
        let tamperedSteps = Set(tampered.flatMap(\.steps))
        let refusedSteps = Set(refused.flatMap(\.steps))
        steps = outcomes.map { outcome in
            let number = outcome.report.step.number
            var step = StepGrade(
                outcome, tampered: tamperedSteps.contains(number), refused: refusedSteps.contains(number),
                matchesReference: references[number], in: kit)
            step.notStarted = notStarted[number]
            return step
        }
        schema = Self.schema
        version = Self.currentVersion
        kata = KataRelease.version
        gradedAt = date
        self.kit = against
        self.tampered = tampered
        self.refused = refused
        score = Score(passed: steps.map(\.score.passed).reduce(0, +), total: steps.map(\.score.total).reduce(0, +))
        percent = score.total == 0 ? 0 : 100 * score.passed / score.total
        stepsPassed = steps.filter { $0.status == .passed }.count
        needsReview = steps.contains { $0.needsReview }
    }

    /// How long a check's message may be in a grade. A check's message quotes values, and a
    /// learner's value can be huge; past this it is cut with a note, so no output format ever
    /// fails to carry the grade (an environment value, an annotation, a gradebook cell).
    static let messageLimit = 4000

    static func capped(_ message: String, limit: Int = messageLimit) -> String {
        guard message.count > limit else { return message }
        let kept = message.prefix(limit)
        return kept + "… [cut: \(message.count - kept.count) more characters; kata check shows the whole message]"
    }

    /// `YYYY-MM-DDTHH:MM:SSZ`, in UTC: what JUnit and Classroom 50's schema both accept.
    static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }

    /// A grade as `kata grade --json` wrote it; nil for anything else.
    static func decoded(from data: Data) -> GradeReport? {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        guard let grade = try? decoder.decode(GradeReport.self, from: data), grade.schema == schema else { return nil }
        return grade
    }

    func json() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return (try? encoder.encode(self)) ?? Data()
    }
}

extension GradeReport.StepGrade {
    init(
        _ outcome: GradingRun.Outcome, tampered: Bool, refused: Bool, matchesReference: Bool?, in kit: Kit
    ) {
        let report = outcome.report
        let workspace = kit.workspace
        let number = report.step.number
        step = number
        name = report.step.name
        status = tampered ? .tampered : Status(report.status)
        score = GradeReport.Score(passed: tampered ? 0 : report.passedCount, total: report.checks.count)
        let changes = outcome.changedDuringRun.map {
            ReviewFinding(
                file: $0.path, line: 0, api: "file writes",
                reason: "it changed while the checks of step \(number) ran, so code that ran wrote to it")
        }
        review = outcome.review + changes
        needsReview = !review.isEmpty
        self.matchesReference = matchesReference
        diagnosis = tampered ? nil : report.diagnosis
        checks = report.checks.map { GradeReport.CheckGrade($0, step: report.step, in: kit) }
        errors = CompilerError.errors(in: report, workspace: workspace)
        if tampered {
            problem = "Files that decide this step's grade were changed: it scores nothing."
        } else if refused, report.status != .passed {
            problem = (report.problem.map { $0 + " " } ?? "") + "Some of its files were refused (see refused)."
        } else {
            problem = report.problem
        }
    }
}

extension GradeReport.StepGrade.Status {
    init(_ status: StepReport.Status) {
        switch status {
        case .passed: self = .passed
        case .failed: self = .failed
        case .buildFailed: self = .buildFailed
        case .couldNotRun: self = .couldNotRun
        }
    }
}

extension GradeReport.CheckGrade {
    /// It ran and did not pass: it failed, crashed, hung or did not run.
    var isFailing: Bool { status != .passed && status != .skipped }
}

extension GradeReport.CheckGrade {
    init(_ check: CheckResult, step: Step, in kit: Kit) {
        let summary = CheckSummary(check, workspace: kit.workspace)
        name = check.name
        id = check.key
        status = check.status
        message = summary.message.map { GradeReport.capped($0) }
        file = summary.file
        line = summary.line
        let learner = LearnerLocation.of(check, step: step, in: kit)
        learnerFile = learner?.file
        learnerLine = learner?.line
        time = check.duration ?? 0
    }
}

/// Where in the learner's code a check points: a crash's own frame when there is one, else the place its hint names.
enum LearnerLocation {
    static func of(_ check: CheckResult, step: Step, in kit: Kit) -> (file: String, line: Int)? {
        let workspace = kit.workspace
        let folder = "Exercises/\(step.folder)/"
        if let failure = check.failures.first, let file = failure.file, let line = failure.line {
            let relative = workspace.relativePath(file)
            if relative.hasPrefix(folder) { return (relative, line) }
        }
        guard let guide = kit.course.guide(step, key: check.key) else { return nil }
        let path = folder + guide.file
        let text = String(decoding: workspace.bytes(of: path), as: UTF8.self)
        // The last mention is the implementation; the first is often the protocol's.
        return (path, text.components(separatedBy: "\n").lastIndex { $0.contains(guide.symbol) }.map { $0 + 1 } ?? 1)
    }
}

/// Whether a learner's step is the reference solution, apart from whitespace and comments.
enum ReferenceMatch {
    /// Nil when the reference is not at hand (a learner's template has no Solutions/). `reference` holds the step's
    /// reference files by their path in its folder.
    static func matches(_ step: Step, learner: Workspace, reference: [String: [UInt8]]) -> Bool? {
        let solutions = reference.keys.filter { $0.hasSuffix(".swift") }
        guard !solutions.isEmpty else { return nil }
        let mine = learner.files(of: step, in: .exercises).filter { $0.hasSuffix(".swift") }
        guard Set(mine) == Set(solutions) else { return false }
        return mine.allSatisfy { path in
            normalized(learner.bytes(of: "Exercises/\(step.folder)/\(path)")) == normalized(reference[path] ?? [])
        }
    }

    static func normalized(_ bytes: [UInt8]) -> String {
        SwiftSource(String(decoding: bytes, as: UTF8.self)).withoutComments.filter { !$0.isWhitespace }
    }
}
