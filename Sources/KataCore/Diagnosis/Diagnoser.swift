import Foundation

/// Names a misconception from a step's failures, by the catalogued mistakes that failed most
/// alike; silent when unsure. Sure is either of two things. A catalogued mistake failed almost exactly
/// alike, no mistake of another misconception comes close, and that mistake explains the failures whole
/// (two mistakes at once fail more than either does, and are named as nothing). Or every catalogued
/// mistake that failed the same checks at the same places in the same way is of one misconception, and one of
/// them shares some of the details, or two failed so in details of their own: a learner's own words keep such
/// mistakes apart, not their misconception. Or, third, the step's mistakes vote, each by how alike it failed, and one
/// misconception has most of the vote and a mistake near enough: one near mistake can be a coincidence, many are not.
struct Diagnoser: Sendable {
    let catalogue: MisconceptionCatalogue
    /// Each example with its features, worked out once: a measure compares every mistake with every other.
    private let examples: [(example: MisconceptionCatalogue.Example, features: Features)]

    /// A failure's features, split by level and with the part that says where and how it failed set apart.
    struct Features: Sendable {
        let all: [String: Double]
        /// Indexed by the level's raw value.
        let byLevel: [[String: Double]]
        /// Which checks failed, and where and how: all but the details.
        let placesAndWays: Set<String>

        init(_ all: [String: Double]) {
            self.all = all
            let byLevel = Diagnoser.byLevel(all)
            self.byLevel = byLevel
            placesAndWays = Set(
                FailureSignature.Level.allCases.filter { $0 != .detail }.flatMap { byLevel[$0.rawValue].keys })
        }
    }

    /// By misconception, the checks and expectations its examples fail first.
    private let placesFailedFirst: [String: Set<String>]

    init(catalogue: MisconceptionCatalogue) {
        self.catalogue = catalogue
        examples = catalogue.examples.map { ($0, Features($0.signature.features)) }
        placesFailedFirst = catalogue.examples.reduce(into: [:]) { places, example in
            places[example.misconception, default: []].formUnion(example.signature.placesFailedFirst)
        }
    }

