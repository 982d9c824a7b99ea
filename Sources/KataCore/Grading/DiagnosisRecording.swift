import Foundation

/// Makes the misconception catalogue a learner's copy ships with, from the authors' grouping of
/// the mistakes (`Misconception:` lines and Tests/Mistakes/misconceptions.txt) and what the
/// checks said of each mistake when it was graded.
enum DiagnosisRecording {
    /// The steps a misconception can be named in: step 9's checks already name, each, the
    /// mistake a learner's suites let through.
    static func diagnoses(_ step: Step) -> Bool { step.kind == .checks }

    /// What keeps the authors' grouping from being used, a sentence each.
    static func problems(
        mistakes: [Mistake], misconceptions: [MisconceptionCatalogue.Misconception], course: Course
    ) -> [String] {
        var problems: [String] = []
        let known = Set(misconceptions.map(\.id))
        var shown: Set<String> = []
        for mistake in mistakes where !mistake.passes && diagnoses(course.steps[mistake.step - 1]) {
            guard let id = mistake.misconception else {
                problems.append("\(mistake.name) has no Misconception: line")
                continue
            }
            guard known.contains(id) || id == MisconceptionCatalogue.noMisconception else {
                problems.append("\(mistake.name) shows \(id), which \(MisconceptionCatalogue.sentencesPath) lacks")
                continue
            }
            shown.insert(id)
        }
        for misconception in misconceptions where !shown.contains(misconception.id) {
            problems.append("\(misconception.id) is shown by no mistake")
        }
        for step in course.steps where diagnoses(step) {
            let checks = course.checks(of: step)
            let own = misconceptions.filter { $0.step == step.number }
            if own.count < checks.count {
                problems.append(
                    "step \(step.number) has \(own.count) misconceptions for \(checks.count) checks: name at least one a check"
                )
            }
            for misconception in own {
                if let check = checks.first(where: { restates(misconception.sentence, $0.name) }) {
                    problems.append("\(misconception.id) restates the check “\(check.name)”: say what the learner did")
                }
            }
        }
        return problems
    }

    /// What verify says of the diagnosis without grading anything: the authors' grouping, and whether the
    /// recorded catalogue still matches the mistakes and the checks (a renamed check or a regrouped mistake
    /// means `kata mistakes --diagnosis` must record it again).
    static func audit(mistakes: [Mistake], in kit: Kit) -> [String] {
        let workspace = kit.workspace
        let text = String(decoding: workspace.bytes(of: MisconceptionCatalogue.sentencesPath), as: UTF8.self)
        let misconceptions: [MisconceptionCatalogue.Misconception]
        switch MisconceptionCatalogue.sentences(from: text) {
        case .success(let found): misconceptions = found
        case .failure(let problem): return ["diagnosis: " + problem.sentence]
        }
        var problems = Self.problems(mistakes: mistakes, misconceptions: misconceptions, course: kit.course)
        guard let recorded = MisconceptionCatalogue.load(from: workspace) else {
            return (problems + ["\(MisconceptionCatalogue.path) is missing: run kata mistakes --diagnosis"]).map {
                "diagnosis: " + $0
            }
        }
        let byName = Dictionary(mistakes.map { ($0.name, $0) }) { first, _ in first }
        var stale: [String] = []
        for example in recorded.examples {
            let checks = Set(
                byName[example.mistake].map { kit.course.checks(of: kit.steps[$0.step - 1]).map(\.key) } ?? [])
            if byName[example.mistake]?.misconception != example.misconception
                || !example.signature.failing.allSatisfy({ checks.contains($0.check) })
                || recorded.misconception(example.misconception)?.sentence
                    != misconceptions.first(where: { $0.id == example.misconception })?.sentence
            {
                stale.append(example.mistake)
            }
        }
        if !stale.isEmpty {
            problems.append(
                "\(MisconceptionCatalogue.path) is out of date for \(stale.count) mistakes (\(stale.prefix(3).joined(separator: ", "))…): "
                    + "run kata mistakes --diagnosis")
        }
        return problems.map { "diagnosis: " + $0 }
    }

