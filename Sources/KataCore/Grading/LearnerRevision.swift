import Foundation

/// Which state of the learner's repository a grade reads: the folder as it stands, a commit named for a regrade, or the
/// last commit before a deadline. A commit is checked out in a folder of its own, a local clone: the learner's folder,
/// its work tree and its branches, are never touched.
enum LearnerRevision: Equatable, Sendable {
    case asItStands
    /// A commit, branch or tag of the learner's repository (`--commit`).
    case commit(String)
    /// The newest commit of the checked-out branch committed at or before this instant (`--before`).
    case lastBefore(Date)

    /// `--before`'s word: an instant with its zone (`2026-12-01T23:59:00Z`, `2026-12-01T23:59:00+01:00`), or a day
    /// alone, which means until that day ends, in UTC; nil for anything else.
    static func deadline(from word: String) -> Date? {
        if let date = ISO8601DateFormatter().date(from: word) { return date }
        let day = ISO8601DateFormatter()
        day.formatOptions = [.withFullDate]
        guard word.count == 10, let start = day.date(from: word) else { return nil }
        return start.addingTimeInterval(86_400 - 1)
    }

    /// The forms `deadline(from:)` takes, for a message that refuses another.
    static let deadlineForms =
        "a day (2026-12-01, until it ends, UTC) or an instant with its zone (2026-12-01T23:59:00Z)"

    /// Whether a word names a commit as `--commit` takes it: no option, no range, nothing git would read as more
    /// than one commit.
    static func isCommitName(_ word: String) -> Bool {
        word.range(of: #"^[A-Za-z0-9][A-Za-z0-9._/-]{0,199}$"#, options: .regularExpression) != nil
            && !word.contains("..")
    }

    /// The commit graded, and how it was chosen, as a grade records it.
    struct Chosen: Codable, Equatable, Sendable {
        let commit: String
        /// When it was committed, by the committer's clock: the learner's machine says it, not a server.
        let committed: Date
        /// The deadline it is the last commit before, when chosen so.
        let deadline: Date?
        /// The commit, branch or tag asked for, when chosen so.
        let asked: String?
    }

    /// The folder to grade for `learner`: the folder itself, or a checkout of the chosen commit under `scratch`
    /// (which the caller removes). Fails with one line when the folder has no history or no such commit.
    func folder(for learner: URL, scratch: URL) throws(CommandFailure) -> (folder: URL, chosen: Chosen?) {
        let commit: String
        switch self {
        case .asItStands:
            return (learner, nil)
        case .commit(let name):
            try Self.requireHistory(learner)
            guard let found = PristineCopy.commit(of: learner, at: name) else {
                throw CommandFailure(
                    "kata grade: \(name) is not a commit of the repository at \(learner.path).", status: .noInput)
            }
            commit = found
        case .lastBefore(let deadline):
            try Self.requireHistory(learner)
            let listed = Self.git(learner, ["rev-list", "-1", "--before=\(Self.stamp(deadline))", "HEAD", "--"])
            let found = listed.output.trimmingCharacters(in: .whitespacesAndNewlines)
            guard listed.succeeded, found.count >= 40 else {
                throw CommandFailure(
                    "kata grade: no commit of the repository at \(learner.path) was made before "
                        + "\(Self.stamp(deadline)): nothing to grade.", status: .noInput)
            }
            commit = found
        }
        let checkout = scratch.appendingPathComponent("learner")
        let cloned = Self.git(nil, ["clone", "--quiet", "--no-checkout", "--", learner.path, checkout.path])
        let checkedOut = cloned.succeeded ? Self.git(checkout, ["checkout", "--quiet", "--detach", commit]) : cloned
        guard checkedOut.succeeded else {
            throw CommandFailure(
                "kata grade: could not check out \(commit) of \(learner.path): "
                    + (checkedOut.output.split(separator: "\n").first.map(String.init) ?? "git failed") + ".",
                status: .unavailable)
        }
        let date = Self.git(checkout, ["log", "-1", "--format=%ct", commit]).output
        let committed = Date(
            timeIntervalSince1970: TimeInterval(date.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0)
        return (checkout, Chosen(commit: commit, committed: committed, deadline: deadline, asked: asked))
    }

    var deadline: Date? { if case .lastBefore(let date) = self { date } else { nil } }
    var asked: String? { if case .commit(let name) = self { name } else { nil } }

    private static func requireHistory(_ learner: URL) throws(CommandFailure) {
        guard FileTree.kind(at: learner.appendingPathComponent(".git")) != nil else {
            throw CommandFailure(
                "kata grade: \(learner.path) is not a git repository; --before and --commit read its history.",
                status: .noInput)
        }
    }

    /// An instant as git reads it and a person does: UTC, to the second.
    static func stamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }

    private static func git(_ repository: URL?, _ arguments: [String]) -> CommandResult {
        Subprocess.run(Git.command(arguments, in: repository, timeLimit: .seconds(300)))
    }
}
