import Foundation

/// The part of `kata verify` that takes minutes, in lanes that run side by side on two
/// copies of the kit. One lane alone leaves a core idle most of the time (a step's build
/// is short and mostly serial; the runner's tests mostly wait on the kata they start):
///
///     starters' copy:   each starter graded alone ──┬──→ grading tests, then the hostile grades (end to end)
///                       (all in one build without the end-to-end suites, which alone reuse each step's products)
///     the kit:          the runner's tests built ───┤
///     solutions' copy:  solutions, quick mistakes ──┴──→ other tests
///
/// The grading tests reuse the starters' products; the other tests only need a copy where
/// the given code is built. A hostile grade rewrites what its copy keeps: they come last.
/// The end-to-end suites (the real kata on copies of the kit, every one building steps) are
/// most of the runner's tests' time: `make test` leaves them out, `make test-all` and CI run them.
struct KitVerification: Sendable {
    let kit: Kit
    let environment: [String: String]
    let timeLimit: Duration
    var toolchain: Toolchain { Toolchain(environment: environment) }
    /// The mistakes of the catalogue to grade (make test-all: the quick ones; make test: none).
    let mistakes: [Mistake]
    /// How much of the kit is verified.
    let scope: Scope

    enum Scope: Sendable {
        /// The steps alone, without the runner's tests (--steps-only).
        case stepsOnly
        /// The steps and the runner's tests but their end-to-end suites (make test).
        case quick
        /// Everything: the starters graded step by step as a learner's work is, the quick mistakes, the runner's
        /// end-to-end suites (--all: make test-all, CI).
        case all
    }

    /// The serialized suite of the runner's end-to-end tests, each a real kata run on a copy of the kit; the
    /// grading and hostile suites are nested in it.
    static let endToEndSuite = "KataBinaryTests"

    /// The runner's suites that grade whole learner trees (each test a `kata grade --kit`): they
    /// run on the starters' copy, whose per-step products they reuse.
    static let gradingSuites = ["KataBinaryTests/ClassroomGrading", "KataBinaryTests/Grading"]

    /// Suites whose learner code rewrites what its copy keeps (a hostile learner's): they run last
    /// on the starters' copy, in this order, once nothing else needs that build. The second grades
    /// the same tree as it stands, from the products the first kept (and its code rewrote).
    static let lastSuites = ["KataBinaryTests/HostileLearnerAgainstTheKit", "KataBinaryTests/HostileLearnerAsItStands"]

    /// Suites of the runner's tests that mostly wait (out time limits, for the processes they start): they run in a
    /// test program of their own beside the other tests. The test library runs tests on one thread per core, and a
    /// waiting test holds its thread: on two cores, they made the other tests a third slower.
    static let waitingSuites = ["InterruptionTests", "TimeLimitTests"]

    /// The parts whose time verify reports, in the order it reports them.
    enum Part: String, CaseIterable, Sendable {
        case starters
        case solutions
        case quickMistakes = "quick mistakes"
        case runnerBuild = "runner's build"
        case gradingTests = "grading tests"
        case otherTests = "other tests"
    }

    struct Results: Sendable {
        var starters: [GradingRun.Outcome]
        var solutions: [GradingRun.Outcome]
        var verdicts: [String: KitCopy.Verdict]
        /// The build of the runner and its tests; nil when they were left out.
        var runnerBuild: CommandResult?
        var ownTests = StepChecker.TestRun()
        /// How many of the runner's tests ran on the starters' copy (none means the suites above were renamed);
        /// nil when the end-to-end suites were left out.
        var gradingTestCount: Int?
        /// How long each lane's parts took, in the order they are reported.
        var times: [(part: Part, time: Duration)] = []
    }

