/// The order checks are reported in: the order the hint catalog teaches them (so "the
/// first failing check" is the one to work on first), then by place in the source.
enum CheckOrder {
    private static let taught: [String: Int] = Dictionary(
        HintCatalog.all.enumerated().map { ("\($0.element.step)/\($0.element.key)", $0.offset) },
        uniquingKeysWith: { first, _ in first }
    )

    static func precedes(_ a: CheckResult, _ b: CheckResult) -> Bool {
        let rankA = rank(a)
        let rankB = rank(b)
        if rankA != rankB { return rankA < rankB }
        return (a.target, a.file ?? "", a.line ?? 0) < (b.target, b.file ?? "", b.line ?? 0)
    }

    private static func rank(_ check: CheckResult) -> Int {
        let step = StepCatalog.all.first { $0.testTarget == check.target }?.number ?? 0
        return taught["\(step)/\(check.key)"] ?? Int.max
    }
}
