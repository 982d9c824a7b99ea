import Foundation

/// A command to run: no shell, so paths with spaces need no quoting.
struct Command: Sendable {
    var executable: String
    var arguments: [String]
    /// Variables to set on top of this process's environment.
    var environment: [String: String]
    /// Which of this process's variables it inherits: all, unless said.
    var inherits: @Sendable (_ name: String) -> Bool = { _ in true }
    /// How long it may run before it is stopped, with everything it started.
    var timeLimit: Duration?
    /// How much of its output to keep: the beginning and the end, this many bytes each.
    var outputLimit: Int
    /// Sees the output as it comes, a piece at a time (pieces may split a line).
    var onOutput: (@Sendable (String) -> Void)?
    /// Asked as the command runs, every few milliseconds: true stops it as the time limit does.
    var stopWhen: (@Sendable () -> Bool)?
    /// Whether a command stopped for its time limit is first asked where it was: a Swift program
    /// told to abort prints every thread's backtrace (the runtime's backtracer), read as a crash's is.
    var tracedWhenStopped = false

    init(
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

/// Runs commands so that nothing they start outlives them: each command leads a session of its own, and when it ends,
/// is stopped by a time limit, or kata is told to stop, whatever is left of that session (the compilers SwiftPM
/// started, a process a check left in the background) is ended too.
enum Subprocess {
    /// How long output is still read once the command itself has ended, for what it wrote
    /// last; a process it left behind holding the output open is not waited for.
    static let drainTime: Duration = .milliseconds(200)
    /// How long a stopped command may take to print its backtraces before it is killed. The backtracer takes a fraction
    /// of a second on a quiet machine, symbols included, and kata stops waiting the moment every report has ended;
    /// on a loaded one (a whole kit verified on two cores) a hang once named no place when this was five seconds.
    static let backtraceTime: Duration = .seconds(15)

    static func run(_ command: Command) -> CommandResult {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else {
            return CommandResult(
                ending: .notStarted("no pipe: \(String(cString: strerror(errno)))"), output: "", droppedBytes: 0)
        }
        let (readEnd, writeEnd) = (pipeEnds[0], pipeEnds[1])
        // Neither end leaks into another command started meanwhile: that one would hold
        // this output open, and its reader would wait for it.
        _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)
        _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)

        var environment = ProcessInfo.processInfo.environment.filter { command.inherits($0.key) }
        environment.merge(command.environment) { _, new in new }
        ProcessPlatform.adoptOrphans()
        let started = RunningChildren.shared.start(scope: .session) {
            ProcessPlatform.spawn(
                command.executable, command.arguments, environment: environment,
                streams: .captured(readEnd: readEnd, writeEnd: writeEnd), newSession: true)
        }
        close(writeEnd)
        let pid: pid_t
        switch started {
        case .success(let child):
            pid = child
        case .failure(let error):
            close(readEnd)
            return CommandResult(
                ending: .notStarted("\(command.executable): \(error.reason)"), output: "", droppedBytes: 0)
        }

        var collector = CappedOutput(limit: command.outputLimit)
        let clock = ContinuousClock()
        let deadline = command.timeLimit.map { clock.now + $0 }
        var exitStatus: Int32?
        var drainUntil: ContinuousClock.Instant?
        var endOfOutput = false
        var timedOut = false
        // Once told to abort: until when its backtraces are waited for, how many programs were told, what it printed
        // since, and whether every report it asked for has ended.
        var tracing: (until: ContinuousClock.Instant, told: Int, output: CappedOutput, reported: Bool)?
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            if exitStatus == nil {
                var status: Int32 = 0
                if waitpid(pid, &status, WNOHANG) == pid {
                    exitStatus = status
                    drainUntil = clock.now + drainTime
                }
            }
            // Told to abort, it is followed until its output closes: the backtracer's own process writes after the
            // program it reports on has ended.
            if exitStatus != nil, endOfOutput || (tracing == nil && drainUntil.map({ clock.now >= $0 }) == true) {
                break
            }
            let pastDeadline = deadline.map({ clock.now >= $0 }) == true
            if !timedOut, pastDeadline || (exitStatus == nil && command.stopWhen?() == true) {
                timedOut = true
                // A whole run's limit or a grade's budget ends it at once: only a check stopped for hanging is asked
                // where it was (its output goes on being read while it prints that), and never past the deadline.
                guard command.tracedWhenStopped, !pastDeadline, exitStatus == nil else { break }
                let told = ProcessTree.abort(.session(pid))
                let traced = clock.now + backtraceTime
                tracing = (
                    deadline.map { min($0, traced) } ?? traced, told, CappedOutput(limit: command.outputLimit), false
                )
            }
            // A program told to abort from outside may go on running once its backtraces are out (the thread that
            // loops was not the one told): it is not waited for past the end of every report.
            if let tracing, clock.now >= tracing.until || tracing.reported { break }
            // Wake up often enough to notice the command's end even while something it left
            // behind keeps the output open.
            var wait = Duration.milliseconds(50)
            if let deadline, !timedOut { wait = min(wait, clock.now.duration(to: deadline)) }
            if let tracing { wait = min(wait, clock.now.duration(to: tracing.until)) }
            if let drainUntil, tracing == nil { wait = min(wait, clock.now.duration(to: drainUntil)) }
            let milliseconds = Int32(
                max(1, wait.components.seconds * 1000 + wait.components.attoseconds / 1_000_000_000_000_000))
            if endOfOutput {
                // The output is closed and the command about to end: look again very soon.
                sleepFor(.milliseconds(2))
                continue
            }
            var poller = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, milliseconds) > 0 else { continue }
            let count = read(readEnd, &buffer, buffer.count)
            if count < 0, errno == EINTR || errno == EAGAIN { continue }
            if count <= 0 {
                endOfOutput = true
                continue
            }
            collector.append(buffer[0..<count])
            if var traced = tracing {
                traced.output.append(buffer[0..<count])
                traced.reported = traced.told > 0 && CrashLog.finishedBacktraces(in: traced.output.text) >= traced.told
                tracing = traced
            }
            command.onOutput?(String(decoding: buffer[0..<count], as: UTF8.self))
        }
        // Whatever the command left running ends with it; on a time limit, the command too.
        ProcessTree.end(.session(pid))
        RunningChildren.shared.endAdoptedOrphans()
        close(readEnd)
        if exitStatus == nil {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0, errno == EINTR {}
            exitStatus = status
        }
        RunningChildren.shared.finished(pid)
        // Ended because kata is being stopped: that is not this command's result to report.
        KataSignals.waitIfStopping()

        let ending: CommandResult.Ending = timedOut ? .timedOut : Self.ending(of: exitStatus ?? 0)
        return CommandResult(
            ending: ending, output: collector.text, droppedBytes: collector.dropped, abortedOutput: tracing?.output.text
        )
    }

    /// Runs a command on this terminal: it reads kata's input and writes to kata's output
    /// directly, and Ctrl-C reaches it as it reaches kata (it stays in kata's process group,
    /// the terminal's foreground). If kata is told to stop, it is stopped as well.
    static func runAttached(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:]
    ) -> CommandResult.Ending {
        let merged = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let started = RunningChildren.shared.start(scope: .descendants) {
            ProcessPlatform.spawn(executable, arguments, environment: merged, streams: .inherited, newSession: false)
        }
        let pid: pid_t
        switch started {
        case .success(let child): pid = child
        case .failure(let error): return .notStarted("\(executable): \(error.reason)")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        RunningChildren.shared.finished(pid)
        KataSignals.waitIfStopping()
        return ending(of: status)
    }

    /// How a process ended, from its wait status. <sys/wait.h> encodes it the same way on
    /// Darwin and Glibc: the low 7 bits are the signal (0 for a normal exit), the next 8 the
    /// exit code (WIFEXITED, WEXITSTATUS, WTERMSIG are macros Swift cannot import).
    static func ending(of status: Int32) -> CommandResult.Ending {
        status & 0x7f == 0 ? .exited((status >> 8) & 0xff) : .signalled(status & 0x7f)
    }
}

