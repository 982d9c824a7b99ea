/// How a command ended, and what it printed (standard output and error, interleaved).
struct CommandResult: Sendable {
    enum Ending: Equatable, Sendable {
        case exited(Int32)
        case signalled(Int32)
        case timedOut
        /// It could not be started at all (not found, not executable).
        case notStarted(String)
    }

    let ending: Ending
    let output: String
    /// Bytes dropped from the middle of the output to respect the limit.
    let droppedBytes: Int
    /// What it printed once told to abort (its backtraces), nil when it was not: the only text a hang's place is read
    /// from, since a check can print anything, a crash report of its own making included.
    var abortedOutput: String? = nil

    var succeeded: Bool { ending == .exited(0) }
}
