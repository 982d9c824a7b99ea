/// Whether work a call should have done before returning was only put off, and done a little later by a
/// Task or a block on a queue: false when it is done already, or never comes. It tells a learner who
/// deferred the work from one whose code never did it. It gives other work a bounded number of turns,
/// never a clock: on a machine too busy to run it in time, the work counts as never done. It runs where the
/// check runs (`isolation`), so `done` may read the check's spies.
public func isDoneOnlyLater(
    isolation: isolated (any Actor)? = #isolation, _ done: () -> Bool
) async -> Bool {
    guard !done() else { return false }
    for _ in 0..<2_000 {
        await Task.yield()
        if done() { return true }
    }
    return false
}
