import Foundation

/// Grades steps the way a grade can be trusted: every step is built, each into a test
/// product of its own, before any learner code runs; then each step's checks run in a
/// process that holds only that step's learner module; every check the step declares is
/// counted, whatever happened; and what the run cannot prevent, it notices.
struct GradingRun: Sendable {
    let kit: Kit
    let toolchain: Toolchain
    var source: Source = .exercises
    let timeLimit: Duration
    /// The kit folder a pristine copy was read from: learner code that writes to it changes what
    /// later grades read, so each run is watched for that too.
    var kitFolder: URL? = nil
    /// Whether to grade only where learner code can run isolated (a grade of record: a class, a platform's
    /// autograder); otherwise a grade that cannot isolate says so.
    var requireIsolation = false
    /// How long the whole grade may take (a platform's limit, less a margin); nil for no limit but each check's.
    var budget: Duration? = nil

    /// What a grade found, step by step, and how its learner code ran.
    struct Graded: Sendable {
        var outcomes: [Outcome]
        var isolation: Isolation
    }

    private var workspace: Workspace { kit.workspace }
    private var steps: [Step] { kit.steps }

    /// One step, graded.
    struct Outcome: Sendable {
        /// Every declared check, with its result (or why it has none).
        var report: StepReport
        /// The checks its test files declare: what the step is graded out of.
        var declared: [DeclaredCheck]
        /// What an instructor should look at: APIs a scene never needs, a run that does not add up.
        var review: [ReviewFinding] = []
        /// Files that changed while this step's learner code ran.
        var changedDuringRun: [TamperFinding] = []
        /// Whether its product was reused from an earlier grade of the same files.
        var reusedProduct = false
    }

