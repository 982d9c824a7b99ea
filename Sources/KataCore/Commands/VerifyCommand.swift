import Foundation

/// `kata verify`: proves the kit keeps its promises. Every starter compiles and fails every check of its step; every
/// solution passes them all; every check has hints and every step a guide that lists its checks; the layout is
/// complete; the runner's own tests pass.
struct VerifyCommand: WorkspaceCommand {
    static let spec = CommandSpec(
        name: "verify",
        usage: ["kata verify [--steps-only | --all] [--time-limit SECONDS]"],
        summary: "Check the kit itself: starters red, solutions green, hints, guides, layout",
        details: """
            For authors and the kit's CI (make test runs it). Builds the Exercises and the
            Solutions of every step, runs all checks on both, runs the runner's own tests but
            their end-to-end suites, and ends with the line `N passed, N failed`. --all adds
            minutes: the starters graded step by step as a learner's work is, the quick mistakes
            of the catalogue, and the end-to-end suites (real kata runs on copies of the kit);
            make test-all and the kit's CI run it. Exit status 0 only when nothing failed.
            """,
        options: [
            .init("--steps-only", help: "leave out the runner's own tests (quicker, while editing lessons)"),
            .init("--all", help: "grade as a class is graded, the quick mistakes, the end-to-end suites too"),
            .init("--time-limit", value: "SECONDS", help: "how long one check may run (default 10)"),
        ]
    )

    let timeLimit: Duration?
    let scope: KitVerification.Scope

    init(_ arguments: ParsedArguments, in kit: Kit) throws(UsageError) {
        timeLimit = try arguments.values["--time-limit"].map { word throws(UsageError) in try TimeLimit.parse(word) }
        switch (arguments.has("--steps-only"), arguments.has("--all")) {
        case (true, true): throw UsageError("kata verify: choose --steps-only or --all, not both.")
        case (true, false): scope = .stepsOnly
        case (false, true): scope = .all
        case (false, false): scope = .quick
        }
    }

    func run(in context: Context, on kit: Kit) throws(CommandFailure) -> ExitStatus {
        guard kit.workspace.hasSolutions else {
            throw CommandFailure(
                "kata verify checks the whole kit, reference solutions included, and this workspace has no "
                    + "Solutions/ (it is a class's copy). To check your work: kata check --all.", status: .noInput)
        }
        let limit = try TimeLimit.resolve(timeLimit, environment: context.environment)
        context.write(context.style.bold("Verifying the kit") + "\n\n")
        var verdict = KitVerdict(auditing: kit, quickMistakes: scope == .all)
        // The starters graded as a learner's work is, the solutions and the quick mistakes as
        // trusted code, and the runner's own tests: side by side, in two copies of the kit.
        let verification = KitVerification(
            kit: kit, environment: context.environment, timeLimit: limit, mistakes: verdict.mistakes,
            scope: scope)
        let board = ProgressBoard()
        let running = Background { Result { () throws(CommandFailure) in try verification.run(progress: board) } }
        while !running.isFinished {
            // One line, never wrapped: a wrapped line could not be redrawn in place.
            context.progress(String(board.line.prefix(max(20, context.terminal.width - 1))))
            Thread.sleep(forTimeInterval: 0.25)
        }
        context.clearProgress()
        verdict.record(try running.value.get(), in: kit)
        context.write(VerifyReport(verdict: verdict, kit: kit, scope: scope, style: context.style).text)
        return verdict.passes ? .success : .failure
    }
}
