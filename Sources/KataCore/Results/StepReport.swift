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

    /// The step checked; its JSON holds its number and name (see `Kit.decoder`).
    let step: Step
    let source: Source
    var status: Status
    var checks: [CheckResult]
    var diagnostics: [Diagnostic]
    /// What stopped the step, in a sentence, when it did not build or run.
    var problem: String?
    /// The end of the raw output, kept when no diagnostic explains a failed build.
    var rawOutput: String?

    init(
        step: Step, source: Source, status: Status, checks: [CheckResult] = [],
        diagnostics: [Diagnostic] = [], problem: String? = nil, rawOutput: String? = nil
    ) {
        self.step = step
        self.source = source
        self.status = status
        self.checks = checks
        self.diagnostics = diagnostics
        self.problem = problem
        self.rawOutput = rawOutput
    }

    private enum CodingKeys: String, CodingKey {
        case step, name, source, status, checks, diagnostics, problem, rawOutput
    }

    /// A report read back needs its course to know the step: it is in the decoder's `userInfo`.
    static let courseKey = CodingUserInfoKey(rawValue: "course")!

    init(from decoder: Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        let number = try values.decode(Int.self, forKey: .step)
        let name = try values.decode(String.self, forKey: .name)
        guard let course = decoder.userInfo[Self.courseKey] as? Course,
            let step = course.step(number), step.name == name
        else {
            throw DecodingError.dataCorruptedError(
                forKey: .step, in: values, debugDescription: "step \(number) is not the course's \(name)")
        }
        self.step = step
        source = try values.decode(Source.self, forKey: .source)
        status = try values.decode(Status.self, forKey: .status)
        checks = try values.decode([CheckResult].self, forKey: .checks)
        diagnostics = try values.decode([Diagnostic].self, forKey: .diagnostics)
        problem = try values.decodeIfPresent(String.self, forKey: .problem)
        rawOutput = try values.decodeIfPresent(String.self, forKey: .rawOutput)
    }

    func encode(to encoder: Encoder) throws {
        var values = encoder.container(keyedBy: CodingKeys.self)
        try values.encode(step.number, forKey: .step)
        try values.encode(step.name, forKey: .name)
        try values.encode(source, forKey: .source)
        try values.encode(status, forKey: .status)
        try values.encode(checks, forKey: .checks)
        try values.encode(diagnostics, forKey: .diagnostics)
        try values.encodeIfPresent(problem, forKey: .problem)
        try values.encodeIfPresent(rawOutput, forKey: .rawOutput)
    }

    var passedCount: Int { checks.filter { $0.status.isPass }.count }
    var allPass: Bool { status == .passed }
}
