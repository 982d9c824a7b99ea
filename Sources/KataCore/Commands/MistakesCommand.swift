import Foundation

/// `kata mistakes`: for authors, the catalogue of plausible mistakes (Tests/Mistakes) run against the checks. Each
/// mistake is a patch of a reference solution; it is caught when a check its file names fails. A mistake nothing
/// catches, or that only another check catches, is a check to write.
struct MistakesCommand: WorkspaceCommand {
    static let spec = CommandSpec(
        name: "mistakes",
        usage: [
            "kata mistakes [--fast] [--step N] [--time-limit SECONDS] [--keep-reports FOLDER] [NAME...]",
            "kata mistakes --mechanical [--list] [--step N]",
            "kata mistakes --diagnosis [--recorded | --from-reports FOLDER] [--step N]",
        ],
        summary: "Run the catalogue of plausible mistakes against the checks (for authors)",
        details: """
            Applies each mistake of Tests/Mistakes/ to a copy of the reference solutions (in a
            grading copy of this kit, never in your tree), grades its step, and prints the kill
            rate per step and every mistake that survives. A mistake counts as caught when one of
            the checks its Caught-by: line names fails; one that only stops compilation is counted
            apart. One mistake per step is graded at a time, all steps together.
            With --mechanical, the mistakes are made by rule instead, from the compiler's AST of each
            solution (a condition negated, a call deleted, a literal or a boundary moved by one, two
            arguments of one type swapped, an early return, a collection emptied), and any failing
            check catches them; Tests/Mistakes/equivalent-mutants.json lists, with a reason, those
            that change no behaviour. It passes when every step catches 95% of the others.
            With --diagnosis, the mistakes of steps 1 to 8 are graded, what their checks said is
            recorded in Tests/Diagnosis/misconceptions.json with the misconception each shows
            (their Misconception: lines, worded in Tests/Mistakes/misconceptions.txt), and each
            mistake is then diagnosed from the others alone; it passes when the misconception
            named is the right one for 80% of them and right 95% of the times one is named.
            --recorded measures the recorded file without grading; --from-reports builds it from
            the reports an earlier --keep-reports kept.
            Exit status: 0 when every mistake is caught, 1 otherwise, 64 usage.
            """,
        options: [
            .init("--fast", help: "only the mistakes marked Fast: yes (what make test runs)"),
            .init("--mechanical", help: "mistakes made by rule from the solutions, not the catalogue"),
            .init("--list", help: "with --mechanical, list the mistakes it makes without grading them"),
            .init("--step", value: "N", help: "only the mistakes of step N"),
            .init("--time-limit", value: "SECONDS", help: "how long one check may run (default 10)"),
            .init("--keep-reports", value: "FOLDER", help: "write each mistake's step report there, as JSON"),
            .init("--diagnosis", help: "record the misconceptions' failures and measure their diagnosis"),
            .init("--recorded", help: "with --diagnosis, measure the recorded file without grading"),
            .init("--from-reports", value: "FOLDER", help: "with --diagnosis, record from reports kept earlier"),
        ],
        arguments: 0...1000
    )

    let fast: Bool
    let mechanical: Bool
    let listOnly: Bool
    let step: Step?
    let names: [String]
    let timeLimit: Duration?
    let reportsFolder: String?
    let diagnosis: DiagnosisSource?

    /// Where `--diagnosis` takes the mistakes' failures from.
    enum DiagnosisSource {
        case grading
        case recorded
        case reports(String)
    }

    init(_ arguments: ParsedArguments, in kit: Kit) throws(UsageError) {
        fast = arguments.has("--fast")
        mechanical = arguments.has("--mechanical")
        listOnly = arguments.has("--list")
        step = try arguments.values["--step"].map { word throws(UsageError) in
            try StepArgument.parse(word, command: "mistakes", in: kit)
        }
        names = arguments.words
        reportsFolder = arguments.values["--keep-reports"]
        if arguments.has("--diagnosis") {
            diagnosis =
                arguments.has("--recorded")
                ? .recorded : arguments.values["--from-reports"].map(DiagnosisSource.reports) ?? .grading
        } else {
            diagnosis = nil
        }
        timeLimit = try arguments.values["--time-limit"].map { word throws(UsageError) in try TimeLimit.parse(word) }
    }