    /// Runs every lane; the first copy that cannot be made or written ends it with its one line.
    func run(progress: ProgressBoard) throws(CommandFailure) -> Results {
        let starterCopy = try KitCopy(
            of: kit.workspace, environment: environment, timeLimit: timeLimit, purpose: .starters)
        let solutionCopy = try KitCopy(
            of: kit.workspace, environment: environment, timeLimit: timeLimit, purpose: .solutions)
        let times = PartTimes()
        let mistakes = mistakes

        let runnerBuild: Background<CommandResult?> = Background { [kit, scope] in
            guard scope != .stepsOnly else { return nil }
            progress.set("runner", "building it and its tests")
            defer { progress.set("runner", "") }
            return times.measure(.runnerBuild) {
                SwiftPackage(
                    workspace: kit.workspace, source: .exercises, toolchain: toolchain,
                    scratchFolder: kit.workspace.runnerScratchFolder
                ).build(.runner(endToEnd: scope == .all))
            }
        }
        let starters = Background { [scope] () -> Result<[GradingRun.Outcome], CommandFailure> in
            Result { () throws(CommandFailure) in
                try times.measure(.starters) { () throws(CommandFailure) in
                    try Self.whileLocked(starterCopy, job: "starters", progress: progress) {
                        () throws(CommandFailure) in
                        try starterCopy.gradeStarters(asAGrade: scope == .all) { progress.set("starters", $0) }
                    }
                }
            }
        }
        let solutions = Background {
            () -> Result<([GradingRun.Outcome], [String: KitCopy.Verdict]), CommandFailure> in
            Result { () throws(CommandFailure) in
                try Self.whileLocked(solutionCopy, job: "solutions", progress: progress) { () throws(CommandFailure) in
                    let outcomes = try times.measure(.solutions) { () throws(CommandFailure) in
                        try solutionCopy.gradeSolutions { progress.set("solutions", $0) }
                    }
                    // None to grade (make test): no time reported for them either.
                    guard !mistakes.isEmpty else { return (outcomes, [:]) }
                    let verdicts = try times.measure(.quickMistakes) { () throws(CommandFailure) in
                        try solutionCopy.gradeMistakes(mistakes, solutions: outcomes) {
                            progress.set("solutions", "mistakes, " + $0)
                        }
                    }
                    return (outcomes, verdicts)
                }
            }
        }

        // Each half of the runner's tests starts as soon as its copy and the runner are ready.
        let grading = Self.pattern(Self.gradingSuites)
        let gradingTests = Background { [self] () -> StepChecker.TestRun? in
            guard scope == .all, case .success = starters.value, let build = runnerBuild.value, build.succeeded
            else { return nil }
            let hostile = Self.lastSuites.map { (Self.pattern([$0]), [String]()) }
            return ownTests(
                on: starterCopy, [[(grading, [])]] + hostile.map { [$0] }, part: .gradingTests, times, progress)
        }
        let otherTests = Background { [self] () -> StepChecker.TestRun? in
            guard case .success = solutions.value, let build = runnerBuild.value, build.succeeded else { return nil }
            let notHere = Self.pattern(
                scope == .all ? Self.gradingSuites + Self.lastSuites : [Self.endToEndSuite])
            let waiting = Self.pattern(Self.waitingSuites)
            return ownTests(
                on: solutionCopy, [[("^\(Self.runnerTestTarget)\\.", [notHere, waiting]), (waiting, [])]],
                part: .otherTests, times, progress)
        }

        // Every lane ends before anything is reported, a failed one included: none is left
        // building in a copy after kata has gone.
        let ownRuns = [gradingTests.value, otherTests.value]
        let build = runnerBuild.value
        let (starterOutcomes, (solutionOutcomes, verdicts)) = (try starters.value.get(), try solutions.value.get())
        var results = Results(
            starters: starterOutcomes, solutions: solutionOutcomes, verdicts: verdicts, runnerBuild: build)
        for run in ownRuns.compactMap({ $0 }) { results.ownTests.add(run) }
        results.gradingTestCount = scope == .all ? ownRuns[0]?.checks.count ?? 0 : nil
        results.times = times.inOrder
        return results
    }

    /// Part of the runner's own tests, run with `copy` as the kit copy they work in: one run of
    /// the test program per filter (and what it skips), in order, those of one group side by side.
    private func ownTests(
        on copy: KitCopy, _ runs: [[(filter: String, skipping: [String])]], part: Part, _ times: PartTimes,
        _ progress: ProgressBoard
    ) -> StepChecker.TestRun {
        progress.set(part.rawValue, "running")
        defer { progress.set(part.rawValue, "") }
        // The runner's tests run the real kata on a copy of the kit: minutes, not seconds.
        var checker = StepChecker(kit: kit, toolchain: toolchain, source: .exercises, timeLimit: .seconds(1200))
        checker.environment = ["KATA_SCRATCH_WORKSPACE": copy.folder.path]
        checker.scratchFolder = kit.workspace.runnerScratchFolder
        let ready = checker
        let selection = SwiftPackage.Selection.runner(endToEnd: scope == .all)
        return times.measure(part) {
            var all = StepChecker.TestRun()
            for group in runs {
                let sideBySide = group.map { run in
                    Background {
                        ready.runTests(
                            matching: run.filter, in: [Self.runnerTestTarget], skipping: run.skipping,
                            inParallel: true, learnerFolders: [], builtWith: selection)
                    }
                }
                for run in sideBySide { all.add(run.value) }
            }
            return all
        }
    }

    /// A test filter for the runner's suites named `KataBinaryTests/Name` (or the whole of `KataBinaryTests`).
    private static func pattern(_ suites: [String]) -> String {
        "^\(runnerTestTarget)\\.(" + suites.joined(separator: "|") + ")/"
    }

    /// The runner's own test target.
    static let runnerTestTarget = "KataCoreTests"

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

/// How long each part of a verify took, measured from whichever lane ran it.
final class PartTimes: Sendable {
    private let times = Locked<[KitVerification.Part: Duration]>([:])

    func measure<Value, Failure: Error>(
        _ part: KitVerification.Part, _ work: () throws(Failure) -> Value
    ) throws(Failure) -> Value {
        let started = ContinuousClock.now
        defer { times.withLock { $0[part] = started.duration(to: .now) } }
        return try work()
    }

    /// The parts measured, in the order verify reports them.
    var inOrder: [(part: KitVerification.Part, time: Duration)] {
        let times = times.withLock { $0 }
        return KitVerification.Part.allCases.compactMap { part in times[part].map { (part, $0) } }
    }
}
