import Foundation

/// Names a misconception from a step's failures, by the catalogued mistakes that failed most
/// alike; silent when unsure. Sure is: a catalogued mistake failed almost exactly alike, no mistake
/// of another misconception comes close, and that mistake explains the failures whole (two mistakes
/// at once fail more than either does, and are named as nothing).
struct Diagnoser: Sendable {
    let catalogue: MisconceptionCatalogue
    /// Each example with its features, worked out once: a measure compares every mistake with every other.
    private let examples:
        [(example: MisconceptionCatalogue.Example, features: [String: Double], byLevel: [[String: Double]])]

    init(catalogue: MisconceptionCatalogue) {
        self.catalogue = catalogue
        examples = catalogue.examples.map { ($0, $0.signature.features, Self.byLevel($0.signature.features)) }
    }

    /// How alike the nearest mistake's failures must be. The three constants were chosen from
    /// `kata mistakes --diagnosis`'s leave-one-out, so that a named misconception is right at least
    /// 95 times in 100; nearer 0 they name more, and more wrongly.
    static let threshold = 0.9
    /// How much nearer than the nearest mistake of any other misconception.
    static let margin = 0.05
    /// How much of the failures the nearest mistake must explain.
    static let coverage = 0.75

    /// The reports with the misconception their failures most likely come from, where the kit can name one.
    static func diagnosing(_ reports: [StepReport], in workspace: Workspace) -> [StepReport] {
        // Read only when some check failed: a passing or unbuilt step has nothing to name.
        guard reports.contains(where: { $0.status == .failed }),
            let catalogue = MisconceptionCatalogue.load(from: workspace)
        else { return reports }
        let diagnoser = Diagnoser(catalogue: catalogue)
        return reports.map { report in
            var report = report
            report.diagnosis = diagnoser.diagnose(report)
            return report
        }
    }

    /// The misconception for a report's failures, or nil.
    func diagnose(_ report: StepReport) -> Diagnosis? {
        FailureSignature(report: report).flatMap { diagnose($0, step: report.step.number) }
    }

    /// `leavingOut` leaves mistakes of the catalogue aside: the honest measure of naming them.
    func diagnose(_ signature: FailureSignature, step: Int, leavingOut: Set<String> = []) -> Diagnosis? {
        let features = signature.features
        let byLevel = Self.byLevel(features)
        // The nearest mistake of each misconception of the step.
        var nearest: [String: (similarity: Double, features: [String: Double])] = [:]
        for (example, theirs, theirsByLevel) in examples
        where example.step == step && !leavingOut.contains(example.mistake) {
            let similarity = Self.similarity(byLevel: byLevel, theirsByLevel)
            if similarity > nearest[example.misconception]?.similarity ?? 0 {
                nearest[example.misconception] = (similarity, theirs)
            }
        }
        let ranked = nearest.sorted { ($0.value.similarity, $1.key) > ($1.value.similarity, $0.key) }
        guard let (winner, best) = ranked.first, let misconception = catalogue.misconception(winner) else {
            return nil
        }
        let lead = best.similarity - (ranked.dropFirst().first?.value.similarity ?? 0)
        guard best.similarity >= Self.threshold, lead >= Self.margin,
            Self.covered(features, by: best.features) >= Self.coverage
        else { return nil }
        return Diagnosis(
            misconception: winner, sentence: misconception.sentence,
            confidence: (best.similarity * 100).rounded() / 100)
    }

    /// Weighted Jaccard (what both share over what either has) at each level of the features, averaged by the
    /// levels' weights over the levels either has.
    static func similarity(_ one: [String: Double], _ other: [String: Double]) -> Double {
        similarity(byLevel: byLevel(one), byLevel(other))
    }

    /// Features split by their level, indexed by its raw value: worked out once for each mistake, since a measure
    /// compares every mistake with every other.
    static func byLevel(_ features: [String: Double]) -> [[String: Double]] {
        var split = [[String: Double]](repeating: [:], count: FailureSignature.Level.allCases.count)
        for (key, value) in features { split[FailureSignature.Level(of: key).rawValue][key] = value }
        return split
    }

    static func similarity(byLevel one: [[String: Double]], _ other: [[String: Double]]) -> Double {
        var (sum, weights) = (0.0, 0.0)
        for level in FailureSignature.Level.allCases {
            let (mine, theirs) = (one[level.rawValue], other[level.rawValue])
            var (shared, either) = (0.0, 0.0)
            for (key, value) in mine {
                let other = theirs[key] ?? 0
                shared += min(value, other)
                either += max(value, other)
            }
            for (key, value) in theirs where mine[key] == nil { either += value }
            guard either > 0 else { continue }
            sum += level.weight * shared / either
            weights += level.weight
        }
        // Rounded, so that the order a dictionary's keys come in (another each run) cannot tip a mistake over a
        // constant.
        return weights == 0 ? 0 : (sum / weights * 1e9).rounded() / 1e9
    }

    /// How much of `features` the other explains.
    static func covered(_ features: [String: Double], by other: [String: Double]) -> Double {
        let total = features.values.reduce(0, +)
        guard total > 0 else { return 0 }
        return features.reduce(0) { sum, feature in sum + min(feature.value, other[feature.key] ?? 0) } / total
    }
}
