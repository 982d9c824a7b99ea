/// What a check's documentation comment tells the runner, beside the check itself: the
/// learner's file and the place in it the check is about, hints in levels (each more
/// direct, the last nearly the answer), and whether the untouched starter passes it.
///
///     /// Look in: Menu/MenuView.swift at `func showMenu`
///     /// Hint: The view does not load the menu itself: it asks its interactor.
///     /// Hint: Make a Request and hand it to interactor?.loadMenu(request:),
///     ///   and do that once: a line indented under a field goes on with it.
///     /// Hint: …
///     /// Starter: passes
///     @Test("showMenu() sends one LoadMenu request to the interactor")
///
/// `Look in:` is a file relative to the step's folder and, in backquotes, text on the line to
/// point at; `Starter: passes` marks a check the starter passes on purpose (a migration's kept
/// behaviour), where every other check must fail. Other lines are prose, and are not read.
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
