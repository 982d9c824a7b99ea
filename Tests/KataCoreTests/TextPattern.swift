import Foundation

/// A regular expression run by Foundation (ICU) rather than the standard library's Regex, which in the runner's
/// debug build takes seconds to read the kit's sources whole: the tests that scan every source use this. Its `\b` is
/// the simple word boundary (a `.` between two words is one), as `wordBoundaryKind(.simple)` asks of a Regex.
struct TextPattern: @unchecked Sendable {
    // NSRegularExpression is immutable and documented as safe to share between threads.
    private let expression: NSRegularExpression

    init(_ pattern: String) throws {
        expression = try NSRegularExpression(pattern: pattern)
    }

    /// Every match in `text`, each as its groups: the whole match first, then each group, nil where it took no part.
    func matches(in text: String) -> [[Substring?]] {
        expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
            (0..<match.numberOfRanges).map { group in Range(match.range(at: group), in: text).map { text[$0] } }
        }
    }

    /// The text of group `group` of every match in `text` that it took part in.
    func captures(_ group: Int, in text: String) -> [String] {
        matches(in: text).compactMap { $0[group].map(String.init) }
    }

    /// Whether `text` holds a match.
    func occurs(in text: String) -> Bool {
        expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    /// `text` written so that the pattern matches it literally.
    static func literal(_ text: String) -> String { NSRegularExpression.escapedPattern(for: text) }
}
