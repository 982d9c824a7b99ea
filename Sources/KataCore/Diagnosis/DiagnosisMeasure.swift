import Foundation

/// How well the diagnosis names what the catalogue knows, measured honestly: each mistake is
/// diagnosed from the others alone (leave-one-out), as a learner's new mistake would be.
struct DiagnosisMeasure: Sendable {
    /// One step's figures, or the whole catalogue's.
    struct Figures: Sendable, Equatable {
        var mistakes = 0
        /// Named rightly, or left unnamed where nothing the catalogue knows fits.
        var right = 0
        var named = 0
        /// Of those named, how many rightly.
        var namedRightly = 0
        /// Pairs of mistakes of different misconceptions made at once, and how many were named as one.
        var pairs = 0
        var pairsNamed = 0
        /// Of those named, how many as a misconception neither mistake shows: the false confidence. A pair
        /// named as one of its two fails as that mistake alone does, so its failures cannot tell more.
        var pairsNamedAsNeither = 0

        var topOne: Double { Self.percent(right, of: mistakes) }
        var precision: Double { Self.percent(namedRightly, of: named) }
        var abstained: Double { Self.percent(mistakes - named, of: mistakes) }
        var pairsNamedShare: Double { Self.percent(pairsNamed, of: pairs) }

        static func percent(_ part: Int, of whole: Int) -> Double {
            whole == 0 ? 0 : (Double(part) * 1000 / Double(whole)).rounded() / 10
        }

        /// Counts one mistake: what was named for it, if anything, against what it shows; whether it was named
        /// wrongly. Silence is right where `silenceIsRight` (nothing the catalogue can name fits it).
        mutating func count(_ named: Diagnosis?, truth: String, silenceIsRight: Bool = false) -> Bool {
            mistakes += 1
            guard let named else {
                if silenceIsRight { right += 1 }
                return false
            }
            self.named += 1
            guard named.misconception == truth else { return true }
            right += 1
            namedRightly += 1
            return false
        }

        static func + (one: Figures, other: Figures) -> Figures {
            Figures(
                mistakes: one.mistakes + other.mistakes, right: one.right + other.right,
                named: one.named + other.named, namedRightly: one.namedRightly + other.namedRightly,
                pairs: one.pairs + other.pairs,
                pairsNamed: one.pairsNamed + other.pairsNamed,
                pairsNamedAsNeither: one.pairsNamedAsNeither + other.pairsNamedAsNeither)
        }
    }

    let byStep: [Int: Figures]
    /// The held-out round, by step: each named from the whole catalogue, which never saw it, but for the mistakes
    /// that make the same change.
    let heldOutByStep: [Int: Figures]
    /// The held-out round as `kata check` names it: from the whole catalogue, a twin that makes the same change
    /// included. A learner's mistake that the catalogue already holds is named from it; the round's other figure
    /// leaves twins out, to measure what the checks tell apart.
    let heldOutAsChecked: Figures
    /// Mistakes named wrongly: the ones to read when tuning.
    let wrong: [(mistake: String, named: String, truth: String)]

    /// Mistakes whose change another file of the catalogue also makes (blind rounds rewrite what earlier ones wrote).
    let copies: Int

    var total: Figures { byStep.values.reduce(Figures(), +) }
    var heldOutTotal: Figures { heldOutByStep.values.reduce(Figures(), +) }