    func run(in context: Context, on kit: Kit) throws(CommandFailure) -> ExitStatus {
        let workspace = kit.workspace
        try workspace.requireSolutions(for: "mistakes")
        let limit = try TimeLimit.resolve(timeLimit, environment: context.environment)
        if mechanical { return try runMechanical(in: context, on: kit, timeLimit: limit) }
        if let diagnosis { return try runDiagnosis(from: diagnosis, in: context, on: kit, timeLimit: limit) }
        var (mistakes, problems) = Mistake.catalogue(in: kit)
        mistakes = mistakes.filter { mistake in
            (!fast || mistake.fast) && (step == nil || mistake.step == step?.number)
                && (names.isEmpty || names.contains { mistake.name.hasPrefix($0) })
        }
        guard !mistakes.isEmpty || !problems.isEmpty else {
            throw CommandFailure("kata mistakes: no mistake in \(Mistake.folder)/ matches.", status: .noInput)
        }
        problems += Mistake.unknownChecks(in: mistakes, course: kit.course)

        let copy = try KitCopy(of: workspace, environment: context.environment, timeLimit: limit)
        let lock = try FolderLock.acquire(in: copy.folder) { context.progress("Waiting for \(copy.folder.path)…") }
        defer { lock.release() }
        // The untouched solutions first, so a check that fails anyway is never counted as a catch.
        let steps = kit.steps.filter { step in mistakes.contains { $0.step == step.number } }
        let solutions = try copy.gradeSolutions(steps: steps) { context.progress("Mistakes, the solutions: " + $0) }
        let keep = try reportsFolder.map { path throws(CommandFailure) in try ReportKeeper(folder: path, in: context) }
        let verdicts = try copy.gradeMistakes(mistakes, solutions: solutions, keep: keep?.keep) {
            context.progress("Mistakes, " + $0)
        }
        context.clearProgress()
        let report = CatalogueReport(mistakes: mistakes, verdicts: verdicts, problems: problems, steps: kit.steps)
        context.write(report.text(style: context.style))
        return report.allCaught ? .success : .failure
    }

