/// Everything a check of one step found: how it built, and each check's result.
public struct StepReport: Codable, Sendable {
    public enum Status: String, Codable, Sendable {
        /// Every check passes.
        case passed
        /// It built, and at least one check does not pass.
        case failed
        /// The learner's code (or the checks, against it) did not compile.
        case buildFailed
        /// Something outside the learner's code stopped it: no Swift, no test executable.
        case couldNotRun
    }

    public let step: Int
    public let name: String
    public let source: Source
    public var status: Status
    public var checks: [CheckResult]
    public var diagnostics: [Diagnostic]
    /// What stopped the step, in a sentence, when it did not build or run.
    public var problem: String?
    /// The end of the raw output, kept when no diagnostic explains a failed build.
    public var rawOutput: String?

    public init(
        step: Step, source: Source, status: Status, checks: [CheckResult] = [],
        diagnostics: [Diagnostic] = [], problem: String? = nil, rawOutput: String? = nil
    ) {
        self.step = step.number
        self.name = step.name
        self.source = source
        self.status = status
        self.checks = checks
        self.diagnostics = diagnostics
        self.problem = problem
        self.rawOutput = rawOutput
    }

    public var passedCount: Int { checks.filter { $0.status.isPass }.count }
    public var allPass: Bool { status == .passed }
}
