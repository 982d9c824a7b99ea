import Foundation

/// Builds a step and runs its checks, and turns whatever happens (a compile error, a
/// crash, a hang) into a report: the runner's core.
public struct StepChecker: Sendable {
    public let workspace: Workspace
    public var source: Source
    /// How long one run of a step's checks may take before the check still running is stopped.
    public var timeLimit: Duration

    public static let defaultTimeLimit: Duration = .seconds(60)

    public init(workspace: Workspace, source: Source = .exercises, timeLimit: Duration = StepChecker.defaultTimeLimit) {
        self.workspace = workspace
        self.source = source
        self.timeLimit = timeLimit
    }

    private var package: SwiftPackage { SwiftPackage(workspace: workspace, source: source) }

    /// Builds this step alone and runs its checks.
    public func check(_ step: Step) -> StepReport {
        let build = package.build(.step(step))
        guard build.succeeded else {
            return BuildFailure.report(for: step, source: source, build: build, workspace: workspace)
        }
        return runChecks(of: [step], builtWith: .step(step))[0]
    }

    /// Builds every step at once and runs all their checks; when they do not all build,
    /// falls back to building each step alone, so one broken step costs only itself.
    public func checkAll(_ steps: [Step] = StepCatalog.all) -> [StepReport] {
        let build = package.build(.allSteps)
        guard build.succeeded else {
            return steps.map(check)
        }
        return runChecks(of: steps, builtWith: .allSteps)
    }

    /// Runs already-built checks, and files each under its step.
    func runChecks(of steps: [Step], builtWith selection: SwiftPackage.Selection) -> [StepReport] {
        let run = runTests(
            targets: steps.map(\.testTarget),
            learnerFolders: steps.map { workspace.folder(of: $0, in: source).path + "/" },
            builtWith: selection
        )
        return steps.map { step in
            if let notStarted = run.notStarted {
                return StepReport(
                    step: step, source: source, status: .couldNotRun,
                    problem: "The checks could not be started: \(notStarted).")
            }
            let checks = run.checks.filter { $0.target == step.testTarget }
            let status: StepReport.Status = !checks.isEmpty && checks.allSatisfy(\.status.isPass) ? .passed : .failed
            return StepReport(
                step: step, source: source, status: status, checks: checks,
                problem: checks.isEmpty ? "No checks of this step ran." : nil)
        }
    }

    /// What one or more test processes made of some test targets.
    struct TestRun {
        var checks: [CheckResult] = []
        /// Why the tests could not be started at all, when they could not.
        var notStarted: String?
    }

    /// Runs the built tests of `targets` one at a time. When a test crashes or hangs, it is
    /// named as such and the run starts again without it, so the others still get a result.
    func runTests(targets: [String], learnerFolders: [String], builtWith selection: SwiftPackage.Selection) -> TestRun {
        let filter = "^(" + targets.joined(separator: "|") + ")\\."
        var results: [String: CheckResult] = [:]
        var order: [String] = []
        var skipping: [String] = []
        var stoppedBy: String?

        // Each pass removes at least one test, so this ends; the bound is a safety net.
        for _ in 0...256 {
            let events = FileManager.default.temporaryDirectory
                .appendingPathComponent("kata-events-\(UUID().uuidString).jsonl")
            defer { try? FileManager.default.removeItem(at: events) }
            let outcome = package.runChecks(
                builtWith: selection, filter: filter, skipping: skipping, events: events, timeLimit: timeLimit
            )
            if case .notStarted(let reason) = outcome.ending {
                return TestRun(notStarted: reason)
            }
            let run = RunAssembler.assemble(EventStreamReader.records(at: events))
            for check in run.checks {
                let id = "\(check.target).\(check.key)"
                if results[id] == nil { order.append(id) }
                if results[id] == nil || check.status != .notRun {
                    results[id] = check
                }
            }
            if run.reachedEnd, [.exited(0), .exited(1)].contains(outcome.ending) { break }

            let stop = StopReason(outcome: outcome, timeLimit: timeLimit, learnerFolders: learnerFolders)
            guard !run.unfinished.isEmpty else {
                // It stopped with no test running: at start-up, or between tests.
                stoppedBy = stop.sentence
                break
            }
            var skippedMore = false
            for key in run.unfinished {
                guard let id = order.first(where: { $0.hasSuffix(".\(key)") }), var check = results[id],
                    !skipping.contains(check.exactPattern)
                else { continue }
                skippedMore = true
                check.status = stop.isTimeout ? .timedOut : .crashed
                check.failures = [stop.failure]
                results[id] = check
                skipping.append(check.exactPattern)
            }
            // Skipping must make progress; if it did not, stop rather than run the same test again.
            if !skippedMore {
                stoppedBy = stop.sentence
                break
            }
        }

        var checks = order.compactMap { results[$0] }.sorted(by: CheckOrder.precedes)
        if let stoppedBy {
            for index in checks.indices where checks[index].status == .notRun {
                checks[index].status = .crashed
                checks[index].failures = [CheckResult.Failure(message: stoppedBy)]
            }
        }
        return TestRun(checks: checks)
    }
}

