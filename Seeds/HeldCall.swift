/// A gate a spy's call passes through, where a check can hold it until it lets it go: so that a second request
/// starts while the first still awaits its answer, with no clock involved.
@MainActor
public final class HeldCall {
    /// Whether the next call to pass the gate waits there until `release()`.
    public var holdsNext = false
    private var held: CheckedContinuation<Void, Never>?
    private var arrival: CheckedContinuation<Void, Never>?

    public init() {}

    /// Where the spy's call goes through: at once, or, when a hold was asked for, once released.
    public func pass() async {
        guard holdsNext else { return }
        holdsNext = false
        await withCheckedContinuation { continuation in
            held = continuation
            arrival?.resume()
            arrival = nil
        }
    }

    /// Returns once a call is held here, or once `task` is over without one being held: a request that never
    /// reaches the spy cannot make a check wait forever.
    public func waitForHeld(orEndOf task: Task<Void, Never>) async {
        guard held == nil else { return }
        await withCheckedContinuation { continuation in
            arrival = continuation
            Task {
                await task.value
                holdsNext = false
                arrival?.resume()
                arrival = nil
            }
        }
    }

    /// Lets the held call go on to its answer.
    public func release() {
        held?.resume()
        held = nil
    }
}