/// Everything a child started, found in the process table, so that it can be ended.
enum ProcessTree {
    enum Scope: Equatable {
        /// A session leader: its session, its process group and its descendants.
        case session(pid_t)
        /// A process in kata's own session (an app on the terminal): it and its descendants.
        case descendants(pid_t)

        var root: pid_t {
            switch self {
            case .session(let pid), .descendants(let pid): pid
            }
        }
    }

    /// The processes of `scope` still running, kata never among them.
    static func members(_ scope: Scope, in table: [ProcessPlatform.Entry]) -> [pid_t] {
        let root = scope.root
        var children: [pid_t: [pid_t]] = [:]
        for entry in table {
            children[entry.parent, default: []].append(entry.pid)
        }
        var found: Set<pid_t> = [root]
        var queue = [root]
        while let pid = queue.popLast() {
            for child in children[pid] ?? [] where found.insert(child).inserted {
                queue.append(child)
            }
        }
        if case .session(let leader) = scope {
            for entry in table where entry.session == leader || entry.group == leader {
                found.insert(entry.pid)
            }
        }
        let me = getpid()
        return table.filter { found.contains($0.pid) && !$0.isZombie && $0.pid != me }.map(\.pid)
    }

    /// Tells the processes of `scope` that started no other to abort: the program at the end of a
    /// chain of wrappers (a sandbox, `swift test`), which prints its backtraces as it ends.
    /// Returns how many were told.
    static func abort(_ scope: Scope) -> Int {
        let table = ProcessPlatform.processes()
        let running = members(scope, in: table)
        let parents = Set(table.filter { running.contains($0.pid) && !$0.isZombie }.map(\.parent))
        let leaves = running.filter { !parents.contains($0) }
        for pid in leaves {
            kill(pid, SIGABRT)
        }
        return leaves.count
    }