    func run(progress: (String) -> Void = { _ in }) -> Graded {
        let deadline = budget.map { GradeBudget($0) }
        let binaries = StepBinaries(workspace: workspace, source: source, toolchain: toolchain)
        var outcomes = steps.map { step in
            Outcome(
                report: StepReport(step: step, source: source, status: .couldNotRun),
                declared: kit.course.checks(of: step))
        }

        // Where SwiftPM puts what it builds, asked now, before any learner code runs: nothing a run writes can
        // point a later run elsewhere.
        let package = binaries.package
        let products: BuildProducts
        var checker = StepChecker(kit: kit, toolchain: toolchain, source: source, timeLimit: timeLimit)
        let isolation: Isolation
        switch steps.first.map({ package.facts(for: .step($0), fresh: true) }) {
        case .success(let facts):
            products = BuildProducts(folder: URL(fileURLWithPath: facts.productsFolder))
            checker.knownFacts = facts
            isolation = Self.isolation(for: toolchain, facts: facts)
        case .failure(let failure):
            return Graded(
                outcomes: notRun(outcomes, "The checks could not be started: \(failure.sentence)."),
                isolation: .none(reason: failure.sentence))
        case nil:
            return Graded(outcomes: outcomes, isolation: .none(reason: "there is no step"))
        }
        if requireIsolation, case .none(let reason) = isolation {
            return Graded(
                outcomes: notRun(
                    outcomes,
                    "Learner code cannot run isolated on this machine (\(reason)), and this grade needs it; "
                        + "--allow-unisolated grades anyway and says so."),
                isolation: isolation)
        }
        checker.isolation = isolation.runner
        checker.deadline = deadline
        if case .separateUser(let user) = isolation {
            // That user reads what every user may: the copy, and the kit it was made from, are closed to it.
            user.protect([workspace.root] + (kitFolder.map { [$0] } ?? []))
        }

        // Kept products are trusted only while they are as kata recorded them (see ProductLedger).
        var ledger = ProductLedger.load(in: binaries.cacheFolder)
        ledger.removeUnrecorded()

        // 1. Build everything before anything runs: learner code that runs cannot change what is built.
        // Each step's code is reviewed from the compiler's AST of its build, kept beside its product.
        var built: [Int: (url: URL, contents: [String: Data])] = [:]
        for (index, step) in steps.enumerated() {
            // A step folder that is a file or is missing would make SwiftPM itself fail.
            if let problem = StepFolder.problem(workspace.folder(of: step, in: source)) {
                outcomes[index].report = StepReport(
                    step: step, source: source, status: .buildFailed,
                    problem: "\(source.folderName)/\(step.folder) \(problem), so the step cannot be built.")
                continue
            }
            if let deadline, deadline.remaining <= .zero {
                outcomes[index].report = StepReport(
                    step: step, source: source, status: .failed, problem: deadline.spent)
                continue
            }
            let inputs = binaries.inputDigest(of: step)
            let kept = binaries.keptProduct(of: step, digest: inputs)
            let keptFiles = [kept, StepBinaries.reviewFile(of: kept)]
            if FileTree.kind(at: kept) != nil, ledger.holds(keptFiles), let review = binaries.keptReview(of: kept) {
                built[index] = (kept, StepBinaries.contents(of: kept))
                outcomes[index].reusedProduct = true
                outcomes[index].review = review
                continue
            }
            // Kept but not as recorded (or never recorded): not trusted, built again.
            for file in keptFiles { try? FileManager.default.removeItem(at: file) }
            ledger.forget(keptFiles)
            progress("Building step \(step.number) (\(step.name))…")
            let (build, product) = binaries.build(step, digest: inputs, in: products, timeLimit: deadline?.remaining)
            if build.ending == .timedOut, let deadline {
                // The budget went on building (a learner's file can take the type checker hours): the grade is
                // still written in time, and this step says why it has no result.
                outcomes[index].report = StepReport(
                    step: step, source: source, status: .failed, problem: deadline.spent)
                continue
            }
            if let product {
                built[index] = (product, StepBinaries.contents(of: product))
                progress("Reviewing step \(step.number)'s code…")
                let review = Self.review(
                    step, in: workspace, scratchFolder: package.scratchFolder, source: source,
                    timeLimit: deadline?.remaining)
                outcomes[index].review = review
                binaries.keep(review, of: product)
                ledger.record([product, StepBinaries.reviewFile(of: product)])
            } else if build.succeeded {
                outcomes[index].report.problem = "Its checks were built but could not be kept in the build folder."
            } else {
                outcomes[index].report = BuildFailure.report(
                    for: step, source: source, build: build, workspace: workspace)
            }
        }

        // 2. Run each step's own product, watching what its learner code does.
        var buildFolderTouched = false
        // The build folder and the workspace as each run finds them: as the last run left them,
        // so that nothing between two runs goes unseen.
        let leftOut = BuildFolderWatch(installed: products.installedNames(of: steps.map(\.testTarget)))
        var buildWatch = FolderWatch {
            FolderStamps(of: package.scratchFolder, leavingOut: leftOut.isLeftOut)
        }
        var kitWatch = kitFolder.map { root in
            FolderWatch {
                FolderStamps(of: root, includingFolders: true) {
                    !PristineCopy.kitRoots.contains(String($0.prefix { $0 != "/" }))
                }
            }
        }
        // A pristine copy's answer key (the scene with its mistakes built in) leaves the copy while learner code runs.
        checker.mistakesBuiltIn = Set(
            steps.filter { SuiteMistake.builtInCopy(of: $0, in: workspace) != nil }.map(\.number))
        let answerKey = AnswerKeyAside.move(
            kitFolder == nil
                ? []
                : steps.compactMap { step in
                    SuiteMistake.builtInCopy(of: step, in: workspace).map { "Tests/\(step.testTarget)/\($0)" }
                }, outOf: workspace.root)
        defer { answerKey.restore() }
        var filesBefore = TamperScan.snapshot(of: workspace)
        _ = (buildWatch.changes(), kitWatch?.changes())
        for (index, step) in steps.enumerated() {
            guard let product = built[index] else { continue }
            progress("Running the checks of step \(step.number) (\(step.name))…")
            guard StepBinaries.contents(of: product.url) == product.contents,
                (try? binaries.install(product.url, in: products)) != nil
            else {
                outcomes[index].review.append(
                    anomaly("its built checks changed after they were built and before they ran", step: step))
                // Only learner code ran in between: this learner's, which therefore scores nothing here.
                outcomes[index].report.problem = "Its built checks changed before they could run."
                outcomes[index].report.status = .failed
                continue
            }
            let run = checker.run(step, builtWith: .step(step), witnessed: true)
            outcomes[index].review += run.anomalies.map { anomaly($0, step: step) }
            let rewritten = buildWatch.changes()
            if !rewritten.isEmpty {
                outcomes[index].review.append(
                    anomaly(
                        "its run changed the build folder (\(rewritten.prefix(3).joined(separator: ", "))"
                            + (rewritten.count > 3 ? " and \(rewritten.count - 3) more" : "")
                            + "); it is removed after this grade, so no later build uses it", step: step))
                buildFolderTouched = true
            }
            if let kitFolder, let changed = kitWatch?.changes(), !changed.isEmpty {
                outcomes[index].review.append(
                    anomaly(
                        "its run changed the kit this grade was copied from (\(kitFolder.path): "
                            + "\(changed.prefix(3).joined(separator: ", "))); later grades against it read that",
                        step: step))
            }
            if StepBinaries.installedContents(of: product.url, in: products) != product.contents {
                outcomes[index].review.append(anomaly("its built checks were rewritten while they ran", step: step))
            }
            // What this run changed among the files kept for later grades goes, and is named here.
            for name in ledger.removeChanged() {
                outcomes[index].review.append(
                    anomaly("its run changed \(name), kept for later grades; it was removed", step: step))
            }
            let filesAfter = TamperScan.snapshot(of: workspace)
            outcomes[index].changedDuringRun = TamperScan.changes(from: filesBefore, to: filesAfter, in: kit.course)
            filesBefore = filesAfter
            if let notStarted = run.notStarted {
                outcomes[index].report.problem = "The checks could not be started: \(notStarted)."
            } else {
                outcomes[index].report.checks = run.checks
                outcomes[index].report.status = .failed
                // The checks the grade's time did not reach say why.
                if run.budgetSpent { outcomes[index].report.problem = run.stoppedBy }
            }
        }

        // A build folder a run wrote to is not built on again: gone, with what it kept, once no
        // learner code is left to run (kata ends what its runs leave behind).
        if buildFolderTouched {
            try? FileManager.default.removeItem(at: package.scratchFolder)
        }

        // 3. Every declared check counts, in the order the lessons teach them.
        for index in outcomes.indices {
            outcomes[index].report = Self.complete(
                outcomes[index].report, declared: outcomes[index].declared, in: kit.course)
        }
        return Graded(outcomes: outcomes, isolation: isolation)
    }

