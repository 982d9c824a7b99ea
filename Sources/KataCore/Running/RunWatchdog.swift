import Foundation

/// Watches a run of checks as its event stream is written: when the stream has not moved for the time limit (a check
/// that never ends, a program that never starts its checks), the run is stopped, and the check running is named. A
/// check takes milliseconds, so a hang costs the limit once, not a whole run's worth of time.
final class RunWatchdog: @unchecked Sendable {
    let events: URL
    let limit: Duration
    private let lock = NSLock()
    private var size = -1
    private var since = ContinuousClock.now
    private var fired = false

    init(events: URL, limit: Duration) {
        self.events = events
        self.limit = limit
    }

    /// Whether the run must stop now: asked as it goes, every few milliseconds.
    func shouldStop() -> Bool {
        lock.withLock {
            let current = FileTree.stamp(of: events.path)?.size ?? 0
            if current != size {
                size = current
                since = .now
            } else if ContinuousClock.now - since > limit {
                fired = true
            }
            return fired
        }
    }

    /// Whether it stopped the run.
    var stoppedTheRun: Bool { lock.withLock { fired } }

    /// How long a whole run may take at most, for a program that keeps writing events and never ends: a ceiling far
    /// above what a step's checks take, whatever the limit of one check.
    static func ceiling(forCheckLimit limit: Duration) -> Duration { max(limit * 12, .seconds(120)) }
}
