/// A Swift file read just well enough for the runner's needs: which parts are code (not
/// comments, not the text of string literals), what its string literals say, and which
/// checks (`@Test` functions) it declares, keyed as Swift Testing keys them.
///
/// It is not a parser: it knows comments (nested), string literals (plain, multi-line, raw, with interpolations),
/// braces and a few declarations, which is what a test file or a learner's scene needs.
struct SwiftSource: Sendable {
    /// A string literal: its value with escapes read, and the line it starts on.
    struct Literal: Equatable, Sendable {
        let value: String
        let line: Int
        /// Where its opening quote is, as an offset into `code`'s characters.
        let offset: Int
    }

    /// The source with every comment and the text of every string literal replaced by spaces
    /// (the quotes stay, and so does code inside interpolations). Lines keep their numbers.
    let code: String
    let literals: [Literal]
    /// The source with its comments left out and everything else, string text included, kept.
    let withoutComments: String
    /// The source as written.
    let text: String

    init(_ text: String) {
        self.text = text
        var lexer = Lexer(Array(text))
        lexer.scanCode(closingParenthesis: false)
        code = String(lexer.output)
        literals = lexer.literals.sorted { $0.offset < $1.offset }
        withoutComments = String(lexer.uncommented)
    }
}

/// One pass over the characters, writing the code view and collecting literals.
private struct Lexer {
    let input: [Character]
    var index = 0
    var line = 1
    var output: [Character] = []
    var uncommented: [Character] = []
    var literals: [SwiftSource.Literal] = []

    init(_ input: [Character]) {
        self.input = input
        output.reserveCapacity(input.count)
    }

    func peek(_ offset: Int = 0) -> Character? {
        index + offset < input.count ? input[index + offset] : nil
    }

    /// Whether the input goes on with `text` here. (A loop over indices: the runner is often a debug build, in which
    /// a slice's generic `starts(with:)` made reading the kit's sources take seconds.)
    func starts(with text: [Character]) -> Bool {
        guard index + text.count <= input.count else { return false }
        for offset in text.indices where input[index + offset] != text[offset] { return false }
        return true
    }

    /// Copies one character as code.
    mutating func keep() {
        let character = input[index]
        if character == "\n" { line += 1 }
        output.append(character)
        uncommented.append(character)
        index += 1
    }

    /// Replaces one character by a blank in the code view, keeping line breaks; a comment's
    /// characters are left out of the uncommented view too.
    mutating func blank(comment: Bool = false) {
        let character = input[index]
        if character == "\n" {
            line += 1
            output.append("\n")
        } else {
            output.append(" ")
        }
        if !comment || character == "\n" { uncommented.append(character) }
        index += 1
    }

    /// Code, up to the end of input or, inside an interpolation, its closing parenthesis.
    mutating func scanCode(closingParenthesis: Bool) {
        var depth = 0
        while index < input.count {
            let character = input[index]
            if character == "/", peek(1) == "/" {
                while index < input.count, input[index] != "\n" { blank(comment: true) }
            } else if character == "/", peek(1) == "*" {
                scanBlockComment()
            } else if character == "#", let hashes = rawStringHashes() {
                scanString(hashes: hashes)
            } else if character == "\"" {
                scanString(hashes: 0)
            } else if closingParenthesis, input[index] == ")", depth == 0 {
                return
            } else {
                if input[index] == "(" { depth += 1 }
                if input[index] == ")" { depth -= 1 }
                keep()
            }
        }
    }

    /// `#"`, `##"`: how many hashes open a raw string here, if one opens.
    func rawStringHashes() -> Int? {
        guard peek() == "#" else { return nil }
        var count = 0
        while peek(count) == "#" { count += 1 }
        return peek(count) == "\"" ? count : nil
    }

    mutating func scanBlockComment() {
        var depth = 0
        repeat {
            // An opening or closing mark is blanked whole, so `/*/` opens one and closes none.
            let mark = starts(with: ["/", "*"]) ? 1 : starts(with: ["*", "/"]) ? -1 : 0
            depth += mark
            for _ in 0..<(mark == 0 ? 1 : 2) {
                blank(comment: true)
            }
        } while depth > 0 && index < input.count
    }

    /// A string literal from its opening hashes and quote(s) to its closing ones.
    mutating func scanString(hashes: Int) {
        let startLine = line
        let startOffset = output.count + hashes
        for _ in 0..<hashes { keep() }
        let multiline = starts(with: ["\"", "\"", "\""])
        for _ in 0..<(multiline ? 3 : 1) { keep() }
        let quote = multiline ? "\"\"\"" : "\""
        let closing = Array(quote + String(repeating: "#", count: hashes))
        let escape = Array("\\" + String(repeating: "#", count: hashes))
        var value = ""
        while index < input.count {
            if starts(with: closing) {
                for _ in 0..<closing.count { keep() }
                break
            }
            if !multiline, input[index] == "\n" { break }
            if starts(with: escape) {
                if peek(escape.count) == "(" {
                    // An interpolation: its code is code.
                    for _ in 0..<escape.count { blank() }
                    keep()
                    let start = index
                    scanCode(closingParenthesis: true)
                    value += "\\(" + String(input[start..<index]) + ")"
                    if index < input.count { keep() }
                    continue
                }
                for _ in 0..<escape.count { blank() }
                value += readEscape()
                continue
            }
            value.append(input[index])
            blank()
        }
        if multiline, value.hasPrefix("\n") { value.removeFirst() }
        literals.append(SwiftSource.Literal(value: value, line: startLine, offset: startOffset))
    }

    /// The character an escape stands for; the escape's backslash is already read.
    mutating func readEscape() -> String {
        guard index < input.count else { return "" }
        let character = input[index]
        blank()
        switch character {
        case "n": return "\n"
        case "t": return "\t"
        case "r": return "\r"
        case "0": return "\0"
        case "u":
            guard peek() == "{" else { return "u" }
            blank()
            var hex = ""
            while index < input.count, input[index] != "}" {
                hex.append(input[index])
                blank()
            }
            if index < input.count { blank() }
            return UInt32(hex, radix: 16).flatMap(Unicode.Scalar.init).map { String(Character($0)) } ?? ""
        default: return String(character)
        }
    }
}
