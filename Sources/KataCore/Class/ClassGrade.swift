import Foundation

/// `kata class grade`: the grade of record for a class, on the instructor's machine or in the instructor's workflow.
/// Every learner is graded by `kata grade --kit` in a process of its own (one learner's code can never reach another's
/// grade), side by side up to --jobs; each job keeps its own warm grading copy, which `kata grade` brings back to the
/// kit and checks against the kit's manifest before each learner.
struct ClassGrade {
    struct Learner: Equatable, Sendable {
        let name: String
        /// A folder already on this machine, or what `git clone` reads.
        let location: String
        /// The commit, branch or tag of theirs to grade, when the roster pins one (a regrade).
        var commit: String? = nil
    }

    let learners: [Learner]
    let kit: URL
    let out: URL
    let jobs: Int
    /// Whether each learner's grade must run their code isolated (unless the instructor said otherwise).
    var requireIsolation = true
    /// Which commit of each learner is graded, unless the roster pins one: the tip, or the last before a deadline.
    var revision = LearnerRevision.asItStands
    var clonesFolder: URL { out.appendingPathComponent("repositories") }

    /// `NAME LOCATION [COMMIT]` per line; `#` starts a comment. A location is a folder (relative to the
    /// roster), a git URL, or OWNER/REPO on $KATA_CLONE_BASE; a commit, branch or tag pins what is graded.
    static func roster(_ text: String, relativeTo folder: URL) throws(CommandFailure) -> [Learner] {
        var learners: [Learner] = []
        for (index, raw) in text.components(separatedBy: .newlines).enumerated() {
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," }).map(String.init)
            if fields.isEmpty { continue }
            guard fields.count == 2 || fields.count == 3 else {
                throw CommandFailure(
                    "kata class grade: roster line \(index + 1) should be NAME LOCATION [COMMIT]; got '\(raw)'.",
                    status: .usage)
            }
            let local = URL(fileURLWithPath: fields[1], relativeTo: folder).standardizedFileURL
            let location = FileTree.kind(at: local) == .folder ? local.path : fields[1]
            let commit = fields.count == 3 ? fields[2] : nil
            if let commit, !LearnerRevision.isCommitName(commit) {
                throw CommandFailure(
                    "kata class grade: roster line \(index + 1): '\(commit)' is not a commit, branch or tag.",
                    status: .usage)
            }
            learners.append(Learner(name: fields[0], location: location, commit: commit))
        }
        return try checked(learners)
    }

