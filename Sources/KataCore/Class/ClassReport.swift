import Foundation

/// A class's grades read together: what `kata class report` writes for an instructor, an HTML
/// page (self-contained: no script, no network) and a CSV for a gradebook. Every number is
/// read from the learners' grades as they are; nothing is graded again.
struct ClassReport {
    /// One learner's grade, named after its file (`alice.json` is alice).
    struct Learner {
        let name: String
        let grade: GradeReport
    }

    /// One check across the class, among the learners who started its step: who did not pass it, and what it said
    /// to them most often.
    struct CheckAcrossClass {
        let step: Int
        let stepName: String
        let name: String
        let id: String
        let failing: Int
        /// The learners who started the step.
        let graded: Int
        let commonestMessage: String?

        var failingShare: Double { graded == 0 ? 0 : Double(failing) / Double(graded) }
    }

    let learners: [Learner]
    /// The learners whose grade file differs from what the class grade that wrote it recorded.
    var gradeFilesChanged: Set<String> = []

    /// Why a learner's grade as a whole needs an instructor's eyes, beyond its steps' findings: a grade file that
    /// changed after it was written, learner code that ran without isolation.
    func concerns(of learner: Learner) -> [String] {
        var concerns: [String] = []
        if gradeFilesChanged.contains(learner.name) {
            concerns.append("its grade file differs from what the class grade wrote (\(ClassGrade.digestsFile))")
        }
        if let isolation = learner.grade.isolation, !isolation.isolated { concerns.append(isolation.how) }
        return concerns
    }

    func needsReview(_ learner: Learner) -> Bool { learner.grade.needsReview || !concerns(of: learner).isEmpty }

    /// Grades read from files; a file that is not a kata grade is an error naming it.
    static func load(_ paths: [URL]) throws(ReportError) -> ClassReport {
        var learners: [Learner] = []
        for path in paths {
            guard let data = try? Data(contentsOf: path) else { throw ReportError("cannot read \(path.path)") }
            guard let grade = GradeReport.decoded(from: data) else {
                throw ReportError("\(path.path) is not a kata grade (kata grade --json)")
            }
            learners.append(Learner(name: path.deletingPathExtension().lastPathComponent, grade: grade))
        }
        return ClassReport(learners: learners.sorted { $0.name < $1.name })
    }

    struct ReportError: Error, Equatable {
        let message: String
        init(_ message: String) { self.message = message }
    }

