/// What verify finds about one step from its starter's grade and its solution's: every
/// starter check red, every solution check green, the same checks on both, nothing that
/// needs review, a hint for every check, a guide that lists them.
struct StepAudit {
    let problems: [String]
    let passed: Int
    let row: [String]

    init(step: Step, starter: GradingRun.Outcome, solution: GradingRun.Outcome, in kit: Kit) {
        let workspace = kit.workspace
        var problems: [String] = []
        let starterChecks = starter.report.checks
        let solutionChecks = solution.report.checks
        // A check marked `Starter: passes` is behaviour the starter already has (a migration's):
        // it must pass on the starter; every other check must fail on it.
        let kept = Set(kit.course.checks(of: step).filter(\.annotations.starterPasses).map(\.key))
        let red = starterChecks.filter { kept.contains($0.key) ? $0.status.isPass : $0.status == .failed }
        problems += starterChecks.filter { check in !red.contains { $0.key == check.key } }.map {
            "step \(step.number) starter: “\($0.name)” is \($0.status.rawValue), "
                + (kept.contains($0.key) ? "but it is marked Starter: passes" : "not failed")
                + ($0.status == .notRun ? " (\(starter.report.problem ?? $0.failures.first?.message ?? ""))" : "")
        }
        let green = solutionChecks.filter { $0.status.isPass }
        problems += solutionChecks.filter { !$0.status.isPass }.map {
            "step \(step.number) solution: “\($0.name)” is \($0.status.rawValue): \($0.failures.first?.message ?? "")"
        }
        for (label, report) in [("starter", starter.report), ("solution", solution.report)] where report.checks.isEmpty
        {
            problems.append(
                "step \(step.number) \(label): it declares no check (\(report.problem ?? report.status.rawValue))")
        }
        if starterChecks.map(\.key).sorted() != solutionChecks.map(\.key).sorted() {
            problems.append("step \(step.number): its starter and its solution were graded on different checks")
        }
        for (label, outcome) in [("starter", starter), ("solution", solution)] {
            problems += outcome.review.map { "step \(step.number) \(label) needs review: \($0.sentence)" }
            problems += outcome.changedDuringRun.map { "step \(step.number) \(label): \($0.sentence)" }
        }
        let keys = Set(solutionChecks.map(\.key)).union(starterChecks.map(\.key))
        let hintProblems = HintAudit.problems(step: step, keys: keys, in: kit)
        problems += hintProblems
        let guideProblems =
            GuideAudit.problems(step: step, workspace: workspace)
            + SuiteAudit.problems(step: step, workspace: workspace)
        problems += guideProblems
        self.problems = problems
        let reviewed = starter.review.isEmpty && solution.review.isEmpty ? 1 : 0
        let guided = guideProblems.isEmpty ? 1 : 0
        passed = red.count + green.count + (keys.count - hintProblems.count) + reviewed + guided
        row = [
            "\(step.number) \(step.name)", "\(keys.count)", "\(red.count)/\(starterChecks.count)",
            "\(green.count)/\(solutionChecks.count)", "\(keys.count - hintProblems.count)/\(keys.count)",
            guideProblems.isEmpty ? "lists them" : "\(guideProblems.count) wrong",
        ]
    }
}
