import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A command to run: no shell, so paths with spaces need no quoting.
public struct Command: Sendable {
    public var executable: String
    public var arguments: [String]
    /// Variables to set on top of this process's environment.
    public var environment: [String: String]
    /// How long it may run before it is stopped, with everything it started.
    public var timeLimit: Duration?
    /// How much of its output to keep: the beginning and the end, this many bytes each.
    public var outputLimit: Int

    public init(
        _ executable: String,
        _ arguments: [String],
        environment: [String: String] = [:],
        timeLimit: Duration? = nil,
        outputLimit: Int = 256 * 1024
    ) {
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
        self.timeLimit = timeLimit
        self.outputLimit = outputLimit
    }
}

/// How a command ended, and what it printed (standard output and error, interleaved).
public struct CommandResult: Sendable {
    public enum Ending: Equatable, Sendable {
        case exited(Int32)
        case signalled(Int32)
        case timedOut
        /// It could not be started at all (not found, not executable).
        case notStarted(String)
    }

    public let ending: Ending
    public let output: String
    /// Bytes dropped from the middle of the output to respect the limit.
    public let droppedBytes: Int

    public var succeeded: Bool { ending == .exited(0) }
}

/// Runs commands in their own process group, so that a time limit or Ctrl-C stops
/// the command and everything it started (the compiler, the test process).
public enum Subprocess {
    public static func run(_ command: Command) -> CommandResult {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else {
            return CommandResult(ending: .notStarted("no pipe: \(errnoText())"), output: "", droppedBytes: 0)
        }
        let (readEnd, writeEnd) = (pipeEnds[0], pipeEnds[1])

        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t? = nil
            var attributes: posix_spawnattr_t? = nil
        #else
            var actions = posix_spawn_file_actions_t()
            var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addclose(&actions, readEnd)
        posix_spawn_file_actions_adddup2(&actions, writeEnd, STDOUT_FILENO)
        posix_spawn_file_actions_adddup2(&actions, writeEnd, STDERR_FILENO)
        posix_spawn_file_actions_addclose(&actions, writeEnd)
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // A group of its own, so a time limit or Ctrl-C can stop everything it starts; no
        // signal blocked or ignored, whatever kata inherited, so stopping it always works.
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        posix_spawnattr_setpgroup(&attributes, 0)
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE] {
            sigaddset(&defaults, signal)
        }
        posix_spawnattr_setsigdefault(&attributes, &defaults)

        var environment = ProcessInfo.processInfo.environment
        environment.merge(command.environment) { _, new in new }
        let argv = [command.executable] + command.arguments
        let envp = environment.map { "\($0.key)=\($0.value)" }

        var pid: pid_t = 0
        let status = withCStrings(argv) { argvPointer in
            withCStrings(envp) { envPointer in
                posix_spawnp(&pid, command.executable, &actions, &attributes, argvPointer, envPointer)
            }
        }
        close(writeEnd)
        guard status == 0 else {
            close(readEnd)
            let reason = String(cString: strerror(status))
            return CommandResult(ending: .notStarted("\(command.executable): \(reason)"), output: "", droppedBytes: 0)
        }

        RunningChildren.shared.insert(pid)
        defer { RunningChildren.shared.remove(pid) }

        var collector = CappedOutput(limit: command.outputLimit)
        let deadline = command.timeLimit.map { ContinuousClock.now + $0 }
        var timedOut = false
        readLoop: while true {
            var waitMilliseconds: Int32 = -1
            if let deadline {
                let left = ContinuousClock.now.duration(to: deadline)
                if left <= .zero {
                    timedOut = true
                    break readLoop
                }
                waitMilliseconds = Int32(clamping: left.components.seconds * 1000 + 1)
            }
            var poller = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, waitMilliseconds)
            if ready < 0, errno == EINTR { continue }
            if ready == 0 { continue }
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            let count = read(readEnd, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            collector.append(buffer[0..<count])
        }
        if timedOut {
            stopGroup(pid)
        }
        close(readEnd)