    /// Each folder holding an Exercises/ folder is a learner, named after the folder.
    static func clones(in folder: URL) throws(CommandFailure) -> [Learner] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else {
            throw CommandFailure("kata class grade: \(folder.path) is not a folder.", status: .noInput)
        }
        let learners = names.sorted().filter { name in
            FileTree.kind(at: folder.appendingPathComponent(name).appendingPathComponent("Exercises")) == .folder
        }
        .map { Learner(name: $0, location: folder.appendingPathComponent($0).standardizedFileURL.path) }
        return try checked(learners)
    }

    /// A name becomes file names: letters, digits, `.`, `_`, `-`, and each once.
    static func checked(_ learners: [Learner]) throws(CommandFailure) -> [Learner] {
        var seen = Set<String>()
        for learner in learners {
            guard learner.name.range(of: #"^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$"#, options: .regularExpression) != nil
            else {
                throw CommandFailure(
                    "kata class grade: '\(learner.name)' cannot name a learner's files; use letters, digits, . _ -.",
                    status: .usage)
            }
            guard seen.insert(learner.name.lowercased()).inserted else {
                throw CommandFailure("kata class grade: \(learner.name) is listed twice.", status: .usage)
            }
        }
        return learners
    }

    /// Where git clones a location that is not a folder.
    static func cloneSource(_ location: String, environment: [String: String]) -> String {
        if location.contains("://") || location.hasPrefix("git@") || location.hasPrefix("/") { return location }
        let base = environment["KATA_CLONE_BASE"].flatMap { $0.isEmpty ? nil : $0 } ?? "https://github.com"
        return base.hasSuffix("/") ? base + location : base + "/" + location
    }

    enum Outcome: Sendable {
        /// The grade, and its file's bytes as the learner's grade wrote them (before any other learner's code ran).
        case graded(GradeReport, written: Data)
        case notGraded(String)
    }

    /// The file, beside the grades, that holds each grade file's SHA-256 as the class grade read it when that
    /// learner's grade ended (`sha256sum -c` reads it too): `kata class report` names a grade file that differs.
    static let digestsFile = "grades.sha256"

    /// Writes the digests of the grades, and puts back any grade file that changed since its grade wrote it
    /// (learner code graded later, where it was not isolated, could reach it); the names of those put back.
    static func keep(_ written: [String: Data], in out: URL) -> [String] {
        var restored: [String] = []
        var lines: [String] = []
        for (name, data) in written.sorted(by: { $0.key < $1.key }) {
            let file = out.appendingPathComponent("\(name).json")
            if (try? Data(contentsOf: file)) != data {
                try? data.write(to: file, options: .atomic)
                restored.append(name)
            }
            lines.append("\(SHA256.hex(Array(data)))  \(name).json")
        }
        try? Data((lines.joined(separator: "\n") + "\n").utf8).write(
            to: out.appendingPathComponent(digestsFile), options: .atomic)
        return restored
    }

    /// The grade files among `files` that differ from the digests recorded beside them, when a class grade
    /// recorded any there.
    static func changedSinceWritten(_ files: [URL]) -> [URL] {
        var recorded: [String: [String: String]] = [:]
        return files.filter { file in
            let folder = file.deletingLastPathComponent().path
            if recorded[folder] == nil {
                let text = (try? String(contentsOfFile: folder + "/" + digestsFile, encoding: .utf8)) ?? ""
                var digests: [String: String] = [:]
                for line in text.split(separator: "\n") {
                    let parts = line.split(separator: " ", maxSplits: 1)
                    if parts.count == 2 { digests[parts[1].trimmingCharacters(in: .whitespaces)] = String(parts[0]) }
                }
                recorded[folder] = digests
            }
            guard let digests = recorded[folder], !digests.isEmpty else { return false }
            let data = (try? Data(contentsOf: file)).map(Array.init) ?? []
            return digests[file.lastPathComponent] != SHA256.hex(data)
        }
    }

    /// Grades every learner with `kata`, `jobs` at a time, saying each outcome as it comes.
    func gradeEach(kata: String, environment: [String: String], say: @escaping (String) -> Void) -> [String: Outcome] {
        let queue = LearnerQueue(learners, say: say)
        DispatchQueue.concurrentPerform(iterations: jobs) { slot in
            while let learner = queue.next() {
                queue.record(learner, grade(learner, slot: slot, kata: kata, environment: environment))
            }
        }
        return queue.outcomes
    }

    private func grade(_ learner: Learner, slot: Int, kata: String, environment: [String: String]) -> Outcome {
        var folder = URL(fileURLWithPath: learner.location)
        if FileTree.kind(at: folder) != .folder {
            folder = clonesFolder.appendingPathComponent(learner.name)
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.createDirectory(
                at: clonesFolder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            // The tip alone, unless an older commit is graded: then its history.
            let depth = revision(of: learner) == .asItStands ? ["--depth", "1"] : []
            let clone = Subprocess.run(
                Git.command(
                    ["clone", "--quiet"] + depth + [
                        "--", Self.cloneSource(learner.location, environment: environment), folder.path,
                    ], timeLimit: .seconds(300)))
            guard clone.succeeded else {
                return .notGraded("could not be cloned: " + ClassReport.firstLine(clone.output))
            }
        }
        let json = out.appendingPathComponent("\(learner.name).json")
        try? FileManager.default.removeItem(at: json)
        let copy = Self.gradingFolder(slot: slot, jobs: jobs, kit: kit, environment: environment)
        let result = Subprocess.run(
            Command(
                "/bin/sh",
                ["-c", "cd \"$0\" && exec \"$@\"", folder.path, kata]
                    + gradeArguments(
                        json: json, junit: out.appendingPathComponent("\(learner.name).xml"),
                        revision: revision(of: learner)),
                environment: ["KATA_GRADE_FOLDER": copy.path, "NO_COLOR": "1", "GITHUB_ACTIONS": ""],
                timeLimit: Self.learnerTimeLimit))
        guard result.ending == .exited(0) || result.ending == .exited(1),
            let data = try? Data(contentsOf: json), let grade = GradeReport.decoded(from: data)
        else {
            let last = result.output.split(separator: "\n").last.map(String.init) ?? "\(result.ending)"
            return .notGraded("could not be graded: " + last)
        }
        return .graded(grade, written: data)
    }

    /// Each job its own copy: two learners never share a build, and each job's stays warm. A folder the
    /// environment names (`KATA_GRADE_FOLDER`) is the one job's, or numbered for each of several jobs.
    static func gradingFolder(slot: Int, jobs: Int, kit: URL, environment: [String: String]) -> URL {
        var environment = environment
        if let chosen = environment["KATA_GRADE_FOLDER"], !chosen.isEmpty, jobs > 1 {
            environment["KATA_GRADE_FOLDER"] = chosen + "-\(slot + 1)"
        }
        return PristineCopy.folder(for: .folder(kit), environment: environment, purpose: "class-\(slot + 1)")
    }

    /// Closes what a learner's run must not read of the others to every user but their owner, before any run:
    /// the grades' folder with its clones, and each learner's folder named in the roster. Where learner code runs as
    /// a user of its own (no namespaces), other users could read them; kata, their owner, still can.
    func closeFolders() {
        ([out, clonesFolder] + learners.map { URL(fileURLWithPath: $0.location) }).forEach(FileTree.closeToOthers)
    }

    /// How long one learner's grade may take, and the budget it is given inside that: a grade spends its budget
    /// (building included) and is written, rather than be stopped with nothing written.
    static let learnerTimeLimit: Duration = .seconds(3600)
    static let learnerBudget: Duration = .seconds(1800)

    /// `kata grade`'s arguments for one learner: against the full kit, its documents where given, within the budget.
    func gradeArguments(json: URL, junit: URL, revision: LearnerRevision) -> [String] {
        ["grade", "--kit", kit.path, "--json", json.path, "--junit", junit.path, "--allow-review"]
            + ["--budget", "\(Self.learnerBudget.components.seconds)"]
            + (requireIsolation ? ["--require-isolation"] : []) + Self.arguments(for: revision)
    }

    /// What is graded of a learner: the commit the roster pins, or the class's choice.
    func revision(of learner: Learner) -> LearnerRevision {
        learner.commit.map(LearnerRevision.commit) ?? revision
    }

    /// `kata grade`'s words for a revision.
    static func arguments(for revision: LearnerRevision) -> [String] {
        switch revision {
        case .asItStands: []
        case .commit(let name): ["--commit", name]
        case .lastBefore(let deadline): ["--before", LearnerRevision.stamp(deadline)]
        }
    }

    static func line(_ learner: Learner, _ outcome: Outcome, took: Duration? = nil) -> String {
        let time = took.map { " in \(Int($0.components.seconds)) s" } ?? ""
        switch outcome {
        case .graded(let grade, _):
            return "  \(learner.name): \(grade.score.passed)/\(grade.score.total) (\(grade.roundedPercent)%)"
                + "\(grade.needsReview ? ", needs review" : "")\(time)\n"
        case .notGraded(let why):
            return "  \(learner.name): \(why)\(time)\n"
        }
    }
}

/// The learners still to grade, handed out one at a time to the jobs, and what became of each, said as it happens:
/// a class takes minutes per learner, and whoever watches it should see it move.
private final class LearnerQueue: @unchecked Sendable {
    private let lock = NSLock()
    private var waiting: [ClassGrade.Learner]
    private var done: [String: ClassGrade.Outcome] = [:]
    private var started: [String: ContinuousClock.Instant] = [:]
    private let count: Int
    private let say: (String) -> Void

    init(_ learners: [ClassGrade.Learner], say: @escaping (String) -> Void) {
        waiting = learners.reversed()
        count = learners.count
        self.say = say
    }

    func next() -> ClassGrade.Learner? {
        lock.withLock {
            guard let learner = waiting.popLast() else { return nil }
            started[learner.name] = .now
            say("  [\(count - waiting.count)/\(count)] \(learner.name): grading…\n")
            return learner
        }
    }

    func record(_ learner: ClassGrade.Learner, _ outcome: ClassGrade.Outcome) {
        lock.withLock {
            done[learner.name] = outcome
            let took = started[learner.name].map { ContinuousClock.now - $0 }
            say(ClassGrade.line(learner, outcome, took: took))
        }
    }

    var outcomes: [String: ClassGrade.Outcome] { lock.withLock { done } }
}
