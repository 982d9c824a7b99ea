import Foundation

/// The runner's core: builds a step, runs its checks, and reports whatever happens (a compile error, a crash, a hang).
struct StepChecker: Sendable {
    let kit: Kit
    let toolchain: Toolchain
    var source: Source = .exercises
    /// How long one run of a step's checks may take before the check still running is stopped.
    var timeLimit: Duration = StepChecker.defaultTimeLimit

    static let defaultTimeLimit: Duration = .seconds(60)

    var workspace: Workspace { kit.workspace }

    /// Variables for the checks' processes on top of kata's own.
    var environment: [String: String] = [:]
    /// What must be done before any learner code runs (work begun while the step builds).
    var beforeRunningChecks: @Sendable () -> Void = {}

    private var package: SwiftPackage {
        var package = SwiftPackage(workspace: workspace, source: source, toolchain: toolchain)
        package.extraEnvironment = environment
        return package
    }

    /// Builds this step alone and runs its checks. When the step's files are as they were at an earlier build (going
    /// back to a step, undoing an edit), the product kept then is run again without asking SwiftPM anything.
    func check(_ step: Step) -> StepReport {
        let binaries = StepBinaries(workspace: workspace, source: source, toolchain: toolchain)
        let digest = binaries.inputDigest(of: step)
        let kept = binaries.keptProduct(of: step, digest: digest)
        if FileTree.kind(at: kept) != nil, (try? binaries.install(kept)) != nil {
            return runChecks(of: [step], builtWith: .step(step))[0]
        }
        var build = package.build(.step(step))
        // A file saved while it was compiled fails the whole build ("was modified during the
        // build"), with nothing for the learner to fix: build once more, on what is there now.
        if !build.succeeded, build.output.contains("was modified during the build") {
            build = package.build(.step(step))
        }
        guard build.succeeded else {
            return BuildFailure.report(for: step, source: source, build: build, workspace: workspace)
        }
        binaries.keep(step, digest: digest)
        return runChecks(of: [step], builtWith: .step(step))[0]
    }

    /// Builds and checks every step at once; if not all build, each step alone, so a broken step costs only itself.
    func checkAll(_ steps: [Step]) -> [StepReport] {
        guard package.build(.allSteps).succeeded else { return steps.map(check) }
        return runChecks(of: steps, builtWith: .allSteps)
    }

    /// Runs already-built checks, and files each under its step. The steps of checks share
    /// one process; a lesson of suites is graded by the mistakes its suites catch.
    func runChecks(of steps: [Step], builtWith selection: SwiftPackage.Selection) -> [StepReport] {
        beforeRunningChecks()
        let checked = steps.filter { $0.kind == .checks }
        let shared =
            checked.isEmpty
            ? TestRun()
            : runTests(
                targets: checked.map(\.testTarget),
                learnerFolders: checked.map { workspace.folder(of: $0, in: source).path + "/" },
                builtWith: selection
            )
        return steps.map { step in
            let run = step.kind == .checks ? shared : run(step, builtWith: selection)
            if let notStarted = run.notStarted {
                return StepReport(
                    step: step, source: source, status: .couldNotRun,
                    problem: "The checks could not be started: \(notStarted).")
            }
            let checks = run.checks.filter { $0.target == step.testTarget }
            let status: StepReport.Status = !checks.isEmpty && checks.allSatisfy(\.status.isPass) ? .passed : .failed
            return StepReport(
                step: step, source: source, status: status, checks: checks,
                problem: checks.isEmpty
                    ? ["No checks of this step ran.", run.stoppedBy].compactMap { $0 }.joined(separator: " ") : nil)
        }
    }