/// Why a run of checks stopped before its end, as the report will say it.
struct StopReason {
    let isTimeout: Bool
    let sentence: String
    let failure: CheckResult.Failure

    init(outcome: CommandResult, timeLimit: Duration, learnerFolders: [String]) {
        let location = CrashLog.firstFrame(in: outcome.output, under: learnerFolders)
        switch outcome.ending {
        case .timedOut:
            isTimeout = true
            sentence =
                "It was still running after the time limit of \(timeLimit.components.seconds) s, so it was stopped: "
                + "look for a loop that never ends or a wait that is never answered."
        case .signalled(let signal):
            isTimeout = false
            sentence =
                CrashLog.message(in: outcome.output) ?? "The test process crashed (\(CrashLog.signalName(signal)))."
        case .exited(let code):
            isTimeout = false
            sentence =
                CrashLog.message(in: outcome.output)
                ?? "The test process ended (exit code \(code)) before the check finished: does the code call exit()?"
        case .notStarted(let reason):
            isTimeout = false
            sentence = reason
        }
        failure = CheckResult.Failure(message: sentence, file: location?.file, line: location?.line)
    }
}

/// Reads what a crashing Swift process printed: the reason, and where in the learner's code.
enum CrashLog {
    /// The runtime's own sentence: `Fatal error: Unexpectedly found nil while unwrapping…`.
    static func message(in output: String) -> String? {
        let reasons = ["Fatal error:", "Precondition failed", "Assertion failed", "Program crashed:"]
        for line in output.components(separatedBy: "\n") {
            guard let reason = reasons.first(where: { line.contains($0) }),
                let range = line.range(of: reason)
            else { continue }
            let text = line[range.lowerBound...].trimmingCharacters(in: .whitespaces)
            return "It crashed: "
                + text.replacingOccurrences(of: "Program crashed: ", with: "")
                .trimmingCharacters(in: CharacterSet(charactersIn: "* "))
        }
        return nil
    }

    /// The first backtrace frame in one of `folders`: `… at /path/File.swift:12:5`.
    static func firstFrame(in output: String, under folders: [String]) -> (file: String, line: Int)? {
        for line in output.components(separatedBy: "\n") {
            guard let at = line.range(of: " at /", options: .backwards) else { continue }
            let location = line[line.index(at.lowerBound, offsetBy: 4)...]
            let parts = location.split(separator: ":")
            guard parts.count >= 2, let lineNumber = Int(parts[1]) else { continue }
            let file = String(parts[0])
            if folders.contains(where: { file.hasPrefix($0) }) {
                return (file, lineNumber)
            }
        }
        return nil
    }

    static func signalName(_ signal: Int32) -> String {
        switch signal {
        case SIGILL: "illegal instruction: a Swift runtime trap"
        case SIGTRAP: "trap: a Swift runtime check failed"
        case SIGSEGV: "segmentation fault: often a stack overflow from endless recursion"
        case SIGBUS: "bus error"
        case SIGABRT: "abort"
        case SIGKILL: "killed"
        default: "signal \(signal)"
        }
    }
}

/// The order checks are reported in: the order the hint catalog teaches them (so "the
/// first failing check" is the one to work on first), then by place in the source.
enum CheckOrder {
    private static let taught: [String: Int] = Dictionary(
        HintCatalog.all.enumerated().map { ("\($0.element.step)/\($0.element.key)", $0.offset) },
        uniquingKeysWith: { first, _ in first }
    )

    static func precedes(_ a: CheckResult, _ b: CheckResult) -> Bool {
        let rankA = rank(a)
        let rankB = rank(b)
        if rankA != rankB { return rankA < rankB }
        return (a.target, a.file ?? "", a.line ?? 0) < (b.target, b.file ?? "", b.line ?? 0)
    }

    private static func rank(_ check: CheckResult) -> Int {
        let step = StepCatalog.all.first { $0.testTarget == check.target }?.number ?? 0
        return taught["\(step)/\(check.key)"] ?? Int.max
    }
}
