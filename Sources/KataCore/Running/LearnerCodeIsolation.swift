import Foundation

/// Runs learner code apart from the grader: a command made into one that runs it where it reads only what it is
/// given, writes only what it is given and a temporary folder of its own, and has none of kata's environment. The
/// kinds of isolation are in Isolation/; a grade hands its run of checks one.
protocol LearnerCodeIsolation: Sendable {
    /// `command`, isolated: it reads `readable` (its program's files and resources, by which its program is started)
    /// besides the system and the Swift runtime, read-only; it writes `writable` (its event stream, made in
    /// `eventsFolder`); its environment is `command.environment` alone. `finish` is called once it has ended.
    func isolate(_ command: Command, reading readable: [URL], writing writable: [URL]) -> IsolatedCommand
    /// Where a run's event stream is made, so that the isolated program can write it.
    var eventsFolder: URL { get }
}

/// A command that runs learner code isolated, and what to do once it has ended.
struct IsolatedCommand: Sendable {
    var command: Command
    var finish: @Sendable () -> Void = {}
}
