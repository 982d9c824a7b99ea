import Foundation

/// `kata review N`: what a grade's review finds in step N's code, read from the compiler's AST.
struct ReviewCommand: WorkspaceCommand {
    static let spec = CommandSpec(
        name: "review",
        usage: ["kata review <step> [--solutions]"],
        summary: "Show what a grade's review finds in a step's code (for instructors and authors)",
        details: """
            Builds step N alone, has the compiler type-check its files (the toolchain's AST dump),
            and lists every declaration the code refers to that a VIP scene never needs, and every
            declaration it makes that would change what the checks mean, each with its file and line.
            A grade marks a step with any of them "needs review". --solutions reviews the reference
            solution, which must have none.
            Exit status: 0 when nothing is found, 1 when something is, 64 usage, 69 when the step
            could not be built or type-checked.
            """,
        options: [.init("--solutions", help: "review the reference solution instead of your exercise")],
        arguments: 1...1
    )

    let step: Step
    let source: Source

    init(_ arguments: ParsedArguments, in kit: Kit) throws(UsageError) {
        step = try StepArgument.parse(arguments.words[0], command: "review", in: kit)
        source = arguments.has("--solutions") ? .solutions : .exercises
    }

    func run(in context: Context, on kit: Kit) throws(CommandFailure) -> ExitStatus {
        let workspace = kit.workspace
        if source == .solutions { try workspace.requireSolutions(for: "review --solutions") }
        let package = SwiftPackage(workspace: workspace, source: source, toolchain: context.toolchain)
        context.progress("Building step \(step.number)…")
        let build = package.build(.step(step))
        context.clearProgress()
        guard build.succeeded else {
            throw CommandFailure(
                "kata review: step \(step.number) does not build; kata check \(step.number) shows why.",
                status: .unavailable)
        }
        let findings: [ReviewFinding]
        do {
            findings = try LearnerCodeReview.review(step, in: workspace, scratchFolder: package.scratchFolder)
        } catch {
            throw CommandFailure("kata review: \(error.reason)", status: .unavailable)
        }
        if findings.isEmpty {
            context.write("Step \(step.number): the review finds nothing to look at.\n")
            return .success
        }
        context.write(
            findings.map { "  " + $0.sentence + "\n" }.joined() + "Step \(step.number): \(findings.count) to review.\n")
        return .failure
    }
}
