import Foundation

/// The runner's core: builds a step, runs its checks, and reports whatever happens (a compile error, a crash, a hang).
struct StepChecker: Sendable {
    let kit: Kit
    let toolchain: Toolchain
    var source: Source = .exercises
    /// How long one check (or a test program's start) may go on before it is stopped and named; a whole run may take
    /// `RunWatchdog.ceiling` at most.
    var timeLimit: Duration = StepChecker.defaultTimeLimit

    static let defaultTimeLimit: Duration = .seconds(10)

    var workspace: Workspace { kit.workspace }

    /// Variables for the checks' processes on top of kata's own.
    var environment: [String: String] = [:]
    /// What the toolchain said, when the caller asked it (a grade asks before any learner code runs); otherwise read
    /// from the build folder, or asked there.
    var knownFacts: ToolchainFacts?
    /// The lessons of suites whose scene had its mistakes built in when they were built, when the caller knows (a
    /// grade moves that copy aside while the suites run); otherwise read from the workspace.
    var mistakesBuiltIn: Set<Int>?
    /// What runs the learner's code apart from the grader, in a grade that can; nil runs it as kata runs.
    var isolation: (any LearnerCodeIsolation)?
    /// When a grade's time budget runs out: no run starts after it, and a run still going then is stopped.
    var deadline: GradeBudget?
    /// What must be done before any learner code runs (work begun while the step builds).
    var beforeRunningChecks: @Sendable () -> Void = {}
    /// Told what the check is doing now, for a person watching; nil when nobody is (a grade).
    var progress: (@Sendable (Stage) -> Void)?

    /// What a check of a step is doing.
    enum Stage: Sendable, Equatable {
        case building(Step)
        /// Another SwiftPM builds in the same folder; this build waits for it. What SwiftPM said.
        case waitingForAnotherBuild(String)
        case running(Step)
        /// The check of this name is running, for this long so far; a check is stopped at `limit`. Told every few
        /// milliseconds while one runs.
        case runningCheck(String, for: Duration, limit: Duration)
        /// The check of this name ran to its time limit and was stopped; the others are run next.
        case stoppedCheck(String, after: Duration)
    }

    /// Where the checks were built, when not the source's build folder (the runner's own tests).
    var scratchFolder: URL?

    private var package: SwiftPackage {
        var package = SwiftPackage(
            workspace: workspace, source: source, toolchain: toolchain, scratchFolder: scratchFolder)
        package.extraEnvironment = environment
        package.onWaiting = { [progress] said in progress?(.waitingForAnotherBuild(said)) }
        return package
    }