    /// Runs one step's built checks as its kind asks; `witnessed` cross-examines each run.
    func run(_ step: Step, builtWith selection: SwiftPackage.Selection, witnessed: Bool = false) -> TestRun {
        switch step.kind {
        case .suites:
            return MistakeHunt(checker: self, step: step).run(builtWith: selection, witnessed: witnessed)
        case .checks:
            let witness =
                witnessed
                ? RunWitness(
                    target: step.testTarget, knownKeys: Set(kit.course.checks(of: step).map(\.key)))
                : nil
            return runTests(
                targets: [step.testTarget], learnerFolders: [workspace.folder(of: step, in: source).path + "/"],
                builtWith: selection, witness: witness)
        }
    }

    /// How many runs of one step may go at once: the test executable runs side by side; `swift
    /// test` takes the build folder's lock, so its runs go one at a time.
    var parallelRuns: Int {
        toolchain.driver == .direct
            ? max(1, min(4, ProcessInfo.processInfo.activeProcessorCount)) : 1
    }

    /// What one or more test processes made of some test targets.
    struct TestRun: Sendable {
        var checks: [CheckResult] = []
        /// Why the tests could not be started at all, when they could not.
        var notStarted: String?
        /// What the witness found that a real run could not have written.
        var anomalies: [String] = []
        /// Why the run stopped early (a crash, the time limit), when it did.
        var stoppedBy: String?

        /// Adds another run's checks and anomalies; the first run that could not start says why.
        mutating func add(_ other: TestRun) {
            checks += other.checks
            anomalies += other.anomalies
            notStarted = notStarted ?? other.notStarted
        }
    }

    /// Runs the built tests of `targets` one at a time. When a test crashes or hangs, it is
    /// named as such and the run starts again without it, so the others still get a result.
    func runTests(
        targets: [String], learnerFolders: [String], builtWith selection: SwiftPackage.Selection,
        witness: RunWitness? = nil
    ) -> TestRun {
        runTests(
            matching: "^(" + targets.joined(separator: "|") + ")\\.", learnerFolders: learnerFolders,
            builtWith: selection, witness: witness)
    }

    /// Runs the built tests whose identifiers match `filter` and none of `skipping`, one at a
    /// time unless `inParallel` (the runner's own tests, which are not a learner's checks).
    func runTests(
        matching filter: String, skipping initiallySkipped: [String] = [], inParallel: Bool = false,
        learnerFolders: [String], builtWith selection: SwiftPackage.Selection, witness: RunWitness? = nil
    ) -> TestRun {
        var results: [String: CheckResult] = [:]
        var order: [String] = []
        var skipping = initiallySkipped
        var stoppedBy: String?
        var anomalies: [String] = []

        // Each pass removes at least one test, so this ends; the bound is a safety net.
        for _ in 0...256 {
            let events = EventFiles.make()
            defer { EventFiles.remove(events) }
            let outcome = package.runChecks(
                builtWith: selection, filter: filter, skipping: skipping, inParallel: inParallel, events: events,
                timeLimit: timeLimit)
            if case .notStarted(let reason) = outcome.ending {
                return TestRun(notStarted: reason)
            }
            let records = EventStreamReader.records(at: events)
            if let witness {
                anomalies += witness.anomalies(in: records, ending: outcome.ending, output: outcome.output)
            }
            let run = RunAssembler.assemble(records)
            for check in run.checks {
                let id = "\(check.target).\(check.key)"
                if results[id] == nil { order.append(id) }
                if results[id] == nil || check.status != .notRun {
                    results[id] = check
                }
            }
            if run.reachedEnd, [.exited(0), .exited(1)].contains(outcome.ending) { break }
            // Swift Testing ends a run that found no test with EX_UNAVAILABLE: nothing crashed.
            if run.reachedEnd, run.checks.isEmpty, outcome.ending == .exited(69) { break }

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

        var checks = order.compactMap { results[$0] }
        checks.sort(by: CheckOrder(of: checks, in: kit.course).precedes)
        if let stoppedBy {
            for index in checks.indices where checks[index].status == .notRun {
                checks[index].status = .crashed
                checks[index].failures = [CheckResult.Failure(message: stoppedBy)]
            }
        }
        return TestRun(checks: checks, anomalies: anomalies, stoppedBy: stoppedBy)
    }
}
