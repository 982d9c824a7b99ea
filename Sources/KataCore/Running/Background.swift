import Foundation

/// Work started on a thread of its own at once; `value` waits for it. A thread, not a dispatch queue: the work blocks
/// on child processes for minutes, and on 2 cores a queue's pool may not start a third job while two block.
final class Background<Value: Sendable>: @unchecked Sendable {
    private let finished = DispatchSemaphore(value: 0)
    private let result = Locked<Value?>(nil)

    init(_ work: @escaping @Sendable () -> Value) {
        let thread = Thread { [result, finished] in
            let value = work()
            result.withLock { $0 = value }
            finished.signal()
        }
        // The main thread's size: builds and file walks are not deep, but nothing here should be the first to find out.
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// The work's result, once it has ended; every caller gets the same one.
    var value: Value {
        finished.wait()
        finished.signal()
        return result.withLock { $0! }
    }

    /// Whether the work has ended, without waiting.
    var isFinished: Bool { result.withLock { $0 != nil } }
}

/// What each of several jobs running at once is doing, for a one-line progress display.
final class ProgressBoard: @unchecked Sendable {
    private let entries = Locked<[(job: String, doing: String)]>([])

    /// Says what `job` is doing now; an empty text takes it off the board.
    func set(_ job: String, _ doing: String) {
        entries.withLock { entries in
            if doing.isEmpty {
                entries.removeAll { $0.job == job }
            } else if let index = entries.firstIndex(where: { $0.job == job }) {
                entries[index].doing = doing
            } else {
                entries.append((job, doing))
            }
        }
    }

    /// Every job on the board, in the order they came onto it.
    var line: String {
        entries.withLock { $0.map { "\($0.job): \($0.doing)" }.joined(separator: " · ") }
    }
}
