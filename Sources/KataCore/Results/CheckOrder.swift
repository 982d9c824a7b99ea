/// The order checks are reported in: the order the step's guide lists them under "Check your work" (so "the first
/// failing check" is the one to work on first), then by place in the source.
struct CheckOrder {
    /// Each check's place in its guide's list, by `target/key`.
    private let ranks: [String: Int]

    /// The order of `checks`, from the guides of their steps only.
    init(of checks: [CheckResult], in course: Course) {
        let targets = Set(checks.map(\.target))
        var ranks: [String: Int] = [:]
        for step in course.steps where targets.contains(step.testTarget) {
            // Last to first, so that a check listed twice keeps its first place.
            for (index, key) in course.teachingOrder(of: step).enumerated().reversed() {
                ranks[step.testTarget + "/" + key] = index
            }
        }
        self.ranks = ranks
    }

    func precedes(_ a: CheckResult, _ b: CheckResult) -> Bool {
        let rankA = ranks[a.target + "/" + a.key] ?? Int.max
        let rankB = ranks[b.target + "/" + b.key] ?? Int.max
        if rankA != rankB { return rankA < rankB }
        return (a.target, a.file ?? "", a.line ?? 0) < (b.target, b.file ?? "", b.line ?? 0)
    }
}
