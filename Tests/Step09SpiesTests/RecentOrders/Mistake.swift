import Foundation

/// The switch for the mistakes built into this copy of the Orders scene. The runner sets
/// `KATA_MISTAKE` to one mistake's id (see ../mistakes.json) for one run of the learner's
/// suites; unset, or any other value, every branch below takes the clean code, and this copy
/// behaves exactly as Sources/RecentOrders.
enum Mistake {
    /// Read once: a run has one mistake switched on, or none.
    static let current = ProcessInfo.processInfo.environment["KATA_MISTAKE"]

    static func isOn(_ id: String) -> Bool {
        current == id
    }
}