    /// How alike the nearest mistake's failures must be. The constants were chosen from
    /// `kata mistakes --diagnosis`'s leave-one-out, so that a named misconception is right at least
    /// 95 times in 100; nearer 0 they name more, and more wrongly.
    static let threshold = 0.9
    /// How much nearer than the nearest mistake of any other misconception.
    static let margin = 0.05
    /// How much of the failures the nearest mistake must explain.
    static let coverage = 0.75
    /// How many features of which checks failed, where and how, failing exactly alike needs to say enough:
    /// one check failing at one expectation has three, and many misconceptions fail so.
    static let placesAndWaysAtLeast = 4
    /// How much of the details a mistake failing exactly alike must share: nothing in common beyond where
    /// it failed is too little to go on, unless more than one mistake fails so.
    static let sharedDetailsAtLeast = 0.2
    /// How many mistakes failing exactly alike, each in other details, say enough without shared details: two
    /// learners' own words that differ from each other, as a third's do, show the words are not the mistake.
    static let exactlyAlikeEnough = 2
    /// How much a mistake's vote grows with how alike it failed: e-fold for each fifth of likeness, so that the
    /// nearest mistakes decide and the far ones, however many, do not.
    static let votingTemperature = 0.2
    /// How much of the vote a misconception must have: most of it.
    static let votingMajority = 0.5
    /// How alike the nearest mistake of the misconception voted for must be: failures like none of the catalogue's
    /// would otherwise be named by whichever misconception has the most mistakes.
    static let votingFloor = 0.7

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
        let mine = Features(signature.features)
        // The nearest mistake of each misconception of the step.
        var nearest: [String: (similarity: Double, features: [String: Double])] = [:]
        var exactlyAlike = ExactlyAlike()
        var votes: [String: Double] = [:]
        for (example, theirs) in examples where example.step == step && !leavingOut.contains(example.mistake) {
            let similarity = Self.similarity(byLevel: mine.byLevel, theirs.byLevel)
            votes[example.misconception, default: 0] += exp(similarity / Self.votingTemperature)
            if similarity > nearest[example.misconception]?.similarity ?? 0 {
                nearest[example.misconception] = (similarity, theirs.all)
            }
            if theirs.placesAndWays == mine.placesAndWays {
                exactlyAlike.add(example.misconception, failure: theirs.all, details: Self.details(mine, theirs))
            }
        }
        let ranked = nearest.sorted { ($0.value.similarity, $1.key) > ($1.value.similarity, $0.key) }
        guard let (winner, best) = ranked.first else { return nil }
        let lead = best.similarity - (ranked.dropFirst().first?.value.similarity ?? 0)
        if best.similarity >= Self.threshold, lead >= Self.margin,
            Self.covered(mine.all, by: best.features) >= Self.coverage
        {
            return diagnosis(winner, confidence: best.similarity, failingFirst: signature)
        }
        if mine.placesAndWays.count >= Self.placesAndWaysAtLeast, exactlyAlike.misconceptions.count == 1,
            let alike = exactlyAlike.misconceptions.first,
            exactlyAlike.details >= Self.sharedDetailsAtLeast
                || exactlyAlike.failures.count >= Self.exactlyAlikeEnough
        {
            return diagnosis(alike, confidence: nearest[alike]?.similarity ?? 0, failingFirst: signature)
        }
        // More than half of the vote is never tied, so the dictionary's order cannot decide.
        guard let (elected, votesFor) = votes.max(by: { $0.value < $1.value }) else { return nil }
        let share = Self.rounded(votesFor / votes.values.reduce(0, +))
        guard share > Self.votingMajority, nearest[elected]?.similarity ?? 0 >= Self.votingFloor else { return nil }
        return diagnosis(elected, confidence: share, failingFirst: signature)
    }

    private func diagnosis(_ id: String, confidence: Double, failingFirst signature: FailureSignature) -> Diagnosis? {
        catalogue.misconception(id).map {
            Diagnosis(
                misconception: id, sentence: $0.sentence, confidence: (confidence * 100).rounded() / 100,
                file: place(of: $0, failingFirst: signature.placesFailedFirst))
        }
    }

    /// Where a learner with that misconception went wrong, by the expectation they fail first, else by its check:
    /// where its mistakes that fail there first were made; nowhere when they were made in different files; where
    /// most of its mistakes were made when none fails there first.
    private func place(of misconception: MisconceptionCatalogue.Misconception, failingFirst places: [String]) -> String?
    {
        for place in places {
            if let placed = misconception.places?[place] { return placed }
            if placesFailedFirst[misconception.id]?.contains(place) == true { return nil }
        }
        return misconception.file
    }

    /// The catalogued mistakes that failed the same checks at the same places in the same way: their
    /// misconceptions, their failures told apart by the details (copies of one mistake fail as one), and the
    /// most that any of them shares of the details.
    private struct ExactlyAlike {
        var misconceptions: Set<String> = []
        var failures: Set<[String: Double]> = []
        var details = 0.0

        mutating func add(_ misconception: String, failure: [String: Double], details: Double) {
            misconceptions.insert(misconception)
            failures.insert(failure)
            self.details = max(self.details, details)
        }
    }

    /// How alike two failures' details are; alike when neither has any.
    private static func details(_ one: Features, _ other: Features) -> Double {
        let level = FailureSignature.Level.detail.rawValue
        return jaccard(one.byLevel[level], other.byLevel[level]) ?? 1
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
            guard let alike = jaccard(one[level.rawValue], other[level.rawValue]) else { continue }
            sum += level.weight * alike
            weights += level.weight
        }
        return weights == 0 ? 0 : Self.rounded(sum / weights)
    }

    /// Weighted Jaccard: what both share over what either has; nil when neither has anything.
    static func jaccard(_ mine: [String: Double], _ theirs: [String: Double]) -> Double? {
        var (shared, either) = (0.0, 0.0)
        for (key, value) in mine {
            let other = theirs[key] ?? 0
            shared += min(value, other)
            either += max(value, other)
        }
        for (key, value) in theirs where mine[key] == nil { either += value }
        return either > 0 ? rounded(shared / either) : nil
    }

    /// Rounded to nine places, so that the order a dictionary's keys are summed in (another each run) cannot tip a
    /// mistake over a constant: a fifth must not come out as 0.19999….
    private static func rounded(_ value: Double) -> Double { (value * 1e9).rounded() / 1e9 }

    /// How much of `features` the other explains.
    static func covered(_ features: [String: Double], by other: [String: Double]) -> Double {
        let total = features.values.reduce(0, +)
        guard total > 0 else { return 0 }
        return rounded(features.reduce(0) { sum, feature in sum + min(feature.value, other[feature.key] ?? 0) } / total)
    }
}
