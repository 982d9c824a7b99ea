import Foundation

/// Watches a run of checks as its event stream is written: when the stream has not moved for the time limit (a check
/// that never ends, a program that never starts its checks), the run is stopped, and the check running is named. A
/// check takes milliseconds, so a hang costs the limit once, not a whole run's worth of time.
final class RunWatchdog: @unchecked Sendable {
    let events: URL
    let limit: Duration
    /// Told at every look which check runs now (nil between checks) and for how long, for a person waiting; without
    /// it the stream's contents are never read.
    private let onLook: (@Sendable (_ check: String?, _ running: Duration) -> Void)?
    private let lock = NSLock()
    private var size = -1
    private var since = ContinuousClock.now
    private var fired = false
    private var live = LiveRun()
    private var read: UInt64 = 0
    private var runningSince = ContinuousClock.now

    init(events: URL, limit: Duration, onLook: (@Sendable (String?, Duration) -> Void)? = nil) {
        self.events = events
        self.limit = limit
        self.onLook = onLook
    }

    /// Whether the run must stop now: asked as it goes, every few milliseconds.
    func shouldStop() -> Bool {
        let (stop, check, running) = lock.withLock { () -> (Bool, String?, Duration) in
            let current = FileTree.stamp(of: events.path)?.size ?? 0
            if current != size {
                size = current
                since = .now
                if onLook != nil { readOn() }
            } else if ContinuousClock.now - since > (size > 0 ? limit : Self.startLimit(forCheckLimit: limit)) {
                fired = true
            }
            return (fired, live.running, ContinuousClock.now - runningSince)
        }
        onLook?(check, running)
        return stop
    }

    /// Reads what the stream gained since the last look.
    private func readOn() {
        guard let handle = try? FileHandle(forReadingFrom: events) else { return }
        defer { try? handle.close() }
        // Up to the last whole line: a character's bytes are never split between two reads.
        guard (try? handle.seek(toOffset: read)) != nil, let data = try? handle.readToEnd(),
            let end = data.lastIndex(of: UInt8(ascii: "\n"))
        else { return }
        let lines = data[data.startIndex...end]
        read += UInt64(lines.count)
        let started = live.started
        live.read(String(decoding: lines, as: UTF8.self))
        if live.started != started { runningSince = .now }
    }

    /// How long the program may take to write its first event: loading it (through `swift test`, SwiftPM's manifest
    /// first) takes seconds on a busy machine, and is no check of the learner's hanging, so a short check limit
    /// (`--time-limit 1`) does not apply to it.
    static func startLimit(forCheckLimit limit: Duration) -> Duration { max(limit, .seconds(10)) }

    /// Whether it stopped the run before the program wrote any event.
    var stoppedBeforeAnyEvent: Bool { lock.withLock { fired && size <= 0 } }

    /// Whether it stopped the run.
    var stoppedTheRun: Bool { lock.withLock { fired } }

    /// How long a whole run may take at most, for a program that keeps writing events and never ends: a ceiling far
    /// above what a step's checks take, whatever the limit of one check.
    static func ceiling(forCheckLimit limit: Duration) -> Duration { max(limit * 12, .seconds(120)) }
}
