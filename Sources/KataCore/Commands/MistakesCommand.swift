import Foundation

/// `kata mistakes`: for authors, the catalogue of plausible mistakes (Tests/Mistakes) run
/// against the checks. Each mistake is a patch of a reference solution; it is caught when a
/// check its file names fails. A mistake nothing catches, or that only another check
/// catches, is a check to write.
struct MistakesCommand: KataCommand {
    static let spec = CommandSpec(
        name: "mistakes",
        usage: ["kata mistakes [--fast] [--step N] [NAME...]"],
        summary: "Run the catalogue of plausible mistakes against the checks (for authors)",
        details: """
            Applies each mistake of Tests/Mistakes/ to a copy of the reference solutions (in a
            grading copy of this kit, never in your tree), grades its step, and prints the kill
            rate per step and every mistake that survives. A mistake counts as caught when one of
            the checks its Caught-by: line names fails; one that only stops compilation is counted
            apart. One mistake per step is graded at a time, all steps together.
            Exit status: 0 when every mistake is caught, 1 otherwise, 64 usage.
            """,
        options: [
            .init("--fast", help: "only the mistakes marked Fast: yes (what make test runs)"),
            .init("--step", value: "N", help: "only the mistakes of step N"),
            .init("--time-limit", value: "SECONDS", help: "time limit for each run of checks"),
        ],
        arguments: 0...1000
    )

