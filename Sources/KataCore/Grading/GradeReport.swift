import Foundation

/// A learner's grade over every step: the `kata grade --json` document.
///
/// The format is versioned and documented in the README. Within a version, fields are
/// only ever added, never renamed or removed.
public struct GradeReport: Codable, Sendable {
    public struct Score: Codable, Equatable, Sendable {
        public let passed: Int
        public let total: Int
    }

    public struct StepGrade: Codable, Sendable {
        public let step: Int
        public let name: String
        /// passed, failed, buildFailed, couldNotRun, or tampered (its grading files were edited).
        public let status: String
        public let score: Score
        public let checks: [CheckGrade]
        public let errors: [CompilerError]
        public let problem: String?
    }

    public struct CheckGrade: Codable, Sendable {
        public let name: String
        public let id: String
        /// passed, failed, crashed, timedOut, notRun, skipped
        public let status: String
        public let message: String?
        /// Where it failed, relative to the workspace: the check's line, or the learner's
        /// line when a crash names one.
        public let file: String?
        public let line: Int?
        /// The learner's file and line the check is about, for annotations.
        public let learnerFile: String?
        public let learnerLine: Int?
    }

    public static let schema = "kata-grade"
    public static let currentVersion = 1

    public let schema: String
    public let version: Int
    public let kata: String
    public let gradedAt: Date
    /// Checks passed over all checks; a tampered step's checks count as not passed.
    public let score: Score
    public let stepsPassed: Int
    public let tampered: [TamperFinding]
    public let steps: [StepGrade]

    init(reports: [StepReport], tampered: [TamperFinding], workspace: Workspace, date: Date = Date()) {
        let tamperedSteps = Set(tampered.flatMap(\.steps))
        steps = reports.map { report in
            StepGrade(report, tampered: tamperedSteps.contains(report.step), workspace: workspace)
        }
        schema = Self.schema
        version = Self.currentVersion
        kata = Kata.version
        gradedAt = date
        self.tampered = tampered
        score = Score(passed: steps.map(\.score.passed).reduce(0, +), total: steps.map(\.score.total).reduce(0, +))
        stepsPassed = steps.filter { $0.status == "passed" }.count
    }

    public func json() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return (try? encoder.encode(self)) ?? Data()
    }
}

extension GradeReport.StepGrade {
    init(_ report: StepReport, tampered: Bool, workspace: Workspace) {
        step = report.step
        name = report.name
        status = tampered ? "tampered" : report.status.rawValue
        let passed = tampered ? 0 : report.passedCount
        score = GradeReport.Score(passed: passed, total: report.checks.count)
        checks = report.checks.map { GradeReport.CheckGrade($0, step: report.step, workspace: workspace) }
        errors = CompilerError.errors(in: report, workspace: workspace)
        problem = tampered ? "Files that decide this step's grade were changed: it scores nothing." : report.problem
    }
}

extension GradeReport.CheckGrade {
    init(_ check: CheckResult, step: Int, workspace: Workspace) {
        let summary = CheckSummary(check, workspace: workspace)
        name = check.name
        id = check.key
        status = check.status.rawValue
        message = summary.message
        file = summary.file
        line = summary.line
        let learner = LearnerLocation.of(check, step: step, workspace: workspace)
        learnerFile = learner?.file
        learnerLine = learner?.line
    }
}

/// Where in the learner's code a check points: a crash's own frame when there is one,
/// else the place its hint names.
enum LearnerLocation {
    static func of(_ check: CheckResult, step: Int, workspace: Workspace) -> (file: String, line: Int)? {
        guard let stepInfo = StepCatalog.step(step) else { return nil }
        let folder = "Exercises/\(stepInfo.folder)/"
        if let failure = check.failures.first, let file = failure.file, let line = failure.line {
            let relative = workspace.relativePath(file)
            if relative.hasPrefix(folder) { return (relative, line) }
        }
        guard let guide = HintCatalog.guide(step: step, key: check.key) else { return nil }
        let path = folder + guide.file
        let text = String(decoding: workspace.bytes(of: path), as: UTF8.self)
        // The last mention is the implementation; the first is often the protocol's.
        let line = text.components(separatedBy: "\n").lastIndex { $0.contains(guide.symbol) }.map { $0 + 1 } ?? 1
        return (path, line)
    }
}
