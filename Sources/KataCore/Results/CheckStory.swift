import Foundation

/// A check's Given/When/Then, read from its source, so the report can tell what was set up, done and should hold.
struct CheckStory: Equatable, Sendable, Codable {
    var given: [String] = []
    var when: [String] = []
    var then: [String] = []

    var isEmpty: Bool { given.isEmpty && when.isEmpty && then.isEmpty }

    /// The story of the test function declared at or just after `line` of `source`.
    ///
    /// Lines under `// Given` and `// When` are kept as written, comments as comments, indented as in the test but for
    /// the indentation they all share: a comment in the middle of an expression read as prose would cut it in two.
    /// Under `// Then`, the comments that say what should hold, as prose. Anything before the first marker is left out.
    static func read(from source: String, testAt line: Int) -> CheckStory {
        let lines = source.components(separatedBy: "\n")
        guard line >= 1, line <= lines.count, let body = functionBody(in: lines, from: line - 1) else {
            return CheckStory()
        }
        var story = CheckStory()
        let markers: [String: WritableKeyPath<CheckStory, [String]>] = [
            "// given": \.given, "// when": \.when, "// then": \.then,
        ]
        var section: WritableKeyPath<CheckStory, [String]>?
        for raw in body {
            let text = raw.trimmingCharacters(in: .whitespaces)
            if let marker = markers[text.lowercased()] {
                section = marker
                continue
            }
            guard let section, !text.isEmpty else { continue }
            if section == \.then {
                if text.hasPrefix("//") { story.then.append(commentText(text)) }
            } else {
                story[keyPath: section].append(String(raw.reversed().drop(while: \.isWhitespace).reversed()))
            }
        }
        let shared = (story.given + story.when).map { $0.prefix(while: \.isWhitespace).count }.min() ?? 0
        story.given = story.given.map { String($0.dropFirst(shared)) }
        story.when = story.when.map { String($0.dropFirst(shared)) }
        return story
    }

    /// Reads the story from a test file on disk; empty when the file cannot be read.
    static func read(file path: String, testAt line: Int) -> CheckStory {
        guard let source = try? String(contentsOfFile: path, encoding: .utf8) else { return CheckStory() }
        return read(from: source, testAt: line)
    }

    private static func commentText(_ line: String) -> String {
        String(line.drop(while: { $0 == "/" })).trimmingCharacters(in: .whitespaces)
    }

    /// The lines between the braces of the first function declared from `start` on.
    private static func functionBody(in lines: [String], from start: Int) -> [String]? {
        guard let declaration = lines[start...].firstIndex(where: { $0.contains("func ") }) else { return nil }
        var depth = 0
        var body: [String] = []
        for line in lines[declaration...] {
            let braces = braceBalance(of: line)
            if depth == 0 {
                // Still on the declaration: wait for the brace that opens the body.
                depth = braces.opening - braces.closing
                if braces.opening > 0, depth <= 0 { return [] }
                continue
            }
            depth += braces.opening - braces.closing
            if depth <= 0 { return body }
            body.append(line)
        }
        return nil
    }

    /// Counts braces outside string literals and comments.
    private static func braceBalance(of line: String) -> (opening: Int, closing: Int) {
        var opening = 0
        var closing = 0
        var inString = false
        var previous: Character = " "
        for character in line {
            if inString {
                if character == "\"", previous != "\\" { inString = false }
            } else if character == "\"" {
                inString = true
            } else if character == "/", previous == "/" {
                break
            } else if character == "{" {
                opening += 1
            } else if character == "}" {
                closing += 1
            }
            previous = character
        }
        return (opening, closing)
    }
}
