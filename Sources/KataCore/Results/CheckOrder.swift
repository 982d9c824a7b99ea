/// The order checks are reported in: the order the step's guide lists them under "Check
/// your work" (so "the first failing check" is the one to work on first), then by place in
/// the source.
enum CheckOrder {
    static func precedes(_ a: CheckResult, _ b: CheckResult) -> Bool {
        let rankA = rank(a)
        let rankB = rank(b)
        if rankA != rankB { return rankA < rankB }
        return (a.target, a.file ?? "", a.line ?? 0) < (b.target, b.file ?? "", b.line ?? 0)
    }

    private static func rank(_ check: CheckResult) -> Int {
        guard let step = StepCatalog.all.first(where: { $0.testTarget == check.target }) else { return Int.max }
        return Course.current.teachingOrder(of: step).firstIndex(of: check.key) ?? Int.max
    }
}
