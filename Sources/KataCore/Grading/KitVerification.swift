import Foundation

/// The part of `kata verify` that takes minutes, in lanes that run side by side on two
/// copies of the kit. One lane alone leaves a core idle most of the time (a step's build
/// is short and mostly serial; the runner's tests mostly wait on the kata they start):
///
///     starters' copy:   each starter graded alone ──┬──→ the runner's grading tests, on it
///     the kit:          the runner's tests built ───┤
///     solutions' copy:  solutions, quick mistakes ──┴──→ the runner's other tests, on it
///
/// The grading tests grade whole learner trees and reuse the starters' products; the other
/// tests only need a copy where the given code is already built.
struct KitVerification: Sendable {
    let kit: Workspace
    let environment: [String: String]
    let timeLimit: Duration
    /// The mistakes of the catalogue to grade (make test: the quick ones).
    let mistakes: [Mistake]
    /// Whether the runner's own tests are built and run (not with --steps-only).
    let runnerTests: Bool

    /// The runner's suites that grade whole learner trees (`kata grade --kit`, the Classroom
    /// script): they run on the starters' copy, whose per-step products they reuse.
    static let gradingSuites = ["KataBinaryTests/ClassroomGrading", "KataBinaryTests/Grading"]

    struct Results: Sendable {
        var starters: [GradingRun.Outcome]
        var solutions: [GradingRun.Outcome]
        var verdicts: [String: KitCopy.Verdict]
        /// The build of the runner and its tests; nil when they were left out.
        var runnerBuild: CommandResult?
        var ownTests = StepChecker.TestRun()
        /// How many of the runner's tests ran on the starters' copy (none means the suites above were renamed).
        var gradingTestCount = 0
        /// How long each lane's parts took, in the order they are reported.
        var times: [(part: String, time: Duration)] = []
    }

    /// Runs every lane; the first copy that cannot be made or written ends it with its one line.
    func run(progress: ProgressBoard) throws(CommandFailure) -> Results {
        let starterCopy = try KitCopy(kit: kit, environment: environment, timeLimit: timeLimit, purpose: .starters)
        let solutionCopy = try KitCopy(kit: kit, environment: environment, timeLimit: timeLimit, purpose: .solutions)
        let times = Locked<[String: Duration]>([:])
        let mistakes = mistakes

        let runnerBuild: Background<CommandResult?> = Background { [kit, runnerTests] in
            guard runnerTests else { return nil }
            progress.set("runner", "building it and its tests")
            let started = ContinuousClock.now
            let build = SwiftPackage(workspace: kit, source: .exercises).build(.runner)
            times.withLock { $0["runner's build"] = started.duration(to: .now) }
            progress.set("runner", "")
            return build
        }
        let starters = Background { () -> Result<[GradingRun.Outcome], CommandFailure> in
            Result { () throws(CommandFailure) in
                let started = ContinuousClock.now
                let outcomes = try Self.whileLocked(starterCopy, job: "starters", progress: progress) {
                    () throws(CommandFailure) in
                    try starterCopy.gradeStarters { progress.set("starters", $0) }
                }
                times.withLock { $0["starters"] = started.duration(to: .now) }
                return outcomes
            }
        }
        let solutions = Background {
            () -> Result<([GradingRun.Outcome], [String: KitCopy.Verdict]), CommandFailure> in
            Result { () throws(CommandFailure) in
                try Self.whileLocked(solutionCopy, job: "solutions", progress: progress) { () throws(CommandFailure) in
                    var started = ContinuousClock.now
                    let outcomes = try solutionCopy.gradeSolutions { progress.set("solutions", $0) }
                    times.withLock { $0["solutions"] = started.duration(to: .now) }
                    started = .now
                    let verdicts = try solutionCopy.gradeMistakes(mistakes, solutions: outcomes) {
                        progress.set("solutions", "mistakes, " + $0)
                    }
                    times.withLock { $0["quick mistakes"] = started.duration(to: .now) }
                    return (outcomes, verdicts)
                }
            }
        }

        // Each half of the runner's tests starts as soon as its copy and the runner are ready.
        let suites = "^KataCoreTests\\.(" + Self.gradingSuites.joined(separator: "|") + ")/"
        let gradingTests = Background { [self] () -> StepChecker.TestRun? in
            guard case .success = starters.value, let build = runnerBuild.value, build.succeeded else { return nil }
            return ownTests(on: starterCopy, matching: suites, skipping: [], part: "grading tests", times, progress)
        }
        let otherTests = Background { [self] () -> StepChecker.TestRun? in
            guard case .success = solutions.value, let build = runnerBuild.value, build.succeeded else { return nil }
            return ownTests(
                on: solutionCopy, matching: "^KataCoreTests\\.", skipping: [suites], part: "other tests", times,
                progress)
        }

        // Every lane ends before anything is reported, a failed one included: none is left
        // building in a copy after kata has gone.
        let ownRuns = [gradingTests.value, otherTests.value]
        let build = runnerBuild.value
        let (starterOutcomes, (solutionOutcomes, verdicts)) = (try starters.value.get(), try solutions.value.get())
        var results = Results(
            starters: starterOutcomes, solutions: solutionOutcomes, verdicts: verdicts, runnerBuild: build)
        for run in ownRuns.compactMap({ $0 }) {
            results.ownTests.checks += run.checks
            results.ownTests.anomalies += run.anomalies
            results.ownTests.notStarted = results.ownTests.notStarted ?? run.notStarted
        }
        results.gradingTestCount = ownRuns[0]?.checks.count ?? 0
        let measured = times.withLock { $0 }
        results.times = [
            "starters", "solutions", "quick mistakes", "runner's build", "grading tests", "other tests",
        ].compactMap { part in measured[part].map { (part, $0) } }
        return results
    }

    /// Part of the runner's own tests, run with `copy` as the kit copy they work in.
    private func ownTests(
        on copy: KitCopy, matching filter: String, skipping: [String], part: String,
        _ times: Locked<[String: Duration]>, _ progress: ProgressBoard
    ) -> StepChecker.TestRun {
        progress.set(part, "running")
        defer { progress.set(part, "") }
        let started = ContinuousClock.now
        // The runner's tests run the real kata on a copy of the kit: minutes, not seconds.
        var checker = StepChecker(workspace: kit, source: .exercises, timeLimit: .seconds(1200))
        checker.environment = ["KATA_SCRATCH_WORKSPACE": copy.folder.path]
        let run = checker.runTests(
            matching: filter, skipping: skipping, inParallel: true, learnerFolders: [], builtWith: .runner)
        times.withLock { $0[part] = started.duration(to: .now) }
        return run
    }

    /// Does `work` holding the copy's lock (a grade or another verify using it waits), and
    /// lets it go before the runner's tests, whose kata commands take it themselves.
    private static func whileLocked<Value>(
        _ copy: KitCopy, job: String, progress: ProgressBoard, _ work: () throws(CommandFailure) -> Value
    ) throws(CommandFailure) -> Value {
        let lock = try FolderLock.acquire(in: copy.folder) { progress.set(job, "waiting for \(copy.folder.path)") }
        defer {
            lock.release()
            progress.set(job, "")
        }
        return try work()
    }
}
