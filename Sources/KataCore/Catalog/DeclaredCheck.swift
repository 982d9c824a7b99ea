import Foundation

/// A check as its test file declares it: known without building anything, so that a step
/// that does not build still counts every one of its checks.
struct DeclaredCheck: Equatable, Sendable {
    /// `MenuViewTests/showsTheMenu()`: Swift Testing's id less module and source location, as results and hints key.
    let key: String
    /// The display name, a sentence; the function's name when it has none.
    let name: String
    /// The test file, as given to the reader.
    let file: String
    /// The line of its `@Test`.
    let line: Int
    /// What its documentation comment tells the runner: hints, the place it is about.
    var annotations = CheckAnnotations(lines: [])
}

extension SwiftSource {
    /// The `@Test` functions of this file, in the order they are written.
    func declaredChecks(file: String) -> [DeclaredCheck] {
        var reader = DeclarationReader(code: Array(code), literals: literals, lines: text.components(separatedBy: "\n"))
        return reader.checks(file: file)
    }

    /// The `///` lines right above line `number` (1-based), over any attributes between.
    static func documentation(above number: Int, in lines: [String]) -> [String] {
        var found: [String] = []
        var index = number - 2
        while index >= 0 {
            let line = lines[index].trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("///") {
                found.insert(line, at: 0)
            } else if !line.hasPrefix("@") {
                break
            }
            index -= 1
        }
        return found
    }
}

extension DeclaredCheck {
    /// Every check of a step, read from its test target's sources, in file and line order;
    /// for a lesson of suites, the mistakes its suites are to catch.
    static func all(of step: Step, in workspace: Workspace) -> [DeclaredCheck] {
        if step.kind == .suites {
            return SuiteMistake.all(of: step, in: workspace).enumerated().map { $1.declared(step: step, index: $0) }
        }
        return inFiles(under: "Tests/\(step.testTarget)", in: workspace)
    }

    /// The `@Test` functions of the Swift files under `folder`: a step's checks, or a
    /// learner's own tests in a lesson of suites.
    static func inFiles(under folder: String, in workspace: Workspace) -> [DeclaredCheck] {
        workspace.allFiles(under: folder).filter { $0.hasSuffix(".swift") }.flatMap { path in
            SwiftSource(String(decoding: workspace.bytes(of: path), as: UTF8.self)).declaredChecks(file: path)
        }
    }
}

/// Walks the code view: keeps a stack of the types it is inside and turns each `@Test`
/// followed by a `func` into a check, annotated by the documentation above it in `lines`.
private struct DeclarationReader {
    let code: [Character]
    let literals: [SwiftSource.Literal]
    let lines: [String]
    var index = 0
    var line = 1

    static let typeKeywords: Set<String> = ["struct", "class", "enum", "actor", "extension", "protocol"]
    static let notTypeNames: Set<String> = ["func", "var", "let", "subscript", "init", "deinit", "override"]

    mutating func checks(file: String) -> [DeclaredCheck] {
        var scopes: [String?] = []
        var pendingType: String?
        var pendingTest: (line: Int, name: String?)?
        var found: [DeclaredCheck] = []

        while index < code.count {
            let character = code[index]
            if character == "\n" {
                line += 1
                index += 1
            } else if character == "{" {
                scopes.append(pendingType)
                pendingType = nil
                index += 1
            } else if character == "}" {
                _ = scopes.popLast()
                index += 1
            } else if character == "@" {
                index += 1
                let attributeLine = line
                if identifier() == "Test" {
                    pendingTest = (attributeLine, firstLiteralArgument())
                } else if peekNonBlank() == "(" {
                    skipBalanced()
                }
            } else if isIdentifierStart(character) {
                let word = identifier()
                if Self.typeKeywords.contains(word) {
                    skipBlanks()
                    let name = qualifiedName()
                    if !name.isEmpty, !Self.notTypeNames.contains(name) {
                        pendingType = name.replacingOccurrences(of: ".", with: "/")
                    }
                } else if word == "func", let test = pendingTest {
                    pendingTest = nil
                    skipBlanks()
                    let function = identifier()
                    let labels = parameterLabels()
                    let suite = scopes.compactMap { $0 }.joined(separator: "/")
                    let signature = "\(function)(\(labels.map { "\($0):" }.joined()))"
                    found.append(
                        DeclaredCheck(
                            key: suite.isEmpty ? signature : "\(suite)/\(signature)",
                            name: test.name ?? signature, file: file, line: test.line,
                            annotations: CheckAnnotations(lines: SwiftSource.documentation(above: test.line, in: lines))
                        ))
                }
            } else {
                index += 1
            }
        }
        return found
    }

    func isIdentifierStart(_ character: Character) -> Bool {
        character == "_" || character == "`" || character.isLetter
    }

    mutating func identifier() -> String {
        var word = ""
        while index < code.count,
            code[index] == "_" || code[index] == "`" || code[index].isLetter || code[index].isNumber
        {
            if code[index] != "`" { word.append(code[index]) }
            index += 1
        }
        return word
    }

    /// `Outer.Inner`, as an extension names a nested type.
    mutating func qualifiedName() -> String {
        var name = identifier()
        while index + 1 < code.count, code[index] == ".", isIdentifierStart(code[index + 1]) {
            index += 1
            name += "." + identifier()
        }
        return name
    }

    mutating func skipBlanks() {
        while index < code.count, code[index] == " " || code[index] == "\t" || code[index] == "\n" {
            if code[index] == "\n" { line += 1 }
            index += 1
        }
    }

    mutating func peekNonBlank() -> Character? {
        skipBlanks()
        return index < code.count ? code[index] : nil
    }

    /// Skips `( … )` with everything nested in it, counting lines.
    mutating func skipBalanced() {
        var depth = 0
        while index < code.count {
            let character = code[index]
            if character == "\n" { line += 1 }
            if character == "(" || character == "[" || character == "{" { depth += 1 }
            if character == ")" || character == "]" || character == "}" { depth -= 1 }
            index += 1
            if depth == 0 { return }
        }
    }

    /// After `@Test`: the display name, when the first argument is a string literal.
    mutating func firstLiteralArgument() -> String? {
        guard peekNonBlank() == "(" else { return nil }
        let (open, openLine) = (index, line)
        index += 1
        let literal = peekNonBlank() == "\"" ? literals.first { $0.offset == index } : nil
        (index, line) = (open, openLine)
        skipBalanced()
        return literal?.value
    }

    /// `(seed: Int, _ other: Int)` → `["seed", "_"]`: the argument labels of a declaration.
    mutating func parameterLabels() -> [String] {
        // Generic parameters come before the parameter clause.
        if peekNonBlank() == "<" {
            var depth = 0
            while index < code.count {
                if code[index] == "<" { depth += 1 }
                if code[index] == ">" { depth -= 1 }
                index += 1
                if depth == 0 { break }
            }
        }
        guard peekNonBlank() == "(" else { return [] }
        let start = index + 1
        skipBalanced()
        let clause = code[start..<(index - 1)]
        var parameters: [String] = []
        var current = ""
        var depth = 0
        for character in clause {
            if "([{<".contains(character) { depth += 1 }
            if ")]}>".contains(character) { depth -= 1 }
            if character == ",", depth == 0 {
                parameters.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { parameters.append(current) }
        return parameters.compactMap { parameter in
            let names = parameter.prefix { $0 != ":" }.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" })
            return names.first.map { String($0).replacingOccurrences(of: "`", with: "") }
        }
    }
}
