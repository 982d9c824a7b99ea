/// Something to press: `done`, `login`. Disabled buttons say why.
public struct Button: Control {
    public let title: String
    public let key: String
    /// Why the button cannot be pressed yet, or nil when it can.
    public let disabledReason: String?
    let action: @MainActor () -> Void

    public init(
        _ title: String,
        key: String? = nil,
        disabledReason: String? = nil,
        action: @escaping @MainActor () -> Void
    ) {
        self.title = title
        self.key = key ?? title.lowercased()
        self.disabledReason = disabledReason
        self.action = action
    }

    public func lines(width: Int) -> [String] {
        let face = "[ \(title) ] [\(key)]"
        return [disabledReason.map { face + " (\($0))" } ?? face]
    }

    public func use(_ input: String) -> Refusal? {
        if let disabledReason {
            return Refusal("\(title) cannot be pressed yet: \(disabledReason).")
        }
        action()
        return nil
    }
}
