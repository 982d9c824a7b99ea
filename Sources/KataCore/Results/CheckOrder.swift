/// The order checks are reported in: the order the step's guide lists them under "Check
/// your work" (so "the first failing check" is the one to work on first), then by place in
/// the source.
struct CheckOrder {
    let course: Course

    func precedes(_ a: CheckResult, _ b: CheckResult) -> Bool {
        let rankA = rank(a)
        let rankB = rank(b)
        if rankA != rankB { return rankA < rankB }
        return (a.target, a.file ?? "", a.line ?? 0) < (b.target, b.file ?? "", b.line ?? 0)
    }

    private func rank(_ check: CheckResult) -> Int {
        guard let step = course.steps.first(where: { $0.testTarget == check.target }) else { return Int.max }
        return course.teachingOrder(of: step).firstIndex(of: check.key) ?? Int.max
    }
}
