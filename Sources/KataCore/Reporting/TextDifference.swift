/// Where two long texts an expectation compared first part: a missing full stop in a sentence of sixty characters,
/// wrapped over three lines each, was hard to see.
enum TextDifference {
    /// Texts shorter than this are read at a glance.
    static let shortest = 24

    /// The sentence for a failure comparing two texts that differ (`(a → "…") == ("…" → "…")`), or nil.
    static func note(for message: String) -> String? {
        let prefix = "Expectation failed: "
        guard message.hasPrefix(prefix) else { return nil }
        let values = FailureMessage.split(String(message.dropFirst(prefix.count))).values
        guard values.count == 2, let expected = literal(values[1]) else { return nil }
        // A text, or a list of texts (`texts.contains(…)`): the one nearest the expected text.
        let candidates = literal(values[0]).map { [$0] } ?? texts(inList: values[0])
        guard
            let actual = candidates.max(by: { sharedCount($0, expected) < sharedCount($1, expected) }),
            actual != expected, max(actual.count, expected.count) >= shortest
        else { return nil }
        let shared = sharedCount(actual, expected)
        guard shared > 0 else { return "The texts differ from their first character." }
        // About twenty characters before the place, from the start of a word.
        let sharedText = String(actual.prefix(shared))
        var start = sharedText.index(sharedText.endIndex, offsetBy: -min(20, shared))
        if start > sharedText.startIndex, sharedText[sharedText.index(before: start)] != " " {
            if let space = sharedText[..<start].lastIndex(of: " "),
                sharedText.distance(from: space, to: sharedText.endIndex) <= 40
            {
                start = sharedText.index(after: space)
            } else if let space = sharedText[start...].firstIndex(of: " ") {
                start = sharedText.index(after: space)
            }
        }
        let before = (start > sharedText.startIndex ? "…" : "") + sharedText[start...]
        return
            "The texts part after “\(before)”: here \(rest(actual, from: shared)), expected \(rest(expected, from: shared))"
    }

    /// A recorded value that is a text: its characters between the quotes.
    private static func literal(_ value: String) -> String? {
        guard value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") else { return nil }
        return String(value.dropFirst().dropLast())
    }

    private static func sharedCount(_ one: String, _ other: String) -> Int { zip(one, other).prefix { $0 == $1 }.count }

    /// The texts of a recorded list: `["a", "b, c"]` is `a` and `b, c`.
    private static func texts(inList value: String) -> [String] {
        guard value.hasPrefix("["), value.hasSuffix("]") else { return [] }
        var texts: [String] = []
        var current: String?
        var escaped = false
        for character in value.dropFirst().dropLast() {
            if var text = current {
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    texts.append(text)
                    current = nil
                    continue
                }
                text.append(character)
                current = text
            } else if character == "\"" {
                current = ""
            }
        }
        return texts
    }

    private static func rest(_ text: String, from index: Int) -> String {
        let rest = text.dropFirst(index)
        return rest.isEmpty ? "the text ends" : "“\(rest.prefix(12))\(rest.count > 12 ? "…" : "")”"
    }
}
