import ScoopsAndScones

/// JSON text for generated menus, written here by hand so that each file can be laid out
/// another way (keys in any order, compact or indented, escapes, keys the menu does not use),
/// and so that a file can be damaged on purpose in one precise way.
public enum MenuJSON {
    /// A file's bytes and, in words, how it was written or what was done to it.
    public struct File: Sendable {
        public let bytes: [UInt8]
        public let how: String
    }

    /// The menu as valid JSON, laid out in a way `random` chooses; it decodes to exactly `menu`.
    public static func valid(_ menu: IceCream, random: inout SeededRandom) -> File {
        let style = Style(random: &random)
        let text = style.object(for: menu, random: &random)
        return File(bytes: Array(text.utf8), how: style.words.joined(separator: ", "))
    }

    /// Bytes that are not JSON at all, made from a valid menu file in one of the ways a file
    /// goes wrong: cut off, a comma or a colon missing, quotes that JSON does not know, a
    /// comment, words JSON has no value for, something after the end, another encoding, nothing.
    public static func notJSON(_ menu: IceCream, random: inout SeededRandom) -> File {
        let text = Style.compact.object(for: menu, random: &random)
        let first = menu.cones.first ?? "Cup"
        switch random.below(11) {
        case 0:
            let cut = random.number(in: 1...(text.count - 1))
            return File(
                bytes: Array(String(text.prefix(cut)).utf8), how: "cut off after \(cut) of \(text.count) characters")
        case 1:
            return File(bytes: Array(text.replacingFirst("],", with: "]").utf8), how: "no comma between two lists")
        case 2:
            return File(bytes: Array(text.replacingFirst("\":", with: "\"").utf8), how: "no colon after a key")
        case 3:
            let single = text.replacingFirst("\"cones\"", with: "'cones'")
            return File(bytes: Array(single.utf8), how: "a key in single quotes")
        case 4:
            return File(bytes: Array(text.replacingFirst("\"cones\"", with: "cones").utf8), how: "a key without quotes")
        case 5:
            return File(bytes: Array(("// the menu\n" + text).utf8), how: "a comment before the menu")
        case 6:
            let word = random.pick(["undefined", "NaN", "Infinity", "None", "nil", "0x1F"])
            let damaged = text.replacingFirst("\"cones\":[", with: "\"cones\":[\(word),")
            return File(bytes: Array(damaged.utf8), how: "\(word) as a value")
        case 7:
            let after = random.pick(["}", "x", "{}", "]", ",", "\"more\""])
            return File(bytes: Array((text + after).utf8), how: "\(after) after the menu's closing brace")
        case 8:
            // Latin-1 writes é as one byte, E9, which is never a whole character in UTF-8.
            let latin = text.replacingFirst("\"cones\":[", with: "\"cones\":[\"Crème glacée\",")
            return File(
                bytes: latin.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) },
                how: "saved as Latin-1, with an é in it (\(first) among the cones)")
        case 9:
            return File(bytes: Array(random.pick(["", " ", "\n", "\t \n"]).utf8), how: "empty, or only blank")
        default:
            let damaged = text.replacingFirst("\"cones\":[", with: "\"cones\":[\"unclosed,")
            return File(bytes: Array(damaged.utf8), how: "a name whose closing quote is missing")
        }
    }

    /// Valid JSON that is not shaped like a menu: another kind of value at the top, a key
    /// missing or spelt otherwise, a list that is something else, a name that is not text.
    public static func otherShape(_ menu: IceCream, random: inout SeededRandom) -> File {
        let cones = Style.compact.list(menu.cones)
        let flavors = Style.compact.list(menu.flavors)
        let toppings = Style.compact.list(menu.toppings)
        let whole = "{\"cones\":\(cones),\"flavors\":\(flavors),\"toppings\":\(toppings)}"
        func file(_ text: String, _ how: String) -> File { File(bytes: Array(text.utf8), how: how) }
        switch random.below(9) {
        case 0:
            return file("[\(whole)]", "a list holding the menu")
        case 1:
            let value = random.pick(["null", "true", "42", "\"icecream\"", "[]", "{}", "-0.5"])
            return file(value, "only \(value) at the top")
        case 2:
            let (key, rest) = random.pick([
                ("cones", "{\"flavors\":\(flavors),\"toppings\":\(toppings)}"),
                ("flavors", "{\"cones\":\(cones),\"toppings\":\(toppings)}"),
                ("toppings", "{\"cones\":\(cones),\"flavors\":\(flavors)}"),
            ])
            return file(rest, "no \(key) key")
        case 3:
            let (spelt, text) = random.pick([
                ("Cones", "{\"Cones\":\(cones),\"flavors\":\(flavors),\"toppings\":\(toppings)}"),
                ("flavours", "{\"cones\":\(cones),\"flavours\":\(flavors),\"toppings\":\(toppings)}"),
                ("topping", "{\"cones\":\(cones),\"flavors\":\(flavors),\"topping\":\(toppings)}"),
            ])
            return file(text, "the key spelt \(spelt)")
        case 4:
            let value = random.pick(["null", "\"Vanilla, Chocolate\"", "3", "{\"0\":\"Cup\"}", "false"])
            return file(
                "{\"cones\":\(cones),\"flavors\":\(value),\"toppings\":\(toppings)}", "the flavors are \(value)")
        case 5:
            let value = random.pick(["1", "null", "true", "[\"Cup\"]", "{\"name\":\"Cup\"}"])
            return file(
                "{\"cones\":[\(value)],\"flavors\":\(flavors),\"toppings\":\(toppings)}", "a cone that is \(value)")
        case 6:
            return file("{\"menu\":\(whole)}", "the menu inside another object")
        case 7:
            return file("{\"cones\":\(cones),\"flavors\":\(flavors),\"toppings\":null}", "null for the toppings")
        default:
            return file(
                "{\"cones\":[[\(cones.dropFirst().dropLast())]],\"flavors\":\(flavors),\"toppings\":\(toppings)}",
                "the cones inside a second list")
        }
    }

    /// How one valid file is laid out.
    struct Style {
        var indent: String?
        var escapeNonASCII = false
        var escapeSlashes = false
        var keyOrder = ["cones", "flavors", "toppings"]
        var extraKeys: [(String, String)] = []
        var words: [String] = []

        static let compact = Style()

        private init() {}

        init(random: inout SeededRandom) {
            if random.chance(50) {
                indent = random.pick(["  ", "    ", "\t"])
                words.append("indented")
            } else {
                words.append("on one line")
            }
            if random.chance(30) {
                escapeNonASCII = true
                words.append("letters beyond ASCII written as \\u escapes")
            }
            if random.chance(20) {
                escapeSlashes = true
                words.append("slashes escaped")
            }
            if random.chance(50) {
                keyOrder = random.shuffled(keyOrder)
                words.append("keys in the order \(keyOrder.joined(separator: ", "))")
            }
            if random.chance(30) {
                let extras = [
                    ("season", "\"winter\""), ("version", "2"), ("prices", "{\"Cup\":1.5}"), ("notes", "null"),
                    ("open", "true"),
                ]
                extraKeys = Array(random.shuffled(extras).prefix(random.number(in: 1...2)))
                words.append("with keys a menu does not use (\(extraKeys.map(\.0).joined(separator: ", ")))")
            }
        }

        func object(for menu: IceCream, random: inout SeededRandom) -> String {
            let values = ["cones": menu.cones, "flavors": menu.flavors, "toppings": menu.toppings]
            var members = keyOrder.map { (key: $0, value: list(values[$0] ?? [])) }
            for extra in extraKeys {
                members.insert((extra.0, extra.1), at: random.below(members.count + 1))
            }
            guard let indent else {
                return "{" + members.map { "\(string($0.key)):\($0.value)" }.joined(separator: ",") + "}"
            }
            return "{\n" + members.map { "\(indent)\(string($0.key)): \($0.value)" }.joined(separator: ",\n") + "\n}"
        }

        func list(_ names: [String]) -> String {
            "[" + names.map(string).joined(separator: indent == nil ? "," : ", ") + "]"
        }

        func string(_ text: String) -> String {
            var out = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\t": out += "\\t"
                case "\r": out += "\\r"
                case "/" where escapeSlashes: out += "\\/"
                case _ where scalar.value < 0x20: out += unicodeEscape(UInt16(scalar.value))
                case _ where scalar.value > 0x7E && escapeNonASCII:
                    for unit in String(scalar).utf16 { out += unicodeEscape(unit) }
                default: out.unicodeScalars.append(scalar)
                }
            }
            return out + "\""
        }

        private func unicodeEscape(_ unit: UInt16) -> String {
            let hex = String(unit, radix: 16, uppercase: false)
            return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
    }
}

extension String {
    /// The text with its first `target` replaced; the text as it is when there is none.
    fileprivate func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}