    /// Builds this step alone and runs its checks. When the step's files are as they were at an earlier build (going
    /// back to a step, undoing an edit), the product kept then is run again without building anything.
    func check(_ step: Step) -> StepReport {
        let binaries = StepBinaries(workspace: workspace, source: source, toolchain: toolchain)
        let digest = binaries.inputDigest(of: step)
        let kept = binaries.keptProduct(of: step, digest: digest)
        if FileTree.kind(at: kept) != nil, case .success(let products) = package.products(for: .step(step)),
            (try? binaries.install(kept, in: products)) != nil
        {
            return runChecks(of: [step], builtWith: .step(step))[0]
        }
        progress?(.building(step))
        var build = package.build(.step(step))
        // A file saved while it was compiled fails the whole build ("was modified during the
        // build"), with nothing for the learner to fix: build once more, on what is there now.
        if !build.succeeded, build.output.contains("was modified during the build") {
            build = package.build(.step(step))
        }
        guard build.succeeded else {
            return BuildFailure.report(for: step, source: source, build: build, workspace: workspace)
        }
        switch package.products(for: .step(step)) {
        case .success(let products):
            binaries.keep(step, digest: digest, from: products)
            return runChecks(of: [step], builtWith: .step(step))[0]
        case .failure(let failure):
            return StepReport(
                step: step, source: source, status: .couldNotRun,
                problem: "The checks could not be started: \(failure.sentence).")
        }
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
        if steps.count == 1 { progress?(.running(steps[0])) }
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
            // A lesson of suites still builds without one of its files (the folder is the test target), but the
            // hints of the mistakes that part's suite catches send the learner to it.
            let missing =
                step.kind == .suites ? BuildFailure.missingStarters(of: step, source: source, in: workspace) : []
            let testable = step.kind == .suites ? Self.testableImports(of: step, source: source, in: workspace) : []
            let notes =
                missing.prefix(1).map {
                    BuildFailure.missingSentence(
                        $0, step: step, needed: "the hints for the mistakes it should catch point to it")
                }
                + testable.prefix(1).map {
                    "\($0) uses @testable import: a grade marks that for review, since it reaches what the scene does "
                        + "not make public. Import the scene as any app would (the guide's \"Your files\")."
                }
            return StepReport(
                step: step, source: source, status: status, checks: checks,
                problem: checks.isEmpty
                    ? ["No checks of this step ran.", run.stoppedBy].compactMap { $0 }.joined(separator: " ")
                    : notes.isEmpty ? nil : notes.joined(separator: " "))
        }
    }

    /// A lesson of suites' files that `@testable import` something: said at once by kata check, where otherwise only a
    /// grade's review would say it (read as text: a hint, not a judgement; the review judges what the compiler saw).
    static func testableImports(of step: Step, source: Source, in workspace: Workspace) -> [String] {
        let folder = workspace.folder(of: step, in: source)
        return workspace.allFiles(under: workspace.relativePath(folder.path)).filter { path in
            path.hasSuffix(".swift")
                && String(decoding: workspace.bytes(of: path), as: UTF8.self).split(separator: "\n").contains {
                    $0.trimmingCharacters(in: .whitespaces).hasPrefix("@testable import")
                }
        }.sorted()
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
        /// Whether it stopped because the grade's time budget was spent: nothing of the learner's code is judged by
        /// what did not run.
        var budgetSpent = false

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
            matching: "^(" + targets.joined(separator: "|") + ")\\.", in: targets, learnerFolders: learnerFolders,
            builtWith: selection, witness: witness)
    }

    /// Runs the built tests of `targets` whose identifiers match `filter` and none of `skipping`, one at a time unless
    /// `inParallel` (the runner's own tests, which are not a learner's checks). The targets' tests are in one program
    /// (the native build system's) or one each (Swift Build's): each program runs in turn.
    func runTests(
        matching filter: String, in targets: [String], skipping initiallySkipped: [String] = [],
        inParallel: Bool = false, learnerFolders: [String], builtWith selection: SwiftPackage.Selection,
        witness: RunWitness? = nil
    ) -> TestRun {
        let facts: ToolchainFacts
        if let knownFacts {
            facts = knownFacts
        } else {
            switch package.facts(for: selection) {
            case .success(let found): facts = found
            case .failure(let failure): return TestRun(notStarted: failure.sentence)
            }
        }
        let products = BuildProducts(folder: URL(fileURLWithPath: facts.productsFolder))
        // `swift test` starts the programs itself; the direct driver starts each one the targets' tests are in.
        var programs: [TestProduct?] = []
        for program in toolchain.driver == .swiftTest ? [nil] : targets.map(products.testProduct(of:))
        where !programs.contains(program) {
            programs.append(program)
        }
        var all = TestRun()
        for program in programs {
            let run = runProgram(
                program, of: products, facts: facts, matching: filter, skipping: initiallySkipped,
                inParallel: inParallel, learnerFolders: learnerFolders, builtWith: selection, witness: witness)
            if run.notStarted != nil { return run }
            all.add(run)
            all.stoppedBy = all.stoppedBy ?? run.stoppedBy
            all.budgetSpent = all.budgetSpent || run.budgetSpent
        }
        all.checks.sort(by: CheckOrder(of: all.checks, in: kit.course).precedes)
        return all
    }

    /// Runs one test program until every test it holds that matches has a result.
    private func runProgram(
        _ program: TestProduct?, of products: BuildProducts, facts: ToolchainFacts, matching filter: String,
        skipping initiallySkipped: [String], inParallel: Bool, learnerFolders: [String],
        builtWith selection: SwiftPackage.Selection, witness: RunWitness?
    ) -> TestRun {
        var results: [String: CheckResult] = [:]
        var order: [String] = []
        var skipping = initiallySkipped
        var stoppedBy: String?
        var anomalies: [String] = []
        var budgetSpent = false

        // Each pass removes at least one test, so this ends; the bound is a safety net.
        for _ in 0...256 {
            var ceiling = RunWatchdog.ceiling(forCheckLimit: timeLimit)
            if let deadline {
                guard deadline.remaining > .zero else {
                    stoppedBy = deadline.spent
                    budgetSpent = true
                    break
                }
                ceiling = min(ceiling, deadline.remaining)
            }
            let events = isolation.map { EventFiles.make(in: $0.eventsFolder) } ?? EventFiles.make()
            defer { EventFiles.remove(events) }
            var onLook: (@Sendable (String?, Duration) -> Void)?
            if let progress {
                onLook = { [timeLimit] check, running in
                    if let check { progress(.runningCheck(check, for: running, limit: timeLimit)) }
                }
            }
            let watchdog = RunWatchdog(events: events, limit: timeLimit, onLook: onLook)
            let outcome = package.runChecks(
                program, of: products, facts: facts, builtWith: selection, filter: filter, skipping: skipping,
                inParallel: inParallel, events: events, timeLimit: ceiling, watchdog: watchdog, isolation: isolation)
            if case .notStarted(let reason) = outcome.ending {
                return TestRun(notStarted: reason)
            }
            let records = EventStreamReader.records(at: events)
            let version = EventStreamVersion.asked(ofRelease: facts.release)
            if records.isEmpty, outcome.ending != .exited(0),
                let refusal = EventStreamVersion.refusal(in: outcome.output, asked: version)
            {
                return TestRun(notStarted: refusal)
            }
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
            // Swift Testing ends a run that found no test with EX_UNAVAILABLE: nothing crashed. From 6.4 such a
            // run may write no event at all.
            if run.reachedEnd || records.isEmpty, run.checks.isEmpty, outcome.ending == .exited(69) { break }

            if outcome.ending == .timedOut, !watchdog.stoppedTheRun, let deadline, deadline.remaining <= .zero {
                // Stopped by the grade's budget, not by a check of its own: what was running did not hang, and did
                // not run to its end.
                for key in run.unfinished {
                    if let id = order.first(where: { $0.hasSuffix(".\(key)") }) { results[id]?.status = .notRun }
                }
                stoppedBy = deadline.spent
                budgetSpent = true
                break
            }
            let limitMet =
                watchdog.stoppedBeforeAnyEvent ? RunWatchdog.startLimit(forCheckLimit: timeLimit) : timeLimit
            let stop = StopReason(outcome: outcome, timeLimit: limitMet, learnerFolders: learnerFolders)
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
                if check.status == .timedOut, watchdog.stoppedTheRun {
                    progress?(.stoppedCheck(check.name, after: timeLimit))
                }
            }
            // Skipping must make progress; if it did not, stop rather than run the same test again.
            if !skippedMore {
                stoppedBy = stop.sentence
                break
            }
        }

        var checks = order.compactMap { results[$0] }
        if let stoppedBy {
            for index in checks.indices where checks[index].status == .notRun {
                checks[index].status = budgetSpent ? .notRun : .crashed
                checks[index].failures = [CheckResult.Failure(message: stoppedBy)]
            }
        }
        return TestRun(checks: checks, anomalies: anomalies, stoppedBy: stoppedBy, budgetSpent: budgetSpent)
    }
}
