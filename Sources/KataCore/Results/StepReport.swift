/// Everything a check of one step found: how it built, and each check's result.
struct StepReport: Codable, Sendable {
    enum Status: String, Codable, Sendable {
        /// Every check passes.
        case passed
        /// It built, and at least one check does not pass.
        case failed
        /// The learner's code (or the checks, against it) did not compile.
        case buildFailed
        /// Something outside the learner's code stopped it: no Swift, no test executable.
        case couldNotRun
    }

    /// The step checked; its JSON holds its number (see `Step`'s `Codable`) and name.
    let step: Step
    let name: String
    let source: Source
    var status: Status
    var checks: [CheckResult]
    var diagnostics: [Diagnostic]
    /// What stopped the step, in a sentence, when it did not build or run.
    var problem: String?
    /// The end of the raw output, kept when no diagnostic explains a failed build.
    var rawOutput: String?
    /// The misconception the failures most likely come from, when the kit can tell (a learner's own run).
    var diagnosis: Diagnosis?

    init(
        step: Step, source: Source, status: Status, checks: [CheckResult] = [],
        diagnostics: [Diagnostic] = [], problem: String? = nil, rawOutput: String? = nil
    ) {
        self.step = step
        self.name = step.name
        self.source = source
        self.status = status
        self.checks = checks
        self.diagnostics = diagnostics
        self.problem = problem
        self.rawOutput = rawOutput
    }

    var passedCount: Int { checks.filter { $0.status.isPass }.count }
    var allPass: Bool { status == .passed }
}