    /// Every step left unrun, for `reason`, with each declared check counted.
    private func notRun(_ outcomes: [Outcome], _ reason: String) -> [Outcome] {
        outcomes.map { outcome in
            var outcome = outcome
            outcome.report.problem = reason
            outcome.report = Self.complete(outcome.report, declared: outcome.declared, in: kit.course)
            return outcome
        }
    }

    /// How this machine lets learner code run apart: only the direct driver's test programs can be isolated
    /// (`swift test` needs the whole toolchain and package).
    static func isolation(for toolchain: Toolchain, facts: ToolchainFacts) -> Isolation {
        guard toolchain.driver == .direct else {
            return .none(reason: "checks run through swift test (KATA_TEST_DRIVER), which cannot be isolated")
        }
        return Isolation.probe(
            runtimeLibraries: facts.runtimeLibraries, environment: ["PATH": toolchain.searchPath.joined(separator: ":")]
        )
    }

    /// Outcomes for reports made another way (one build of every step), completed with every
    /// declared check, and reviewed as a grade's are when `reviewFrom` names the build's folder.
    static func outcomes(of reports: [StepReport], in kit: Kit, reviewFrom scratchFolder: URL? = nil) -> [Outcome] {
        reports.map { report in
            let declared = kit.course.checks(of: report.step)
            var outcome = Outcome(report: complete(report, declared: declared, in: kit.course), declared: declared)
            // A step that did not build has no code to review.
            if let scratchFolder, report.status != .buildFailed {
                outcome.review = review(
                    report.step, in: kit.workspace, scratchFolder: scratchFolder, source: report.source)
            }
            return outcome
        }
    }

    /// The review of a step's code as the last build in `scratchFolder` compiled it; when the
    /// compiler's AST cannot be had, a finding that says so, so that a person looks.
    static func review(
        _ step: Step, in workspace: Workspace, scratchFolder: URL, source: Source, timeLimit: Duration? = nil
    ) -> [ReviewFinding] {
        do {
            return try LearnerCodeReview.review(step, in: workspace, scratchFolder: scratchFolder, timeLimit: timeLimit)
        } catch {
            return [LearnerCodeReview.unavailable(error, step: step, source: source)]
        }
    }

    private func anomaly(_ sentence: String, step: Step) -> ReviewFinding {
        ReviewFinding(file: "Tests/\(step.testTarget)", line: 0, api: "the test run", reason: sentence)
    }

    /// The report with exactly the declared checks: results for those that ran, and for the
    /// others a result that says why they have none. Checks the step does not declare are
    /// dropped (the witness has named them).
    static func complete(_ report: StepReport, declared: [DeclaredCheck], in course: Course) -> StepReport {
        var completed = report
        let ran = Dictionary(report.checks.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let target = report.step.testTarget
        let reason: String =
            switch report.status {
            case .buildFailed: "Step \(report.step.number) does not build, so this check could not run."
            case .couldNotRun: report.problem ?? "The checks of this step could not run."
            case .failed, .passed: report.problem ?? "This check did not run."
            }
        completed.checks = declared.map { check in
            ran[check.key]
                ?? CheckResult(
                    target: target, key: check.key, name: check.name, status: .notRun,
                    failures: [CheckResult.Failure(message: reason)], file: check.file, line: check.line)
        }
        completed.checks.sort(by: CheckOrder(of: completed.checks, in: course).precedes)
        if completed.status == .failed || completed.status == .passed {
            let allPass = !completed.checks.isEmpty && completed.checks.allSatisfy(\.status.isPass)
            completed.status = allPass ? .passed : .failed
        }
        return completed
    }
}
