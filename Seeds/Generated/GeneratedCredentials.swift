import Foundation

/// Something a person typed into a field, and in words how it was made.
public struct TypedText: Sendable, CustomStringConvertible {
    public let text: String
    public let how: String

    public var description: String { "\(String(reflecting: text)) (\(how))" }
}

/// Emails and passwords generated from a fixed seed, reaching every edge of Login's rules:
/// names and domains beyond ASCII, dotted names, every way an address can be almost right,
/// blanks around it, and passwords at, under and over the length in characters, made of
/// characters of one byte and of many.
public enum GeneratedCredentials {
    private static let names = [
        "ada", "first.last", "a", "zoë", "jean-luc", "o'brien", "x_y", "用户", "a+tag", "1234", ".dot", "dot.", "a..b",
        "ÅSA", "K", "ümlaut",
    ]
    private static let labels = ["mail", "orbit", "例え", "xn--p1ai", "123", "a-b", "_x", "café", "sub", "Apollo"]
    private static let endings = ["com", "io", "example", "рф", "中国", "ελ", "Uk", "ÉÉ", "museum"]
    private static let badEndings = ["c", "c0m", "co-op", "1a", "x1", "é", "🙂x", "co_"]
    private static let blanks = [" ", "  ", "\t", "\n", "\r\n", " \t "]

    /// `count` emails, each either well made or broken in one way, some with blanks around them.
    public static func emails(count: Int = 400, seed: UInt64 = 0xE4A1) -> [TypedText] {
        var random = SeededRandom(seed: seed)
        return (1...count).map { _ in email(&random) }
    }

    private static func email(_ random: inout SeededRandom) -> TypedText {
        let name = random.chance(30) ? GeneratedNames.word(&random).lowercased() : random.pick(names)
        let domain = (0..<random.number(in: 1...3)).map { _ in random.pick(labels) }
        let ending = random.pick(endings)
        let good = "\(name)@\(domain.joined(separator: ".")).\(ending)"
        var (text, how): (String, String)
        switch random.below(16) {
        case 0: (text, how) = ("\(name)@@\(domain.joined(separator: ".")).\(ending)", "two @ in a row")
        case 1: (text, how) = ("\(name)@\(domain[0])@\(ending).\(ending)", "two @ apart")
        case 2: (text, how) = ("@\(domain.joined(separator: ".")).\(ending)", "nothing before the @")
        case 3: (text, how) = ("\(name)@", "nothing after the @")
        case 4: (text, how) = (good.replacingOccurrences(of: "@", with: "."), "no @")
        case 5: (text, how) = ("\(name) \(name)@\(domain[0]).\(ending)", "a space before the @")
        case 6: (text, how) = ("\(name)@\(domain[0]) \(ending).\(ending)", "a space after the @")
        case 7: (text, how) = ("\(name)@.\(domain.joined(separator: ".")).\(ending)", "a dot right after the @")
        case 8: (text, how) = (good + ".", "a dot at the end")
        case 9: (text, how) = ("\(name)@\(domain[0])..\(ending)", "two dots in a row after the @")
        case 10: (text, how) = ("\(name)@\(domain[0])", "no dot after the @")
        case 11:
            let bad = random.pick(badEndings)
            (text, how) = ("\(name)@\(domain.joined(separator: ".")).\(bad)", "\(bad) after the last dot")
        case 12: (text, how) = (random.pick(["", " ", "   ", "\t", "\n", " \r\n "]), "empty or blank")
        default: (text, how) = (good, "well made")
        }
        if random.chance(30) {
            let before = random.chance(50) ? random.pick(blanks) : ""
            let after = random.pick(blanks)
            text = before + text + after
            how += ", blanks around it"
        }
        return TypedText(text: text, how: how)
    }

    /// Characters of every size: one byte, two, three, several scalars in one character.
    private static let characters = [
        "a", "Z", "7", "-", "!", "·", "é", "e\u{301}", "ß", "ж", "中", "🙂", "🧑‍🚀", "👍🏽", "ñ", "'", "\"",
    ]

    /// `count` passwords: empty, spaces only, and lengths around the minimum in characters (not
    /// bytes), spaces at their ends kept.
    public static func passwords(count: Int = 300, seed: UInt64 = 0x9A55, minimum: Int = 8) -> [TypedText] {
        var random = SeededRandom(seed: seed)
        return (1...count).map { _ in
            switch random.below(10) {
            case 0:
                let spaces = random.number(in: 0...12)
                return TypedText(text: String(repeating: " ", count: spaces), how: "\(spaces) spaces only")
            default:
                let length =
                    random.chance(60) ? random.number(in: (minimum - 2)...(minimum + 1)) : random.number(in: 1...16)
                var pieces = (0..<length).map { _ in random.pick(characters) }
                if random.chance(30), length > 2 {
                    pieces[0] = " "
                    pieces[length - 1] = " "
                }
                let text = pieces.joined()
                return TypedText(
                    text: text, how: "\(length) characters, \(text.utf8.count) bytes in UTF-8")
            }
        }
    }
}

/// Login's rules for typed credentials, as the step guides state them: the oracle generated
/// cases are judged by. Written from the rules' words, not taken from any answer.
public enum LoginRules {
    public enum EmailVerdict: Sendable { case fine, empty, malformed }
    public enum PasswordVerdict: Sendable { case fine, empty, short }

    /// Blanks at both ends ignored: empty, or shaped like name@domain.tld (exactly one @,
    /// something before it and no blank in it; after it two or more parts joined by single
    /// dots, none empty, no blank; two letters or more after the last dot, letters of any
    /// alphabet), or malformed.
    public static func judge(email typed: String) -> EmailVerdict {
        let email = typed.trimmingCharacters(in: .whitespacesAndNewlines)
        if email.isEmpty { return .empty }
        let halves = email.split(separator: "@", omittingEmptySubsequences: false)
        guard halves.count == 2, let name = halves.first, let domain = halves.last else { return .malformed }
        guard !name.isEmpty, !email.contains(where: \.isWhitespace) else { return .malformed }
        let parts = domain.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 2, !parts.contains(where: \.isEmpty), let last = parts.last else { return .malformed }
        guard last.count >= 2, last.allSatisfy(\.isLetter) else { return .malformed }
        return .fine
    }

    /// As typed, never trimmed: empty or spaces only; fewer characters than `minimum` (as Swift
    /// counts characters); or fine.
    public static func judge(password: String, minimum: Int = 8) -> PasswordVerdict {
        if password.allSatisfy({ $0 == " " }) { return .empty }
        return password.count < minimum ? .short : .fine
    }
}