    /// Every check of every step, the most failed first, then in the course's order.
    var checks: [CheckAcrossClass] {
        var order: [String] = []
        var rows: [String: (step: GradeReport.StepGrade, check: GradeReport.CheckGrade, failing: Int, graded: Int)] =
            [:]
        var messages: [String: [String: Int]] = [:]
        for learner in learners {
            // A step not started is progress still to come, not a misconception: its checks are not counted.
            for step in learner.grade.steps where step.notStarted != true {
                for check in step.checks {
                    let key = "\(step.step)/\(check.id)"
                    if rows[key] == nil {
                        order.append(key)
                        rows[key] = (step, check, 0, 0)
                    }
                    let passed = JUnitReport.outcome(of: check, in: step) == .passed
                    rows[key]?.graded += 1
                    if !passed {
                        rows[key]?.failing += 1
                        let message = step.status == .tampered ? "tampered" : check.message ?? check.status.rawValue
                        messages[key, default: [:]][Self.firstLine(message), default: 0] += 1
                    }
                }
            }
        }
        let position = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
        return order.compactMap { key -> CheckAcrossClass? in
            guard let row = rows[key] else { return nil }
            let commonest = messages[key]?.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }
            return CheckAcrossClass(
                step: row.step.step, stepName: row.step.name, name: row.check.name, id: row.check.id,
                failing: row.failing, graded: row.graded, commonestMessage: commonest?.key)
        }
        .sorted {
            $0.failingShare != $1.failingShare
                ? $0.failingShare > $1.failingShare
                : position["\($0.step)/\($0.id)"]! < position["\($1.step)/\($1.id)"]!
        }
    }

    /// A misconception the kit named in some learners' grades, and in how many of those who started its step.
    struct MisconceptionAcrossClass: Equatable {
        let step: Int
        let stepName: String
        let sentence: String
        let learners: Int
        let started: Int
    }

    /// What to teach again by misconception: those named most often first.
    var misconceptions: [MisconceptionAcrossClass] {
        var counts: [String: (step: Int, name: String, sentence: String, learners: Int)] = [:]
        for learner in learners {
            for step in learner.grade.steps {
                guard let diagnosis = step.diagnosis else { continue }
                let key = "\(step.step)/\(diagnosis.misconception)"
                counts[key, default: (step.step, step.name, diagnosis.sentence, 0)].learners += 1
            }
        }
        let started = Dictionary(uniqueKeysWithValues: progress.map { ($0.step, $0.started) })
        return counts.values
            .map {
                MisconceptionAcrossClass(
                    step: $0.step, stepName: $0.name, sentence: $0.sentence, learners: $0.learners,
                    started: max(started[$0.step] ?? 0, $0.learners))
            }
            .sorted { ($1.learners, $0.step, $0.sentence) < ($0.learners, $1.step, $1.sentence) }
    }

    /// How far the class got at one step: how many learners started it, and how many pass it.
    struct StepProgress: Equatable {
        let step: Int
        let name: String
        let started: Int
        let passed: Int
    }

    /// Each step, in order: who started it, who passes it.
    var progress: [StepProgress] {
        steps.map { number, name in
            let grades = learners.compactMap { $0.grade.steps.first { $0.step == number } }
            return StepProgress(
                step: number, name: name, started: grades.filter { $0.notStarted != true }.count,
                passed: grades.filter { $0.status == .passed }.count)
        }
    }

    /// The steps the grades hold, in order, with their names.
    var steps: [(number: Int, name: String)] {
        var seen: [Int: String] = [:]
        for learner in learners { for step in learner.grade.steps { seen[step.step] = step.name } }
        return seen.keys.sorted().map { ($0, seen[$0]!) }
    }

    static func firstLine(_ text: String) -> String {
        String(text.split(separator: "\n", omittingEmptySubsequences: true).first ?? "")
    }
}

// MARK: - CSV

extension ClassReport {
    /// A row per learner: name, checks passed, the total, the percentage (rounded, 100 only when every check
    /// passes), steps passed, whether a step needs review, each step's checks passed, whether learner code ran
    /// isolated, the commit graded and when it was committed (when chosen by a deadline or asked for). RFC 4180
    /// quoting.
    func csv() -> String {
        let header =
            ["learner", "passed", "total", "percent", "steps passed", "needs review"]
            + steps.map { "step \($0.number)" } + ["isolated", "commit", "committed"]
        var rows = [header]
        for learner in learners {
            let grade = learner.grade
            let byStep = Dictionary(uniqueKeysWithValues: grade.steps.map { ($0.step, $0) })
            // Typed in parts: one expression of them all took the type checker 17 s.
            let totals: [String] = [
                learner.name, "\(grade.score.passed)", "\(grade.score.total)", "\(grade.roundedPercent)",
                "\(grade.stepsPassed)", needsReview(learner) ? "yes" : "no",
            ]
            let stepScores: [String] = steps.map { byStep[$0.number].map { "\($0.score.passed)" } ?? "" }
            let isolated: String = grade.isolation.map { $0.isolated ? "yes" : "no" } ?? ""
            let committed: String = grade.learnerCommitChosen.map { LearnerRevision.stamp($0.committed) } ?? ""
            rows.append(totals + stepScores + [isolated, grade.learnerCommit ?? "", committed])
        }
        return rows.map { $0.map(Self.csvField).joined(separator: ",") }.joined(separator: "\r\n") + "\r\n"
    }

    static func csvField(_ text: String) -> String {
        // A leading =, +, - or @ would be a formula to a spreadsheet: a learner's name is not code.
        let safe = text.first.map { "=+-@".contains($0) } == true ? "'" + text : text
        guard safe.contains(where: { ",\"\r\n".contains($0) }) else { return safe }
        return "\"" + safe.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