        var waitStatus: Int32 = 0
        while waitpid(pid, &waitStatus, 0) < 0, errno == EINTR {}
        let ending: CommandResult.Ending
        if timedOut {
            ending = .timedOut
        } else if waitStatus & 0x7f == 0 {
            ending = .exited((waitStatus >> 8) & 0xff)
        } else {
            ending = .signalled(waitStatus & 0x7f)
        }
        return CommandResult(ending: ending, output: collector.text, droppedBytes: collector.dropped)
    }

    /// Runs a command on this terminal: it reads kata's input and writes to kata's output
    /// directly, and Ctrl-C reaches it as it reaches kata. Returns how it ended.
    public static func runAttached(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:]
    ) -> CommandResult.Ending {
        let argv = [executable] + arguments
        let envp = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
            .map { "\($0.key)=\($0.value)" }
        var pid: pid_t = 0
        let status = withCStrings(argv) { argvPointer in
            withCStrings(envp) { envPointer in
                posix_spawn(&pid, executable, nil, nil, argvPointer, envPointer)
            }
        }
        guard status == 0 else {
            return .notStarted("\(executable): \(String(cString: strerror(status)))")
        }
        var waitStatus: Int32 = 0
        while waitpid(pid, &waitStatus, 0) < 0, errno == EINTR {}
        return waitStatus & 0x7f == 0 ? .exited((waitStatus >> 8) & 0xff) : .signalled(waitStatus & 0x7f)
    }

    /// Asks the group to stop, then makes it stop.
    static func stopGroup(_ pid: pid_t) {
        kill(-pid, SIGTERM)
        for _ in 0..<20 {
            if kill(-pid, 0) != 0 { return }
            usleep(50_000)
        }
        kill(-pid, SIGKILL)
    }

    private static func errnoText() -> String {
        String(cString: strerror(errno))
    }
}

/// The children running right now, so that Ctrl-C can stop them before kata exits.
final class RunningChildren: @unchecked Sendable {
    static let shared = RunningChildren()
    private let lock = NSLock()
    private var pids: Set<pid_t> = []

    func insert(_ pid: pid_t) { lock.withLock { _ = pids.insert(pid) } }
    func remove(_ pid: pid_t) { lock.withLock { _ = pids.remove(pid) } }

    /// Stops every running child's process group. Safe to call from a signal handler's thread.
    func stopAll() {
        let running = lock.withLock { pids }
        for pid in running {
            kill(-pid, SIGKILL)
        }
    }
}

/// Keeps the beginning and the end of a long output, and counts what it dropped between.
struct CappedOutput {
    let limit: Int
    private(set) var head: [UInt8] = []
    private(set) var tail: [UInt8] = []
    private(set) var dropped = 0

    init(limit: Int) {
        self.limit = max(limit, 1024)
    }

    mutating func append(_ bytes: ArraySlice<UInt8>) {
        var bytes = bytes
        if head.count < limit {
            let room = limit - head.count
            head.append(contentsOf: bytes.prefix(room))
            bytes = bytes.dropFirst(room)
        }
        guard !bytes.isEmpty else { return }
        tail.append(contentsOf: bytes)
        if tail.count > limit {
            let excess = tail.count - limit
            tail.removeFirst(excess)
            dropped += excess
        }
    }

    var text: String {
        guard dropped > 0 else {
            return String(decoding: head + tail, as: UTF8.self)
        }
        let note = "\n… \(dropped) bytes of output left out …\n"
        return String(decoding: head, as: UTF8.self) + note + String(decoding: tail, as: UTF8.self)
    }
}

// MARK: - posix_spawn plumbing

private func withCStrings<Result>(
    _ strings: [String],
    _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> Result
) -> Result {
    var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
    pointers.append(nil)
    defer {
        for pointer in pointers { free(pointer) }
    }
    return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
}
