import Foundation

/// Ctrl-C, SIGTERM or a closed terminal must stop everything kata started (a build, its compilers, a test process, an
/// app), leave no scratch file behind, put the terminal back, and lose nothing. A signal handler may do almost none of
/// that safely (no locks, no allocation), so the signals are blocked in every thread and one thread waits for them with
/// sigwait(2), then does the work as ordinary code.
public enum KataSignals {
    static let stopSignals = [SIGINT, SIGTERM, SIGHUP]

    /// Call first, before any other thread starts: threads inherit the blocked signals.
    public static func stopChildrenOnInterrupt() {
        // Whoever started kata may have ignored these; an ignored signal never becomes pending, so sigwait would never
        // see it. Children get them back at their defaults (ProcessPlatform.spawn).
        for number in stopSignals {
            signal(number, SIG_DFL)
        }
        // Writing to a closed pipe (`kata check 3 | head -1`) then fails with EPIPE, which
        // StandardStream answers by stopping cleanly, instead of dying with children left.
        signal(SIGPIPE, SIG_IGN)
        var handled = signalSet()
        pthread_sigmask(SIG_BLOCK, &handled, nil)
        let waiter = Thread {
            var waitedFor = signalSet()
            while true {
                var received: Int32 = 0
                guard sigwait(&waitedFor, &received) == 0 else { continue }
                stop(becauseOf: received)
            }
        }
        waiter.name = "kata signals"
        waiter.start()
    }

    private static func signalSet() -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for number in stopSignals {
            sigaddset(&set, number)
        }
        return set
    }

    /// Ends every child and all they started, removes kata's scratch files, puts the
    /// terminal back, says so (unless `quietly`), and exits with 128 + the signal.
    static func stop(becauseOf signal: Int32, quietly: Bool = false) -> Never {
        stopping.withLock { $0 = true }
        // A step of work that must not be cut in two (swapping folders) finishes first.
        criticalSection.lock()
        RunningChildren.shared.stopAll()
        ScratchFiles.shared.removeAll()
        TerminalState.restore()
        if !quietly {
            let message = messageOnStop
            _ = message.withCString { write(STDERR_FILENO, $0, strlen($0)) }
        }
        _exit(128 + signal)
    }

    /// What a stop says: that the learner's files are as they left them, unless kata has changed them already and
    /// said how (a step swapped for its starter, whose files are in a backup).
    static var messageOnStop: String {
        let notes = changes.withLock { $0 }
        return "\nkata: stopped. " + (notes.isEmpty ? "Your files are as you left them." : notes.joined(separator: " "))
            + "\n"
    }

    /// Said by a stop from now on: a change to the learner's files made for good.
    static func changedFiles(_ note: String) { changes.withLock { $0.append(note) } }

    /// A change undone: no longer said.
    static func unchangedFiles(_ note: String) { changes.withLock { $0.removeAll { $0 == note } } }

    private static let changes = Locked<[String]>([])

    private static let criticalSection = NSLock()
    private static let stopping = Locked(false)

    /// Whether kata is being stopped: whatever the other threads were doing, it ends here.
    static var isStopping: Bool { stopping.withLock { $0 } }

    /// Waits for the stop under way to end the process, when there is one: the thread that
    /// calls it must not go on to print a result, or exit with a status of its own.
    static func waitIfStopping() {
        guard isStopping else { return }
        while true { sleepFor(.seconds(60)) }
    }

    /// Exits with `status`, unless kata is being stopped, which exits in its own way.
    public static func exit(_ status: ExitStatus) -> Never {
        waitIfStopping()
        Foundation.exit(status.rawValue)
    }

    /// Runs `body` whole: a signal that arrives meanwhile is acted on once it is done. For
    /// short steps only, such as the two renames that swap a folder for another.
    static func uninterrupted<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        criticalSection.lock()
        defer { criticalSection.unlock() }
        return try body()
    }
}

/// Files and folders kata makes for a moment (an event stream, a backup being written, a
/// folder being swapped in): removed when kata is stopped before it removes them itself.
final class ScratchFiles: @unchecked Sendable {
    static let shared = ScratchFiles()
    private let lock = NSLock()
    private var paths: Set<String> = []

    func track(_ url: URL) { lock.withLock { _ = paths.insert(url.path) } }

    func forget(_ url: URL) { lock.withLock { _ = paths.remove(url.path) } }

    /// Removes `url` and forgets it.
    func remove(_ url: URL) {
        Self.removeItem(url.path)
        forget(url)
    }

    func removeAll() {
        let all = lock.withLock { paths }
        // A copy may add a name between a folder's listing and its removal: look again.
        for _ in 0..<3 {
            for path in all where FileManager.default.fileExists(atPath: path) || Self.isLink(path) {
                Self.removeItem(path)
            }
            if !all.contains(where: { FileManager.default.fileExists(atPath: $0) }) { return }
            sleepFor(.milliseconds(20))
        }
    }

    private static func isLink(_ path: String) -> Bool {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType == .typeSymbolicLink
    }

    /// Removes a file or a folder; a link is removed itself, never what it points to.
    static func removeItem(_ path: String) {
        if isLink(path) {
            unlink(path)
        } else {
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    /// The names in `folder` that are `prefix`, a process's id, then `-…`, where that process is
    /// gone: scratch left by a kata killed outright, and litter now.
    static func leftByGoneProcesses(in folder: URL, prefix: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { name in
            guard name.hasPrefix(prefix), let pid = pid_t(name.dropFirst(prefix.count).prefix { $0 != "-" }) else {
                return false
            }
            return pid > 0 && kill(pid, 0) != 0 && errno == ESRCH
        }
    }
}

/// Swift Testing's event stream for one run of checks: a file in the temporary folder,
/// removed after the run, or by ScratchFiles when kata is stopped. One left by a kata that
/// was killed outright (SIGKILL cannot be caught) is removed by the next run.
enum EventFiles {
    static let prefix = "kata-events-"

    static func make(in folder: URL = FileManager.default.temporaryDirectory) -> URL {
        sweep(folder)
        let file = folder.appendingPathComponent("\(prefix)\(getpid())-\(UUID().uuidString).jsonl")
        ScratchFiles.shared.track(file)
        return file
    }

    static func remove(_ file: URL) { ScratchFiles.shared.remove(file) }

    /// Removes the event files of katas that are no longer running.
    static func sweep(_ folder: URL) {
        for name in ScratchFiles.leftByGoneProcesses(in: folder, prefix: prefix) where name.hasSuffix(".jsonl") {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }
}

/// kata's standard output and error. Every byte is written, and a reader that went away (`kata check 3 | head -1`) ends
/// kata at once, quietly, with everything it started, as SIGPIPE would end a program that left it at its default.
public enum StandardStream {
    /// Writes all of `text` to `descriptor`, going on after partial writes and interruptions.
    public static func write(_ text: String, to descriptor: Int32) {
        // Once kata is being stopped, only the stop speaks.
        KataSignals.waitIfStopping()
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
            if written > 0 {
                bytes = bytes.dropFirst(written)
            } else if written < 0, errno == EINTR || errno == EAGAIN {
                continue
            } else if written < 0, errno == EPIPE {
                KataSignals.stop(becauseOf: SIGPIPE, quietly: true)
            } else {
                return
            }
        }
    }
}

// `write` inside StandardStream would name the method, not the C function.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
