/// What a check's documentation comment tells the runner, beside the check itself: the learner's file and the place in
/// it the check is about (`Look in:`), hints in levels (`Hint:`), and whether the untouched starter passes it
/// (`Starter: passes`), in the form docs/AUTHORING.md gives. Other lines are prose, and are not read.
struct CheckAnnotations: Equatable, Sendable {
    /// The learner's file the check is about, relative to the step's folder ("" when not said).
    var file = ""
    /// Text that marks the place in that file, to point at its line.
    var symbol = ""
    var hints: [String] = []
    var starterPasses = false

    /// Reads the `///` lines right above a check (comment markers included or not).
    init(lines: [String]) {
        var field: String?
        for raw in lines {
            var line = Substring(raw.trimmingCharacters(in: .whitespaces))
            if line.hasPrefix("///") { line = line.dropFirst(3) }
            let continues = line.hasPrefix("  ")
            let text = line.trimmingCharacters(in: .whitespaces)
            if continues, let current = field, !text.isEmpty {
                append(text, to: current)
                continue
            }
            field = nil
            if let value = Self.value(of: "Look in:", in: text) {
                field = "Look in:"
                read(place: value)
            } else if let value = Self.value(of: "Hint:", in: text) {
                field = "Hint:"
                hints.append(value)
            } else if let value = Self.value(of: "Starter:", in: text) {
                starterPasses = value.lowercased().hasPrefix("passes")
            }
        }
    }

    private static func value(of field: String, in text: String) -> String? {
        guard text.hasPrefix(field) else { return nil }
        return text.dropFirst(field.count).trimmingCharacters(in: .whitespaces)
    }

    private mutating func append(_ text: String, to field: String) {
        switch field {
        case "Hint:": hints[hints.count - 1] += " " + text
        case "Look in:":
            read(
                place: [file, symbol.isEmpty ? "" : "at `\(symbol)`"].filter { !$0.isEmpty }.joined(separator: " ")
                    + " " + text)
        default: break
        }
    }

    /// `File.swift at `symbol``
    private mutating func read(place: String) {
        if let open = place.firstIndex(of: "`"), let close = place[place.index(after: open)...].firstIndex(of: "`") {
            symbol = String(place[place.index(after: open)..<close])
            let before = place[..<open].trimmingCharacters(in: .whitespaces)
            file = before.hasSuffix(" at") ? String(before.dropLast(3)).trimmingCharacters(in: .whitespaces) : before
        } else {
            file = place.trimmingCharacters(in: .whitespaces)
        }
    }
}