    let fast: Bool
    let step: Step?
    let names: [String]
    let timeLimit: Duration?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        fast = arguments.has("--fast")
        step = try arguments.values["--step"].map { word throws(UsageError) in
            try StepArgument.parse(word, command: "mistakes")
        }
        names = arguments.words
        timeLimit = try arguments.values["--time-limit"].map { word throws(UsageError) in try TimeLimit.parse(word) }
    }

    /// What became of one mistake.
    enum Verdict: Equatable {
        case caught(by: [String])
        case caughtElsewhere(by: [String])
        case survived
        case doesNotCompile
        case notApplied(String)
        case notJudged(String)
    }

    func run(in context: Context) throws(CommandFailure) -> ExitStatus {
        let workspace = try context.workspace()
        try workspace.requireSolutions(for: "mistakes")
        let limit = try TimeLimit.resolve(timeLimit, environment: context.environment)
        var (mistakes, problems) = Mistake.catalogue(in: workspace)
        mistakes = mistakes.filter { mistake in
            (!fast || mistake.fast) && (step == nil || mistake.step == step?.number)
                && (names.isEmpty || names.contains { mistake.name.hasPrefix($0) })
        }
        guard !mistakes.isEmpty || !problems.isEmpty else {
            throw CommandFailure("kata mistakes: no mistake in \(Mistake.folder)/ matches.", status: .noInput)
        }
        var verdicts: [String: Verdict] = [:]
        for mistake in mistakes {
            let declared = Set(DeclaredCheck.all(of: StepCatalog.all[mistake.step - 1], in: workspace).map(\.key))
            if let unknown = mistake.caughtBy.first(where: { !declared.contains($0) }) {
                problems.append(
                    MistakeProblem(
                        name: mistake.name,
                        sentence: "Caught-by names \(unknown), which step \(mistake.step) does not have"))
            }
        }

        let kit = KitSource.folder(workspace.root)
        let folder = PristineCopy.folder(for: kit, environment: context.environment, purpose: "mistakes")
        try GradingFolder.check(folder, learner: workspace, kit: kit)
        let lock = try FolderLock.acquire(in: folder, waiting: { context.progress("Waiting for \(folder.path)…") })
        defer { lock.release() }
        let (kitFiles, _) = try PristineCopy.read(kit)
        let solved = Self.solvedExercises(kitFiles)
        let copy = Workspace(root: folder)

        // Each round grades at most one mistake per step, all steps together; the first round
        // grades the untouched solutions, so a check that fails anyway is not counted as a catch.
        let byStep = Dictionary(grouping: mistakes, by: \.step)
        let rounds = (byStep.values.map(\.count).max() ?? 0)
        var solutionFails: Set<Int> = []
        for round in -1..<rounds {
            var files = kitFiles.merging(solved) { _, exercise in exercise }
            var graded: [Step: Mistake] = [:]
            for (number, list) in byStep where round >= 0 && round < list.count {
                let mistake = list[round]
                guard let patched = Self.apply(mistake, to: kitFiles) else {
                    verdicts[mistake.name] = .notApplied("its diff no longer applies to the solution")
                    continue
                }
                files.merge(patched) { _, new in new }
                graded[StepCatalog.all[number - 1]] = mistake
            }
            let steps = round < 0 ? StepCatalog.all.filter { byStep[$0.number] != nil } : Array(graded.keys)
            guard !steps.isEmpty else { continue }
            do {
                try PristineCopy.sync(files, into: folder)
            } catch {
                throw CommandFailure(
                    "kata mistakes: could not write \(folder.path): \(error.localizedDescription)", status: .unavailable
                )
            }
            let label = round < 0 ? "the solutions" : "round \(round + 1) of \(rounds)"
            let outcomes = GradingRun(
                workspace: copy, source: .exercises, timeLimit: limit, steps: steps.sorted { $0.number < $1.number }
            )
            .run { context.progress("Mistakes, \(label): " + $0) }
            for outcome in outcomes {
                let report = outcome.report
                if round < 0 {
                    if report.status != .passed { solutionFails.insert(report.step) }
                    continue
                }
                guard let mistake = graded.first(where: { $0.key.number == report.step })?.value else { continue }
                verdicts[mistake.name] = Self.verdict(
                    of: report, for: mistake, solutionFails: solutionFails.contains(report.step))
            }
        }
        context.clearProgress()
        context.write(Self.report(mistakes: mistakes, verdicts: verdicts, problems: problems, style: context.style))
        let failed =
            !problems.isEmpty
            || verdicts.values.contains { verdict in
                switch verdict {
                case .caught, .doesNotCompile: false
                default: true
                }
            }
        return failed ? .failure : .success
    }

    /// The reference solutions as the learner's files: Solutions/NN-X/… at Exercises/NN-X/….
    static func solvedExercises(_ kitFiles: [String: Data]) -> [String: Data] {
        var files: [String: Data] = [:]
        for (path, data) in kitFiles where path.hasPrefix("Solutions/") {
            files["Exercises/" + path.dropFirst("Solutions/".count)] = data
        }
        return files
    }

    /// The mistake's files, patched, at their Exercises/ paths; nil when a hunk does not apply.
    static func apply(_ mistake: Mistake, to kitFiles: [String: Data]) -> [String: Data]? {
        var patched: [String: Data] = [:]
        for file in mistake.patch.files {
            guard let original = kitFiles[file.path],
                let text = UnifiedPatch.apply(file, to: String(decoding: original, as: UTF8.self))
            else { return nil }
            patched["Exercises/" + file.path.dropFirst("Solutions/".count)] = Data(text.utf8)
        }
        return patched
    }

    static func verdict(of report: StepReport, for mistake: Mistake, solutionFails: Bool) -> Verdict {
        if solutionFails { return .notJudged("the step's solution itself fails a check") }
        switch report.status {
        case .buildFailed: return .doesNotCompile
        case .couldNotRun: return .notJudged(report.problem ?? "its checks could not run")
        case .passed: return .survived
        case .failed:
            let failing = report.checks.filter { !$0.status.isPass }.map(\.key)
            let named = failing.filter { mistake.caughtBy.contains($0) }
            return named.isEmpty ? .caughtElsewhere(by: failing) : .caught(by: named)
        }
    }

    static func row(_ cells: [String]) -> String {
        zip(cells, [17, 10, 14, 14, 10]).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined()
    }

    static func report(mistakes: [Mistake], verdicts: [String: Verdict], problems: [MistakeProblem], style: Style)
        -> String
    {
        var lines = [style.bold("The catalogue of plausible mistakes"), ""]
        lines.append(style.bold(row(["Step", "Mistakes", "Caught", "Compile only", "Not caught"])))
        var survivors: [String] = []
        for step in StepCatalog.all {
            let own = mistakes.filter { $0.step == step.number }
            guard !own.isEmpty else { continue }
            var caught = 0
            var compileOnly = 0
            for mistake in own {
                switch verdicts[mistake.name] {
                case .caught: caught += 1
                case .doesNotCompile: compileOnly += 1
                case .caughtElsewhere(let keys):
                    survivors.append(
                        "\(mistake.name): \(mistake.description) — caught only by \(keys.joined(separator: ", ")), not by \(mistake.caughtBy.joined(separator: ", "))"
                    )
                case .survived:
                    survivors.append("\(mistake.name): \(mistake.description) — no check fails")
                case .notApplied(let why), .notJudged(let why):
                    survivors.append("\(mistake.name): \(mistake.description) — not judged: \(why)")
                case nil:
                    survivors.append("\(mistake.name): \(mistake.description) — not judged")
                }
            }
            let judged = own.count - compileOnly
            let rate = judged == 0 ? "—" : "\(100 * caught / judged)%"
            lines.append(
                row([
                    "\(step.number) \(step.name)", "\(own.count)", "\(caught) (\(rate))", "\(compileOnly)",
                    "\(own.count - caught - compileOnly)",
                ]))
        }
        if !survivors.isEmpty {
            lines += ["", style.fail("Not caught by the check they name:")] + survivors.map { "  - " + $0 }
        }
        if !problems.isEmpty {
            lines +=
                ["", style.fail("Catalogue files that cannot be used:")]
                + problems.map { "  - \($0.name): \($0.sentence)" }
        }
        let caught = verdicts.values.filter { if case .caught = $0 { true } else { false } }.count
        let compileOnly = verdicts.values.filter { $0 == .doesNotCompile }.count
        let failed = mistakes.count - caught - compileOnly + problems.count
        lines += ["", "\(caught) caught, \(compileOnly) compile only, \(failed) not caught"]
        return lines.joined(separator: "\n") + "\n"
    }
}
