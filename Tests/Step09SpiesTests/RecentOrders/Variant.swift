/// The switch for the correct variants built into this copy of the Orders scene: the same
/// scene written differently, keeping every promise of the guide. The runner switches one
/// variant on (by id, see ../variants.json) for one run of the learner's suites, on which every
/// test must pass; with none switched on, every branch takes the clean code, and this copy
/// behaves exactly as Sources/RecentOrders.
enum Variant {
    /// Read once: a run has one variant switched on, or none.
    static let current = SceneSwitchSetting.current.switchedOn("variant")

    static func isOn(_ id: String) -> Bool {
        current == id
    }
}

/// Variants made by rule: each marks, in the clean code, a freedom the guide leaves (listed in
/// ../variants.json with the guide's words), and takes it the other way when its id is on. A
/// freedom marked here later gets its variant with no code of its own.
extension Variant {
    /// Two effects the guide leaves unordered: in the order written, or the other way round.
    static func inEitherOrder(_ id: String, _ first: () -> Void, _ second: () -> Void) {
        if isOn(id) {
            second()
            first()
        } else {
            first()
            second()
        }
    }

    /// Two effects the guide leaves unordered, the second awaited: in the order written, or
    /// the other way round.
    @MainActor
    static func inEitherOrder(_ id: String, _ first: () -> Void, _ second: () async -> Void) async {
        if isOn(id) {
            await second()
            first()
        } else {
            first()
            await second()
        }
    }

    /// A read the guide does not count: once, or three times when the id is on (the last value is used).
    static func read<Value>(_ id: String, _ read: () -> Value) -> Value {
        if isOn(id) {
            _ = read()
            _ = read()
        }
        return read()
    }

    /// Private state the guide leaves to each part: kept only when the id is on.
    static func keep(_ id: String, _ keep: () -> Void) {
        if isOn(id) { keep() }
    }
}