    /// `--diagnosis`: the misconceptions recorded from the mistakes' failures, and measured.
    private func runDiagnosis(
        from source: DiagnosisSource, in context: Context, on kit: Kit, timeLimit: Duration
    ) throws(CommandFailure) -> ExitStatus {
        let workspace = kit.workspace
        let (all, unreadable) = Mistake.catalogue(in: kit)
        let catalogue: MisconceptionCatalogue
        if case .recorded = source {
            guard let recorded = MisconceptionCatalogue.load(from: workspace) else {
                throw CommandFailure(
                    "kata mistakes: \(MisconceptionCatalogue.path) is missing or unreadable; run kata mistakes --diagnosis",
                    status: .noInput)
            }
            catalogue = recorded
        } else {
            let text = String(decoding: workspace.bytes(of: MisconceptionCatalogue.sentencesPath), as: UTF8.self)
            let misconceptions: [MisconceptionCatalogue.Misconception]
            switch MisconceptionCatalogue.sentences(from: text) {
            case .success(let found): misconceptions = found
            case .failure(let problem): throw CommandFailure("kata mistakes: " + problem.sentence, status: .noInput)
            }
            let mistakes = all.filter { mistake in
                !mistake.passes && mistake.misconception != nil && (step == nil || mistake.step == step?.number)
            }
            let problems =
                unreadable.map { "\($0.name): \($0.sentence)" }
                + DiagnosisRecording.problems(mistakes: all, misconceptions: misconceptions, course: kit.course)
            for problem in problems { context.write("Problem: \(problem)\n") }
            let reports = try diagnosisReports(of: mistakes, from: source, in: context, on: kit, timeLimit: timeLimit)
            var recorded = DiagnosisRecording.catalogue(
                mistakes: mistakes, misconceptions: misconceptions, reports: reports)
            if let step, let earlier = MisconceptionCatalogue.load(from: workspace) {
                // One step recorded again: the other steps' mistakes stay as they were recorded.
                recorded = recorded.keeping(earlier, except: step.number, misconceptions: misconceptions)
            }
            // Placed from every mistake, so that a step recorded again leaves the others' places as they are.
            catalogue = DiagnosisRecording.placed(recorded, mistakes: all)
            let path = workspace.root.appendingPathComponent(MisconceptionCatalogue.path)
            do {
                try FileManager.default.createDirectory(
                    at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
                try catalogue.encoded().write(to: path, options: .atomic)
            } catch {
                throw CommandFailure(
                    "kata mistakes: could not write \(path.path): \(error.localizedDescription)", status: .unavailable)
            }
            context.write(
                "Recorded the failures of \(catalogue.examples.count) mistakes, showing "
                    + "\(catalogue.misconceptions.count) misconceptions, in \(MisconceptionCatalogue.path).\n\n")
        }
        // Each mistake's change, so that none is named from a copy of itself.
        let sameChange = Dictionary(all.map { ($0.name, $0.change) }, uniquingKeysWith: { first, _ in first })
        let measure = DiagnosisMeasure(catalogue: catalogue, sameChange: sameChange)
        let report = DiagnosisReport(measure: measure, steps: kit.steps)
        context.write(report.text(style: context.style))
        return report.meetsGoal ? .success : .failure
    }

    /// Each mistake's step report: graded now, or read from a folder `--keep-reports` filled.
    private func diagnosisReports(
        of mistakes: [Mistake], from source: DiagnosisSource, in context: Context, on kit: Kit, timeLimit: Duration
    ) throws(CommandFailure) -> [String: StepReport] {
        if case .reports(let path) = source {
            let folder = URL(fileURLWithPath: path, relativeTo: context.currentDirectory)
            var reports: [String: StepReport] = [:]
            let decoder = JSONDecoder()
            decoder.userInfo[Step.courseKey] = kit.course
            for mistake in mistakes {
                let file = folder.appendingPathComponent(mistake.name.replacingOccurrences(of: ".patch", with: ".json"))
                if let data = try? Data(contentsOf: file), let report = try? decoder.decode(StepReport.self, from: data)
                {
                    reports[mistake.name] = report
                }
            }
            return reports
        }
        let copy = try KitCopy(of: kit.workspace, environment: context.environment, timeLimit: timeLimit)
        let lock = try FolderLock.acquire(in: copy.folder) { context.progress("Waiting for \(copy.folder.path)…") }
        defer { lock.release() }
        let steps = kit.steps.filter { step in mistakes.contains { $0.step == step.number } }
        let solutions = try copy.gradeSolutions(steps: steps) { context.progress("Diagnosis, the solutions: " + $0) }
        let reports = Locked<[String: StepReport]>([:])
        let keep: (Mistake, StepReport) -> Void = { mistake, report in reports.withLock { $0[mistake.name] = report } }
        _ = try copy.gradeMistakes(mistakes, solutions: solutions, keep: keep) { context.progress("Diagnosis, " + $0) }
        context.clearProgress()
        return reports.withLock { $0 }
    }

    /// `--mechanical`: mistakes made by rule from the reference solutions, graded as the catalogue's are.
    private func runMechanical(in context: Context, on kit: Kit, timeLimit: Duration) throws(CommandFailure)
        -> ExitStatus
    {
        let (workspace, steps) = (kit.workspace, step.map { [$0] } ?? kit.steps)
        let equivalents = try Mutant.equivalents(in: workspace)
        let copy = try KitCopy(of: workspace, environment: context.environment, timeLimit: timeLimit)
        let lock = try FolderLock.acquire(in: copy.folder) { context.progress("Waiting for \(copy.folder.path)…") }
        defer { lock.release() }
        let solutions = try copy.gradeSolutions(steps: steps) { context.progress("Mechanical, the solutions: " + $0) }
        var mutants: [Mutant] = []
        var unavailable: [String] = []
        for step in steps {
            context.progress("Mechanical, step \(step.number): reading the compiler's AST…")
            switch Mutant.all(of: step, in: copy) {
            case .success(let found): mutants += found
            case .failure(let problem): unavailable.append("step \(step.number): \(problem.reason)")
            }
        }
        if listOnly {
            context.clearProgress()
            context.write(
                mutants.map { "\($0.id): \($0.change)\n" }.joined() + unavailable.map { "No AST: \($0)\n" }.joined())
            return unavailable.isEmpty ? .success : .failure
        }
        let verdicts = try copy.gradeMutants(mutants, solutions: solutions) { context.progress("Mechanical, " + $0) }
        context.clearProgress()
        let report = MechanicalReport(
            steps: steps, mutants: mutants, verdicts: verdicts, equivalents: equivalents, unavailable: unavailable)
        context.write(report.text(style: context.style))
        return report.passes ? .success : .failure
    }
}

/// `--keep-reports`: each mistake's step report, as JSON, in a folder of the author's choosing.
private struct ReportKeeper {
    let folder: URL

    init(folder path: String, in context: Context) throws(CommandFailure) {
        folder = URL(fileURLWithPath: path, relativeTo: context.currentDirectory).standardizedFileURL
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure(
                "kata mistakes: cannot make \(path): \(error.localizedDescription)", status: .unavailable)
        }
    }

    func keep(_ mistake: Mistake, _ report: StepReport) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let name = mistake.name.replacingOccurrences(of: ".patch", with: ".json")
        try? encoder.encode(report).write(to: folder.appendingPathComponent(name))
    }
}