    /// Kills every process of `scope` until none is left (processes may fork while it
    /// looks, so it looks again), for at most `limit`.
    static func end(_ scope: Scope, within limit: Duration = .milliseconds(800)) {
        let clock = ContinuousClock()
        let deadline = clock.now + limit
        repeat {
            let running = members(scope, in: ProcessPlatform.processes())
            if running.isEmpty { return }
            for pid in running {
                kill(pid, SIGKILL)
            }
            sleepFor(.milliseconds(5))
        } while clock.now < deadline
    }
}

/// The children running right now, so that a signal to kata can end them before kata exits.
final class RunningChildren: @unchecked Sendable {
    static let shared = RunningChildren()
    private let lock = NSLock()
    private var running: [pid_t: ProcessTree.Scope] = [:]
    private var stopping = false

    enum Kind {
        case session, descendants
    }

    /// Starts a child with `spawn` and remembers it; once kata is stopping, starts nothing.
    func start(scope kind: Kind, _ spawn: () -> Result<pid_t, ProcessPlatform.SpawnError>) -> Result<
        pid_t, ProcessPlatform.SpawnError
    > {
        lock.lock()
        defer { lock.unlock() }
        guard !stopping else { return .failure(ProcessPlatform.SpawnError(code: ECANCELED)) }
        let result = spawn()
        if case .success(let pid) = result {
            running[pid] = kind == .session ? .session(pid) : .descendants(pid)
        }
        return result
    }

    func finished(_ pid: pid_t) { lock.withLock { _ = running.removeValue(forKey: pid) } }

    /// Ends the processes kata adopted (see `ProcessPlatform.adoptOrphans`): children of kata it did not start, left by
    /// a command that double-forked out of its session to outlive its run (and, learner code among them, touch what a
    /// later grade uses). Their own children are adopted in turn as they die, so it looks again.
    func endAdoptedOrphans() {
        let me = getpid()
        for _ in 0..<50 {
            let orphans = lock.withLock {
                ProcessPlatform.processes().filter { $0.parent == me && running[$0.pid] == nil }.map(\.pid)
            }
            if orphans.isEmpty { return }
            for pid in orphans {
                kill(pid, SIGKILL)
                var status: Int32 = 0
                while waitpid(pid, &status, 0) < 0, errno == EINTR {}
            }
        }
    }

    /// Ends every running child and all it started, and starts no more.
    func stopAll() {
        let scopes = lock.withLock {
            stopping = true
            return Array(running.values)
        }
        for scope in scopes {
            ProcessTree.end(scope)
        }
    }
}

/// Keeps the beginning and the end of a long output, and counts what it dropped between.
struct CappedOutput {
    let limit: Int
    private(set) var head: [UInt8] = []
    private(set) var tail: [UInt8] = []
    private(set) var dropped = 0

    init(limit: Int) { self.limit = max(limit, 1024) }

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
        guard dropped > 0 else { return String(decoding: head + tail, as: UTF8.self) }
        let note = "\n… \(dropped) bytes of output left out …\n"
        return String(decoding: head, as: UTF8.self) + note + String(decoding: tail, as: UTF8.self)
    }
}
