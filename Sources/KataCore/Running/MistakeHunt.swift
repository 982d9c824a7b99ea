import Foundation

/// Grades a lesson of suites: the learner's tests run once on the given scene as it is, and once on each of its correct
/// variants, where they must all pass, then once with each of the scene's built-in mistakes turned on. A mistake is
/// caught when any test fails, crashes or hangs on it; each mistake is one check of the step.
struct MistakeHunt {
    let checker: StepChecker
    let step: Step

    /// Runs the built suites of `step` against the scene and each mistake. When `witnessed`,
    /// every run's event stream is cross-examined against the learner's own tests.
    func run(builtWith selection: SwiftPackage.Selection, witnessed: Bool) -> StepChecker.TestRun {
        let workspace = checker.workspace
        let folder = workspace.folder(of: step, in: checker.source).path + "/"
        let witness =
            witnessed
            ? RunWitness(
                target: step.testTarget,
                knownKeys: Set(
                    DeclaredCheck.inFiles(under: "\(checker.source.folderName)/\(step.folder)", in: workspace)
                        .map(\.key)))
            : nil
        let mistakes = SuiteMistake.all(of: step, in: workspace)
        // One run of the learner's suites by `runner`, with `sceneSwitch` turned on in the scene's copy.
        @Sendable func runSuites(_ sceneSwitch: SceneSwitch, by runner: StepChecker) -> StepChecker.TestRun {
            var switched = runner
            // The learner's own tests run here, many times and side by side, and a mistake may make one hang on
            // purpose: none of it is a check to name while it runs.
            switched.progress = nil
            switched.environment[SceneSwitch.variable] = sceneSwitch.value
            switched.environment[SceneSwitch.suitesRun.0] = SceneSwitch.suitesRun.1
            return switched.runTests(
                targets: [step.testTarget], learnerFolders: [folder], builtWith: selection, witness: witness)
        }

        let started = ContinuousClock.now
        let scene = runSuites(.none, by: checker)
        if scene.notStarted != nil { return scene }
        // Nothing is tried once the grade's time has run out: every mistake then counts as not run.
        func notTried(_ anomalies: [String]) -> StepChecker.TestRun {
            let spent = checker.deadline?.spent ?? "The grade's time budget was spent."
            return StepChecker.TestRun(
                checks: mistakes.map { mistake in
                    var check = verdict(on: mistake, caught: false, failure: CheckResult.Failure(message: spent))
                    check.status = .notRun
                    return check
                }, anomalies: anomalies, budgetSpent: true)
        }
        if scene.budgetSpent { return notTried(scene.anomalies) }
        // The scene's run alone: the variants' runs that follow are not part of what a mistake's run may take.
        let sceneTime = ContinuousClock.now - started
        var anomalies = scene.anomalies

        // A correct scene written otherwise: a test that fails there expects what the guide does not promise.
        var overSpecified: CheckResult.Failure?
        if Self.reasonNothingCounts(scene, hasMistakesBuiltIn: hasMistakesBuiltIn) == nil {
            let variants = SuiteVariant.all(of: step, in: workspace)
            let variantRuns = Self.inParallel(variants, width: checker.parallelRuns) {
                runSuites(.variant($0), by: checker)
            }
            for (variant, run) in zip(variants, variantRuns) {
                anomalies += run.anomalies
                if run.budgetSpent { return notTried(anomalies) }
                if let notStarted = run.notStarted {
                    return StepChecker.TestRun(notStarted: notStarted, anomalies: anomalies)
                }
                if overSpecified == nil { overSpecified = Self.overSpecified(run, on: variant) }
            }
        }

        if let reason = overSpecified ?? Self.reasonNothingCounts(scene, hasMistakesBuiltIn: hasMistakesBuiltIn) {
            // The reason once, on the first mistake; the others only point to it. Without the
            // mistakes built in, nothing was tried: not a failure of the learner's suites.
            let pointer = CheckResult.Failure(message: "Not tried, for the reason given with the first mistake.")
            let status: CheckResult.Status = hasMistakesBuiltIn ? .failed : .notRun
            return StepChecker.TestRun(
                checks: mistakes.enumerated().map { index, mistake in
                    var check = verdict(on: mistake, caught: false, failure: index == 0 ? reason : pointer)
                    check.status = status
                    return check
                },
                anomalies: anomalies)
        }

        // A mistake that makes a test wait for what never comes is caught by the wait: give
        // each run several times what the suites took on the scene, not the whole time limit.
        var hunter = checker
        hunter.timeLimit = min(checker.timeLimit, max(.seconds(5), sceneTime * 10))
        let runs = Self.inParallel(mistakes, width: hunter.parallelRuns) { [hunter] in
            runSuites(.mistake($0), by: hunter)
        }
        var checks: [CheckResult] = []
        for (mistake, run) in zip(mistakes, runs) {
            anomalies += run.anomalies
            if let notStarted = run.notStarted {
                return StepChecker.TestRun(notStarted: notStarted, anomalies: anomalies)
            }
            if run.budgetSpent, let spent = hunter.deadline?.spent {
                // Not tried to its end: neither caught nor missed.
                var check = verdict(on: mistake, caught: false, failure: CheckResult.Failure(message: spent))
                check.status = .notRun
                checks.append(check)
                continue
            }
            let caught = run.stoppedBy != nil || run.checks.contains { !$0.status.isPass }
            let missed = CheckResult.Failure(
                message: "Your suites still pass when \(mistake.missed).",
                details: [
                    "Add a test that fails on this mistake (kata hint \(step.number) helps with the first one still missed)."
                ])
            checks.append(verdict(on: mistake, caught: caught, failure: missed))
        }
        return StepChecker.TestRun(checks: checks, anomalies: anomalies)
    }