    /// Measures every example against the whole catalogue less itself, pairs of them made at once, and the
    /// held-out round against the whole catalogue. `sameChange` gives each mistake what it changes: a mistake is
    /// never named from another file that makes the same change, which is no other mistake but a copy of itself.
    init(catalogue: MisconceptionCatalogue, sameChange: [String: String] = [:], pairsPerStep: Int = 60) {
        let diagnoser = Diagnoser(catalogue: catalogue)
        let byChange = Dictionary(grouping: sameChange, by: \.value).mapValues { $0.map(\.key) }
        func itself(_ mistake: String) -> Set<String> {
            Set([mistake] + (sameChange[mistake].flatMap { byChange[$0] } ?? []))
        }
        let all = catalogue.examples + catalogue.heldOut
        copies = all.filter { itself($0.mistake).count > 1 }.count
        var byStep: [Int: Figures] = [:]
        var wrong: [(String, String, String)] = []
        for example in catalogue.examples {
            let named = diagnoser.diagnose(example.signature, step: example.step, leavingOut: itself(example.mistake))
            if byStep[example.step, default: Figures()].count(named, truth: example.misconception), let named {
                wrong.append((example.mistake, named.misconception, example.misconception))
            }
        }
        // Two mistakes at once: pairs of different misconceptions from across the step, the same on every run,
        // both left out of what names them.
        for step in byStep.keys {
            for (one, other) in Self.pairs(of: catalogue.examples.filter { $0.step == step }, count: pairsPerStep) {
                let both = one.signature.merged(with: other.signature)
                byStep[step]?.pairs += 1
                let leftOut = itself(one.mistake).union(itself(other.mistake))
                if let named = diagnoser.diagnose(both, step: step, leavingOut: leftOut) {
                    byStep[step]?.pairsNamed += 1
                    if ![one.misconception, other.misconception].contains(named.misconception) {
                        byStep[step]?.pairsNamedAsNeither += 1
                    }
                }
            }
        }
        self.byStep = byStep
        // The held-out round: right when it names the misconception its writer chose, or names
        // nothing where none of the catalogue's fits (or none has an example to name it by).
        var heldOutByStep: [Int: Figures] = [:]
        var heldOutAsChecked = Figures()
        let nameable = Set(catalogue.examples.map(\.misconception))
        for example in catalogue.heldOut {
            let named = diagnoser.diagnose(example.signature, step: example.step, leavingOut: itself(example.mistake))
            let silenceIsRight = !nameable.contains(example.misconception)
            _ = heldOutAsChecked.count(
                diagnoser.diagnose(example.signature, step: example.step), truth: example.misconception,
                silenceIsRight: silenceIsRight)
            if heldOutByStep[example.step, default: Figures()].count(
                named, truth: example.misconception, silenceIsRight: silenceIsRight),
                let named
            {
                wrong.append((example.mistake, named.misconception, example.misconception))
            }
        }
        self.heldOutByStep = heldOutByStep
        self.heldOutAsChecked = heldOutAsChecked
        self.wrong = wrong.map { (mistake: $0.0, named: $0.1, truth: $0.2) }
    }

    /// `count` pairs of examples of different misconceptions, evenly spaced over all such pairs in the
    /// examples' order: spread over the step, where the first pairs in order would all hold its first mistake.
    static func pairs(of examples: [MisconceptionCatalogue.Example], count: Int)
        -> [(MisconceptionCatalogue.Example, MisconceptionCatalogue.Example)]
    {
        var all: [(Int, Int)] = []
        for (index, one) in examples.enumerated() {
            for other in (index + 1)..<examples.count where examples[other].misconception != one.misconception {
                all.append((index, other))
            }
        }
        guard all.count > count else { return all.map { (examples[$0.0], examples[$0.1]) } }
        return (0..<count).map { all[$0 * all.count / count] }.map { (examples[$0.0], examples[$0.1]) }
    }

    /// The line the issue of record asks for, and that authors compare runs by.
    static func summaryLine(_ figures: Figures, measured how: String = "leave-one-out") -> String {
        "diagnosis: top-1 \(format(figures.topOne))% of \(figures.mistakes) (\(how)), "
            + "precision \(format(figures.precision))% when named, abstained \(format(figures.abstained))%"
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}

extension FailureSignature {
    /// The failures of two mistakes made at once: every check either fails, with what each said.
    func merged(with other: FailureSignature) -> FailureSignature {
        var failing = self.failing
        for check in other.failing {
            if let index = failing.firstIndex(where: { $0.check == check.check }) {
                let mine = failing[index]
                failing[index] = Failing(
                    check: mine.check, status: mine.status, expectation: mine.expectation, actual: mine.actual,
                    shape: mine.shape,
                    cases: Array(Set(mine.cases + check.cases)).sorted(),
                    arguments: Array(Set(mine.arguments + check.arguments)).sorted())
            } else {
                failing.append(check)
            }
        }
        return FailureSignature(failing: failing)
    }
}
