import Foundation

/// One compiler message, with the source excerpt Swift prints under it.
struct Diagnostic: Codable, Equatable, Sendable {
    enum Severity: String, Codable, Sendable {
        case error, warning, note
    }

    /// The file as the compiler named it: an absolute path.
    let file: String
    let line: Int
    let column: Int
    let severity: Severity
    let message: String
    /// The lines Swift prints below the message (`12 |     x = 5` …), newlines kept.
    var excerpt: [String] = []
}

extension Diagnostic {
    /// The diagnostic with an excerpt made from its file as Swift's own looks (two lines either side, the column
    /// marked), when the build printed none: Swift Build gives the message line alone.
    func withExcerptFromSource() -> Diagnostic {
        guard excerpt.isEmpty, line > 0, let data = FileManager.default.contents(atPath: file) else { return self }
        let lines = String(decoding: data, as: UTF8.self).components(separatedBy: "\n")
        guard line <= lines.count else { return self }
        let shown = max(1, line - 2)...min(lines.count, line + 2)
        let width = String(shown.upperBound).count
        func gutter(_ number: Int?) -> String {
            let text = number.map(String.init) ?? ""
            return " " + String(repeating: " ", count: width - text.count) + text + " | "
        }
        var made: [String] = []
        for number in shown {
            made.append(gutter(number) + lines[number - 1])
            if number == line {
                made.append(
                    gutter(nil) + String(repeating: " ", count: max(0, column - 1))
                        + "`- \(severity.rawValue): \(message)")
            }
        }
        var copy = self
        copy.excerpt = made
        return copy
    }
}

/// Reads `swift build` output into diagnostics, dropping the progress lines around them.
enum DiagnosticParser {
    /// Every located diagnostic once, in the order the compiler printed them.
    static func diagnostics(in output: String) -> [Diagnostic] {
        var found: [Diagnostic] = []
        var seen: Set<String> = []
        let lines = output.components(separatedBy: "\n")
        var index = 0
        while index < lines.count {
            guard var diagnostic = header(lines[index]) else {
                index += 1
                continue
            }
            index += 1
            while index < lines.count, isExcerptLine(lines[index]) {
                diagnostic.excerpt.append(lines[index])
                index += 1
            }
            // The same error can come from emitting the module and from compiling the file.
            let identity = "\(diagnostic.file):\(diagnostic.line):\(diagnostic.column):\(diagnostic.message)"
            if seen.insert(identity).inserted {
                found.append(diagnostic)
            }
        }
        return found
    }

    /// Errors that name no file (the linker, the manifest), minus SwiftPM's own echoes.
    static func generalErrors(in output: String) -> [String] {
        let echoes = ["command failed with exit code", "command failed due to signal", "fatalError", "ExitCode("]
        return output.components(separatedBy: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix("error: ") && header($0) == nil }
            .filter { line in !echoes.contains { line.contains($0) } }
    }

    /// `/path/File.swift:12:5: error: message`, read without the excerpt below it.
    private static func header(_ line: String) -> Diagnostic? {
        for severity in [Diagnostic.Severity.error, .warning, .note] {
            let marker = ": \(severity.rawValue): "
            guard let markerRange = line.range(of: marker) else { continue }
            let location = line[..<markerRange.lowerBound].split(separator: ":", omittingEmptySubsequences: false)
            guard location.count >= 3,
                let column = Int(location[location.count - 1]),
                let lineNumber = Int(location[location.count - 2])
            else { continue }
            let file = location.dropLast(2).joined(separator: ":")
            guard file.hasSuffix(".swift") else { continue }
            return Diagnostic(
                file: file, line: lineNumber, column: column,
                severity: severity, message: String(line[markerRange.upperBound...])
            )
        }
        return nil
    }

    /// Swift's excerpt lines: `12 | code`, `   | ` `- error: …`.
    private static func isExcerptLine(_ line: String) -> Bool {
        var gutter = line[...]
        while gutter.first == " " { gutter.removeFirst() }
        while gutter.first?.isNumber == true { gutter.removeFirst() }
        while gutter.first == " " { gutter.removeFirst() }
        return gutter.hasPrefix("|") || line.trimmingCharacters(in: .whitespaces).hasPrefix("...")
    }
}
