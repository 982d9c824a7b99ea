/// A line of typed text, such as an email or a password, with its error below it.
public struct TextField: Control {
    public let label: String
    public let key: String
    public let text: String
    /// Draws the text as dots, for passwords.
    public let isSecure: Bool
    public let error: String?
    let onChange: @MainActor (String) -> Void

    public init(
        _ label: String,
        key: String,
        text: String,
        isSecure: Bool = false,
        error: String? = nil,
        onChange: @escaping @MainActor (String) -> Void
    ) {
        self.label = label
        self.key = key
        self.text = text
        self.isSecure = isSecure
        self.error = error
        self.onChange = onChange
    }

    public func lines(width: Int) -> [String] {
        let shown = isSecure ? String(repeating: "•", count: text.count) : text
        let head = "\(label) [\(key)]: " + (shown.isEmpty ? "…" : shown)
        guard let error else { return [head] }
        return [head] + wrap("  ! " + error, width: width, indent: "    ")
    }

    public func use(_ input: String) -> Refusal? {
        onChange(input)
        return nil
    }
}
