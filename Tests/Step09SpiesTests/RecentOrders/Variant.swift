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
