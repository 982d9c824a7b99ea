import Foundation

/// The JSON of a step's result (`kata check --json`, see the README). Field names are interface: add, never rename.
struct StepDocument: Encodable {
    struct Check: Encodable {
        let name: String
        let id: String
        let status: CheckResult.Status
        let message: String?
        let file: String?
        let line: Int?
        /// How long it ran, in seconds (0 when it did not run).
        let time: Double
    }

    static let schema = "kata-check"
    static let currentVersion = 1

    /// `kata-check`, version 1: described by docs/schema/kata-check.schema.json.
    let schema = Self.schema
    let version = Self.currentVersion
    let step: Int
    let name: String
    let status: StepReport.Status
    let passed: Int
    let total: Int
    let checks: [Check]
    let errors: [CompilerError]
    let problem: String?
    /// The likely misconception behind the failures, when the kit can name one (see the README).
    let diagnosis: Diagnosis?

    init(_ report: StepReport, workspace: Workspace) {
        step = report.step.number
        name = report.step.name
        status = report.status
        passed = report.passedCount
        total = report.checks.count
        checks = report.checks.map { check in
            let summary = CheckSummary(check, workspace: workspace)
            return Check(
                name: check.name, id: check.key, status: check.status,
                message: summary.message, file: summary.file, line: summary.line, time: check.duration ?? 0
            )
        }
        errors = CompilerError.errors(in: report, workspace: workspace)
        problem = report.problem
        diagnosis = report.diagnosis
    }

    /// One line of JSON: documents are written one per line.
    func line() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(self)) ?? Data("{}".utf8), as: UTF8.self) + "\n"
    }
}
