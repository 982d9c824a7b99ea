/// Whether work a call should have done before returning was only put off, and done a little later by a
/// Task or a block on a queue. A check asks this only when nothing was done during the call, to tell a
/// learner who deferred the work from one whose code never did it. It gives other work a bounded number of
/// turns, never a clock: on a machine too busy to run it in time, the work counts as never done.
func isDoneLater(_ done: () -> Bool) async -> Bool {
    for _ in 0..<2_000 {
        if done() { return true }
        await Task.yield()
    }
    return done()
}
