// How kata ends and why: every layer may say a command cannot go on (the course that cannot be
// read, a kit that cannot be graded), so these sit below them all.

/// How kata ends, as sysexits(3) numbers it where one fits.
public enum ExitStatus: Int32, Sendable {
    case success = 0
    /// A check failed, a step did not build, or the answer is "no".
    case failure = 1
    /// The command line was wrong.
    case usage = 64
    /// A file or folder kata needs is not there (no workspace, no backup).
    case noInput = 66
    /// Something kata relies on is missing (no Swift).
    case unavailable = 69
}

/// A command that cannot go on, with the one line that says why.
struct CommandFailure: Error {
    let message: String
    let status: ExitStatus

    init(_ message: String, status: ExitStatus = .failure) {
        self.message = message
        self.status = status
    }
}
