/// A choice among a list of options, such as the cone, the flavor or the topping.
///
/// Typed input picks an option by its name or its number: `cone Waffle Cone`, `cone 3`.
public struct Picker: Control {
    public let label: String
    public let key: String
    public let options: [String]
    public let selection: String?
    /// Why the picker cannot be used yet, or nil when it can.
    public let disabledReason: String?
    let onSelect: @MainActor (String) -> Void

    public init(
        _ label: String,
        key: String,
        options: [String],
        selection: String?,
        disabledReason: String? = nil,
        onSelect: @escaping @MainActor (String) -> Void
    ) {
        self.label = label
        self.key = key
        self.options = options
        self.selection = selection
        self.disabledReason = disabledReason
        self.onSelect = onSelect
    }

    public func lines(width: Int) -> [String] {
        let head = "\(label) [\(key)]: " + (selection ?? "none")
        if let disabledReason {
            return [head, "    (\(disabledReason))"]
        }
        if options.isEmpty {
            return [head, "    (nothing to choose from)"]
        }
        // Lines break between options, never inside one: "5 Hazelnut" stays together.
        var lines = [head]
        var line = ""
        for (index, option) in options.enumerated() {
            let item = "\(index + 1) \(option)"
            if !line.isEmpty, line.count + 3 + item.count > width - 4 {
                lines.append("    " + line)
                line = item
            } else {
                line = line.isEmpty ? item : line + " · " + item
            }
        }
        return lines + ["    " + line]
    }

    public func use(_ input: String) -> Refusal? {
        if let disabledReason {
            return Refusal("\(label) is not available: \(disabledReason).")
        }
        let wanted = input.trimmingSpaces
        // Compared, never subtracted: `cone -9223372036854775808` is a number too, and
        // one less than it would trap.
        if let number = Int(wanted), number >= 1, number <= options.count {
            onSelect(options[number - 1])
            return nil
        }
        guard let option = options.first(where: { $0.lowercased() == wanted.lowercased() }) else {
            let choices = options.isEmpty ? "there are none yet" : options.joined(separator: ", ")
            return Refusal("\(label) has no option '\(wanted)': \(choices).")
        }
        onSelect(option)
        return nil
    }
}

extension String {
    var trimmingSpaces: String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