    /// Whether the reason nothing counts says the suites failed or stopped on the scene itself.
    static func suitesFailedOnTheScene(_ reason: String) -> Bool {
        reason.hasPrefix(failingPrefix) || reason.hasPrefix(stoppedPrefix)
    }

    static let failingPrefix = "Your test “"
    static let stoppedPrefix = "Your suites stopped on the scene as it is"
    static let stoppedOnVariantPrefix = "Your suites stopped on a correct scene"
    static let noTestsPrefix = "Your suites have no tests yet"

    /// Whether a failure says why no mistake could count (the suites fail or stop on a correct
    /// scene, or there are none): about the learner's suites as a whole, not the mistake it is shown with.
    static func saysNothingCounts(_ message: String) -> Bool {
        [failingPrefix, stoppedPrefix, stoppedOnVariantPrefix, noTestsPrefix].contains { message.hasPrefix($0) }
    }

    /// Why nothing counts, without what the learner's test said (its values can run to pages): for `kata hint`,
    /// which points to `kata check` for the rest.
    static func briefly(_ reason: String) -> String {
        guard let end = reason.range(of: "so no mistake counts as caught") else { return reason }
        return String(reason[..<end.upperBound]) + "."
    }

    /// The reason `check` gives, when it is why no mistake counts rather than about its own mistake.
    static func reasonNothingCounts(in check: CheckResult) -> String? {
        check.failures.first.map(\.message).flatMap { saysNothingCounts($0) ? $0 : nil }
    }

    /// Why nothing counts when the suites fail on a correct variant of the scene: the test named,
    /// and what the guide does not promise.
    static func overSpecified(_ run: StepChecker.TestRun, on variant: SuiteVariant) -> CheckResult.Failure? {
        if let failing = run.checks.first(where: { !$0.status.isPass }) {
            let failure = failing.failures.first
            return CheckResult.Failure(
                message: "Your test “\(failing.name)” fails on a correct scene written otherwise (\(variant.differs)): "
                    + "it expects something the guide leaves free, so no mistake counts as caught"
                    + (failure.map { ". It said: \($0.message)" } ?? "."),
                details: [
                    variant.freedomLine,
                    "Test what the guide says each part must do, not how the scene happens to do it.",
                ],
                argument: failure?.argument, file: failure?.file ?? failing.file, line: failure?.line ?? failing.line)
        }
        if let stoppedBy = run.stoppedBy {
            return CheckResult.Failure(
                message: stoppedOnVariantPrefix + " written otherwise (\(variant.differs)), so no mistake "
                    + "counts as caught: \(stoppedBy)",
                details: [variant.freedomLine])
        }
        return nil
    }

    private var hasMistakesBuiltIn: Bool {
        checker.mistakesBuiltIn.map { $0.contains(step.number) }
            ?? (SuiteMistake.builtInCopy(of: step, in: checker.workspace) != nil)
    }

    /// Why no mistake can count as caught, when the run on the scene as it is says so.
    static func reasonNothingCounts(_ scene: StepChecker.TestRun, hasMistakesBuiltIn: Bool) -> CheckResult.Failure? {
        if let failing = scene.checks.first(where: { !$0.status.isPass }) {
            let failure = failing.failures.first
            return CheckResult.Failure(
                message: failingPrefix + "\(failing.name)” fails on the scene as it is, so no mistake counts as caught"
                    + (failure.map { ": \($0.message)" } ?? "."),
                details: ["A test must pass on the correct scene before it can catch a mistake."],
                argument: failure?.argument, file: failure?.file ?? failing.file, line: failure?.line ?? failing.line)
        }
        if let stoppedBy = scene.stoppedBy {
            return CheckResult.Failure(
                message: stoppedPrefix + ", so no mistake counts as caught: \(stoppedBy)")
        }
        if scene.checks.isEmpty {
            return CheckResult.Failure(
                message: noTestsPrefix + ", so they catch no mistake.",
                details: ["Write @Test functions in the suites of this step's folder; the guide says what to test."])
        }
        if !hasMistakesBuiltIn {
            return CheckResult.Failure(
                message: "Your suites pass on the scene; this copy of the kit has no mistakes built in to try them on "
                    + "(a class's copy leaves them with the kit, and the grade uses them).")
        }
        return nil
    }

    private func verdict(on mistake: SuiteMistake, caught: Bool, failure: CheckResult.Failure) -> CheckResult {
        let file = checker.workspace.folder(of: step, in: checker.source).appendingPathComponent(mistake.lookIn).path
        var failure = failure
        failure.file = failure.file ?? file
        return CheckResult(
            target: step.testTarget, key: mistake.key, name: mistake.name, status: caught ? .passed : .failed,
            failures: caught ? [] : [failure], file: file, line: nil)
    }

    /// Runs `work` for every item, `width` at a time, and returns the results in order.
    static func inParallel<Item: Sendable, Result: Sendable>(
        _ items: [Item], width: Int, _ work: @Sendable @escaping (Item) -> Result
    ) -> [Result] {
        let results = Locked<[Int: Result]>([:])
        let next = Locked(0)
        DispatchQueue.concurrentPerform(iterations: max(1, min(width, items.count))) { _ in
            while true {
                let index = next.withLock { value -> Int in
                    defer { value += 1 }
                    return value
                }
                guard index < items.count else { return }
                let result = work(items[index])
                results.withLock { $0[index] = result }
            }
        }
        let all = results.withLock { $0 }
        return items.indices.compactMap { all[$0] }
    }
}
