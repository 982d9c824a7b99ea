import Foundation

/// `kata mistakes`: for authors, the catalogue of plausible mistakes (Tests/Mistakes) run against the checks. Each
/// mistake is a patch of a reference solution; it is caught when a check its file names fails. A mistake nothing
/// catches, or that only another check catches, is a check to write.
struct MistakesCommand: WorkspaceCommand {
    static let spec = CommandSpec(
        name: "mistakes",
        usage: [
            "kata mistakes [--fast] [--step N] [--time-limit SECONDS] [NAME...]",
            "kata mistakes --mechanical [--list] [--step N]",
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
            Exit status: 0 when every mistake is caught, 1 otherwise, 64 usage.
            """,
        options: [
            .init("--fast", help: "only the mistakes marked Fast: yes (what make test runs)"),
            .init("--mechanical", help: "mistakes made by rule from the solutions, not the catalogue"),
            .init("--list", help: "with --mechanical, list the mistakes it makes without grading them"),
            .init("--step", value: "N", help: "only the mistakes of step N"),
            .init("--time-limit", value: "SECONDS", help: "how long one check may run (default 10)"),
        ],
        arguments: 0...1000
    )

    let fast: Bool
    let mechanical: Bool
    let listOnly: Bool
    let step: Step?
    let names: [String]
    let timeLimit: Duration?

    init(_ arguments: ParsedArguments, in kit: Kit) throws(UsageError) {
        fast = arguments.has("--fast")
        mechanical = arguments.has("--mechanical")
        listOnly = arguments.has("--list")
        step = try arguments.values["--step"].map { word throws(UsageError) in
            try StepArgument.parse(word, command: "mistakes", in: kit)
        }
        names = arguments.words
        timeLimit = try arguments.values["--time-limit"].map { word throws(UsageError) in try TimeLimit.parse(word) }
    }

    func run(in context: Context, on kit: Kit) throws(CommandFailure) -> ExitStatus {
        let workspace = kit.workspace
        try workspace.requireSolutions(for: "mistakes")
        let limit = try TimeLimit.resolve(timeLimit, environment: context.environment)
        if mechanical { return try runMechanical(in: context, on: kit, timeLimit: limit) }
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
        let verdicts = try copy.gradeMistakes(mistakes, solutions: solutions) { context.progress("Mistakes, " + $0) }
        context.clearProgress()
        let report = CatalogueReport(mistakes: mistakes, verdicts: verdicts, problems: problems, steps: kit.steps)
        context.write(report.text(style: context.style))
        return report.allCaught ? .success : .failure
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
