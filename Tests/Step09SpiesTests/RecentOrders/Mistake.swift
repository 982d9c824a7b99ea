import SceneSwitch

/// The switch for the mistakes built into this copy of the Orders scene. The runner switches
/// one mistake on (by id, see ../mistakes.json) for one run of the learner's suites; with none
/// switched on, every branch below takes the clean code, and this copy behaves exactly as
/// Sources/RecentOrders. The switch is taken before the tests start (SceneSwitch), so
/// nothing the learner's suites can name or read tells which run this is.
enum Mistake {
    /// Read once: a run has one mistake switched on, or none.
    static let current = SceneSwitchSetting.current.switchedOn("mistake")

    static func isOn(_ id: String) -> Bool {
        current == id
    }
}

/// What the runner switched on for this run: "mistake:ID", "variant:ID", or nothing.
struct SceneSwitchSetting {
    static let current = SceneSwitchSetting(text: String(cString: scene_switch()))

    let text: String

    /// The id switched on of the given kind, if any.
    func switchedOn(_ kind: String) -> String? {
        text.hasPrefix(kind + ":") ? String(text.dropFirst(kind.count + 1)) : nil
    }
}