    /// Whether a sentence says mostly what a check's name says.
    static func restates(_ sentence: String, _ checkName: String) -> Bool {
        func words(_ text: String) -> Set<String> {
            Set(text.lowercased().split { !$0.isLetter }.map(String.init).filter { $0.count > 3 })
        }
        let (one, other) = (words(sentence), words(checkName))
        guard !one.isEmpty, !other.isEmpty else { return false }
        return Double(one.intersection(other).count) / Double(one.union(other).count) >= 0.6
    }

    /// The catalogue with each misconception placed in the file that more than half of its examples change, and more
    /// of them than any other: where its mistakes were made, which the failing check's guide may not name (a sentence
    /// the presenter words, failed in a check of the interactor). Placed so again by the check its examples fail first
    /// and by that check's expectation, since a misconception shown in two parts is made in the part they are about.
    /// Paths are the step folder's (patches are of `Solutions/NN-Name/…`); a misconception written in many files is
    /// placed nowhere.
    static func placed(_ catalogue: MisconceptionCatalogue, mistakes: [Mistake]) -> MisconceptionCatalogue {
        let byName = Dictionary(mistakes.map { ($0.name, $0) }) { first, _ in first }
        var everywhere = Places()
        var byPlaceFailedFirst: [String: Places] = [:]
        for example in catalogue.examples {
            guard let mistake = byName[example.mistake] else { continue }
            let files = Set(
                mistake.patch.files.map { path in
                    path.path.split(separator: "/", maxSplits: 2).dropFirst(2).first.map(String.init) ?? path.path
                })
            everywhere.add(example.misconception, changing: files)
            for place in example.signature.placesFailedFirst {
                byPlaceFailedFirst[place, default: Places()].add(example.misconception, changing: files)
            }
        }
        var placed = catalogue
        placed.misconceptions = catalogue.misconceptions.map { misconception in
            var misconception = misconception
            misconception.file = everywhere.file(of: misconception.id)
            let places = byPlaceFailedFirst.compactMapValues { $0.file(of: misconception.id) }
            misconception.places = places.isEmpty ? nil : places
            return misconception
        }
        return placed
    }

    /// The files that the mistakes of each misconception change, counted.
    private struct Places {
        var changes: [String: [String: Int]] = [:]
        var counts: [String: Int] = [:]

        mutating func add(_ misconception: String, changing files: Set<String>) {
            counts[misconception, default: 0] += 1
            for file in files { changes[misconception, default: [:]][file, default: 0] += 1 }
        }

        /// The file that more than half of its mistakes change, and more of them than any other.
        func file(of misconception: String) -> String? {
            let ranked = (changes[misconception] ?? [:]).sorted { $0.value > $1.value }
            return ranked.first.flatMap { first in
                first.value * 2 > counts[misconception, default: 0] && ranked.dropFirst().first?.value != first.value
                    ? first.key : nil
            }
        }
    }

    /// The catalogue: the misconceptions that some graded mistake shows, and each mistake's failures.
    static func catalogue(
        mistakes: [Mistake], misconceptions: [MisconceptionCatalogue.Misconception], reports: [String: StepReport]
    ) -> MisconceptionCatalogue {
        var examples: [MisconceptionCatalogue.Example] = []
        var heldOut: [MisconceptionCatalogue.Example] = []
        for mistake in mistakes.sorted(by: { $0.name < $1.name }) where !mistake.passes {
            guard let id = mistake.misconception, let report = reports[mistake.name],
                let signature = FailureSignature(report: report)
            else { continue }
            let example = MisconceptionCatalogue.Example(mistake: mistake.name, misconception: id, signature: signature)
            if mistake.heldOut {
                heldOut.append(example)
            } else if id != MisconceptionCatalogue.noMisconception {
                examples.append(example)
            }
        }
        let shown = Set(examples.map(\.misconception))
        return MisconceptionCatalogue(
            misconceptions: misconceptions.filter { shown.contains($0.id) }, examples: examples,
            heldOut: heldOut)
    }
}
