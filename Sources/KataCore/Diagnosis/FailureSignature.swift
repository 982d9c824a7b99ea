import Foundation

/// What a step's failing checks said, kept to what tells one mistake from another: which
/// checks fail, at which expectation, with what kind of actual value, and for which of their
/// arguments. Two reports of the same misconception share most of it; the values themselves
/// (a menu, an email) are left out, since they name the seed rather than the mistake.
struct FailureSignature: Codable, Sendable, Equatable {
    /// One check that did not pass.
    struct Failing: Codable, Sendable, Equatable {
        /// The check's key: `Suite/function(label:)`.
        let check: String
        /// failed, crashed or timedOut.
        let status: CheckResult.Status
        /// The first failing expectation with its recorded values taken out:
        /// `(error.problem) == .unreadable`, or a kind of message (`caught error`, `no error thrown`).
        let expectation: String?
        /// What the first actual value was: `nil`, `empty`, `false`, `.missing`, `text`, …
        let actual: String?
        /// For a list, how it differs from the expected one, element by element (`0 = >`), or what it
        /// keeps of it (`reordered`, `holds all expected`): what went wrong with the elements, not their values.
        var shape: String? = nil
        /// The enum cases the failure messages name (`.missing`): they say what went wrong
        /// where the value would only name a seed.
        let cases: [String]
        /// The arguments it failed with, for a parameterized check.
        let arguments: [String]
        /// The words of the actual values that the expected ones do not have: what was there instead
        /// (`optional`, `dictionary`, `threw`, `missing`), sorted.
        var words: [String] = []
        /// The other expectations that failed (with other arguments, or after the first), each with the kind of its
        /// value: `(error.detail) == true → nil`.
        var others: [String] = []
    }

    var failing: [Failing]

    init(failing: [Failing]) {
        self.failing = failing
    }

    /// The signature of a report that built and ran; nil for one that passed, did not build or did not run.
    init?(report: StepReport) {
        guard report.status == .failed else { return nil }
        failing = report.checks.filter(\.status.isFailure).map(Self.failing(of:))
        guard !failing.isEmpty else { return nil }
    }

    private static func failing(of check: CheckResult) -> Failing {
        let messages = check.failures.prefix(8).map { FailureMessage($0.message) }
        let message = messages.first
        var cases: [String] = []
        var words: Set<String> = []
        var others: [String] = []
        for read in messages {
            let said = read.expectation + " → " + (read.shape ?? read.actual ?? "")
            if read.expectation != message?.expectation || read.actual != message?.actual, !others.contains(said) {
                others.append(said)
            }
            for found in read.cases where !cases.contains(found) {
                cases.append(found)
            }
            words.formUnion(read.words)
        }
        return Failing(
            check: check.key, status: check.status, expectation: message?.expectation, actual: message?.actual,
            shape: message?.shape, cases: Array(cases.prefix(6)),
            arguments: Array(Set(check.failures.compactMap(\.argument))).sorted(),
            words: Array(words.sorted().prefix(30)), others: Array(others.sorted().prefix(6)))
    }

    /// Where it failed first, most precisely first: the first failing check at its expectation, then the check.
    var placesFailedFirst: [String] {
        guard let first = failing.first else { return [] }
        return (first.expectation.map { ["\(first.check) at \(Self.compared($0))"] } ?? []) + [first.check]
    }

    /// What is compared: each part of the signature as a word, with how much it weighs.
    /// The check itself weighs most; its expectation, the kind of value, the cases and the
    /// words say more precisely how it failed.
    var features: [String: Double] {
        var features: [String: Double] = [:]
        for check in failing {
            features["check " + check.check] = 2
            if check.status != .failed { features["\(check.status.rawValue) " + check.check] = 1 }
            if let expectation = check.expectation.map(Self.compared) {
                features["at \(check.check) \(expectation)"] = 1
                if let actual = check.actual {
                    features["value \(check.check) \(expectation) \(actual)"] = 1
                }
                if let shape = check.shape {
                    features["shape \(check.check) \(expectation) \(shape)"] = 1
                }
            }
            for found in check.cases { features["case \(check.check) \(found)"] = 0.5 }
            for argument in check.arguments { features["argument \(check.check) \(argument)"] = 0.5 }
            // Together, as much as the kind of value: a long value holds many words, and would
            // otherwise outweigh the check that failed.
            for word in check.words { features["word \(check.check) \(word)"] = 1 / Double(check.words.count) }
            for other in check.others { features["also \(check.check) \(other)"] = 0.5 }
        }
        return features
    }
}

extension FailureSignature {
    /// What a feature tells, by the word its key starts with: which checks failed, how each failed (where,
    /// with what kind of value, in what shape, for which arguments), or the details around it (cases, words,
    /// later expectations), which vary most between mistakes of one misconception.
    enum Level: Int, CaseIterable {
        case which, how, detail

        /// The first words of the features of each level but the details: a check, or a check's status.
        private static let whichWords = Set(["check"] + CheckResult.Status.allCases.map { Substring($0.rawValue) })
        private static let howWords: Set<Substring> = ["at", "value", "shape", "argument"]

        init(of feature: String) {
            let word = feature.prefix { $0 != " " }
            self = Self.whichWords.contains(word) ? .which : Self.howWords.contains(word) ? .how : .detail
        }

        /// How much the level counts in a similarity: details half, so that two mistakes that fail the same checks
        /// the same way stay alike when their values' words differ.
        var weight: Double { self == .detail ? 0.5 : 1 }
    }

    /// An expectation as compared: a crash by its kind alone (`It crashed: Fatal error`), since the rest of
    /// its message is the learner's own wording or names a seed's file, not the mistake.
    static func compared(_ expectation: String) -> String {
        let crashed = "It crashed: "
        guard expectation.hasPrefix(crashed), let colon = expectation.dropFirst(crashed.count).firstIndex(of: ":")
        else { return expectation }
        return String(expectation[..<colon])
    }
}

/// A failure's message, read as Swift Testing writes it: "Expectation failed: (a → 1) == (b → 2)".
struct FailureMessage {
    /// The expectation with its recorded values taken out, or the kind of message.
    let expectation: String
    /// The first recorded value, as a kind.
    let actual: String?
    /// How a list differs from the expected one (see `shape(of:against:)`).
    var shape: String?
    /// The enum cases (`.missing`) the message names.
    let cases: [String]
    /// The words of the first recorded value that the rest of the message does not have.
    var words: Set<String> = []

    init(_ message: String) {
        let expectationPrefix = "Expectation failed: "
        if message.hasPrefix("Caught error:") {
            expectation = "caught error"
            actual = nil
        } else if message.contains("an error was expected but none was thrown") {
            expectation = "no error thrown"
            actual = nil
        } else if message.hasPrefix(expectationPrefix),
            let thrown = Self.thrownInstead(message.dropFirst(expectationPrefix.count))
        {
            (expectation, actual, words) = thrown
        } else if message.hasPrefix(expectationPrefix) {
            let (skeleton, values) = Self.split(String(message.dropFirst(expectationPrefix.count)))
            expectation = String(skeleton.prefix(160))
            // The expected value: recorded after the actual one, or written as a literal at the end.
            let expected =
                values.count > 1
                ? values[1] : skeleton.components(separatedBy: " == ").last.flatMap { $0 == skeleton ? nil : $0 }
            actual = values.first.map { Self.kind(of: $0, against: expected) }
            shape = values.first.flatMap { Self.shape(of: $0, against: expected) }
            if let first = values.first {
                let others = Self.wordsOf(values.dropFirst().joined(separator: " ") + " " + skeleton)
                words = Self.wordsOf(first).subtracting(others)
            }
        } else {
            // Said in words by a check (step 9's mistakes, a crash, a hang): the words are the kind.
            expectation = String(message.prefix(80))
            actual = nil
        }
        cases = Self.cases(in: message)
    }

    /// `expected error of type T, but "…" [of type U] was thrown instead`: another error than the one expected. What
    /// was thrown is the learner's or the system's description (a path, a dictionary printed in any order), so it is
    /// kept as a kind: its case where it is one (`.unknown`), else `another error`; its words go with the details.
    static func thrownInstead(_ text: Substring) -> (expectation: String, kind: String, words: Set<String>)? {
        let start = "expected error of type "
        let but = ", but \""
        guard text.hasPrefix(start), let comma = text.range(of: but) else { return nil }
        let type = text[text.index(text.startIndex, offsetBy: start.count)..<comma.lowerBound]
        var thrown = text[comma.upperBound...]
        for ending in [" was thrown instead", "\""] where thrown.hasSuffix(ending) {
            thrown = thrown.dropLast(ending.count)
        }
        let (value, thrownType) =
            thrown.range(of: "\" of type ", options: .backwards).map {
                (thrown[..<$0.lowerBound], thrown[$0.upperBound...])
            } ?? (thrown, "")
        let kind = value.hasPrefix(".") ? Self.kind(of: String(value)) : "another error"
        return (
            "expected error of type \(type), but another was thrown", kind,
            wordsOf(value + " " + thrownType).subtracting(wordsOf(String(type)))
        )
    }

    /// The expression without its recorded values (`x → 3` is `x`), and those values in order.
    static func split(_ text: String) -> (skeleton: String, values: [String]) {
        var skeleton = ""
        var values: [String] = []
        var rest = Substring(text)
        while let arrow = rest.range(of: " → ") {
            skeleton += rest[..<arrow.lowerBound]
            rest = rest[arrow.upperBound...]
            // The value runs to the bracket that closes around it, or to the end.
            var depth = 0
            var inString = false
            var end = rest.endIndex
            var index = rest.startIndex
            while index < rest.endIndex {
                let character = rest[index]
                if character == "\"" && (index == rest.startIndex || rest[rest.index(before: index)] != "\\") {
                    inString.toggle()
                } else if !inString {
                    if "([{".contains(character) {
                        depth += 1
                    } else if ")]}".contains(character) {
                        if depth == 0 {
                            end = index
                            break
                        }
                        depth -= 1
                    }
                }
                index = rest.index(after: index)
            }
            values.append(String(rest[..<end]))
            rest = rest[end...]
        }
        skeleton += rest
        return (skeleton, values)
    }

    /// Lowercased words of three letters or more.
    static func wordsOf(_ text: String) -> Set<String> {
        Set(text.lowercased().split { !$0.isLetter }.filter { $0.count >= 3 }.map(String.init))
    }

    /// A value as a kind: what it is, not what it holds; a number or a list as more or fewer than expected.
    static func kind(of value: String, against expected: String? = nil) -> String {
        let value = value.trimmingCharacters(in: .whitespaces)
        let expected = expected?.trimmingCharacters(in: .whitespaces)
        switch value {
        case "nil", "true", "false": return value
        case "[]", "\"\"", "[:]": return "empty"
        default: break
        }
        if let number = Double(value) {
            guard let other = expected.flatMap(Double.init) else { return number == 0 ? "zero" : "number" }
            return number == 0 ? "zero" : number < other ? "fewer" : "more"
        }
        if value.hasPrefix("[") {
            guard let expected, expected.hasPrefix("[") else { return "list" }
            let (mine, theirs) = (elements(of: value).count, elements(of: expected).count)
            return mine < theirs ? "shorter list" : mine > theirs ? "longer list" : "list"
        }
        if value.hasPrefix("\"") { return "text" }
        if value.hasPrefix("."), let name = value.dropFirst().split(whereSeparator: { !$0.isLetter }).first {
            return "." + name
        }
        return "value"
    }

    /// The elements of a printed list: what is inside its brackets, split at the commas outside
    /// brackets and strings.
    static func elements(of list: String) -> [String] {
        let list = list.trimmingCharacters(in: .whitespaces)
        guard list.count > 2, list.hasPrefix("["), list.hasSuffix("]"), list != "[:]" else { return [] }
        var (depth, inString) = (0, false)
        var (found, current) = ([String](), "")
        var previous: Character = " "
        for character in list.dropFirst().dropLast() {
            if character == "\"" && previous != "\\" {
                inString.toggle()
            } else if !inString {
                if "([{".contains(character) { depth += 1 }
                if ")]}".contains(character) { depth -= 1 }
            }
            if depth == 0, !inString, character == "," {
                found.append(current.trimmingCharacters(in: .whitespaces))
                current = ""
            } else {
                current.append(character)
            }
            previous = character
        }
        return found + [current.trimmingCharacters(in: .whitespaces)]
    }

    /// How a list differs from the list expected, told without the values: for lists as long, each
    /// element as the same (`=`), zero, fewer or more than expected (`0`, `<`, `>`), another `name` or other
    /// `contents` (see `change(of:from:)`) or other (`x`), or the
    /// same elements `reordered`; for a longer or shorter one, whether it holds every expected element or
    /// only expected ones, and whether it repeats one. Nil for what is not a list, or is empty.
    static func shape(of value: String, against expected: String?) -> String? {
        guard let expected, expected.trimmingCharacters(in: .whitespaces).hasPrefix("[") else { return nil }
        let (mine, theirs) = (elements(of: value), elements(of: expected))
        guard !mine.isEmpty, !theirs.isEmpty else { return nil }
        if mine.count == theirs.count {
            if mine.sorted() == theirs.sorted() { return "reordered" }
            guard mine.count <= 8 else { return nil }
            return zip(mine, theirs).map { mine, theirs in
                guard mine != theirs else { return "=" }
                guard let number = Double(mine), let other = Double(theirs) else {
                    return Self.change(of: mine, from: theirs)
                }
                return number == 0 ? "0" : number < other ? "<" : ">"
            }.joined(separator: " ")
        }
        var shape: [String] = []
        if Set(theirs).isSubset(of: Set(mine)) { shape.append("holds all expected") }
        if Set(mine).isSubset(of: Set(theirs)) { shape.append("only expected") }
        if Set(mine).count < mine.count, Set(theirs).count == theirs.count { shape.append("repeats") }
        return shape.isEmpty ? nil : shape.joined(separator: ", ")
    }

    /// How an element differs when it is written as a name with its contents (`.move(1)`): only by its `name`,
    /// only by its `contents`, or by both (`x`). A call made the wrong way and a call made to the wrong place
    /// are different mistakes.
    static func change(of element: String, from expected: String) -> String {
        func parts(_ text: String) -> (name: Substring, contents: Substring)? {
            guard let open = text.firstIndex(of: "("), open > text.startIndex, text.hasSuffix(")") else { return nil }
            return (text[..<open], text[open...])
        }
        guard let mine = parts(element), let theirs = parts(expected) else { return "x" }
        if mine.contents == theirs.contents { return "name" }
        return mine.name == theirs.name ? "contents" : "x"
    }

    /// `.missing`, `.presentLoading`: the cases a message names, in order, at most once each.
    static func cases(in message: String) -> [String] {
        var found: [String] = []
        var previous: Character = " "
        var index = message.startIndex
        while index < message.endIndex {
            let character = message[index]
            if character == ".",
                !(previous.isLetter || previous.isNumber || previous == ")" || previous == "]"
                    || previous == "?" || previous == "_")
            {
                let start = message.index(after: index)
                let end = message[start...].firstIndex { !($0.isLetter || $0.isNumber) } ?? message.endIndex
                let name = message[start..<end]
                if let first = name.first, first.isLowercase, !found.contains("." + name) {
                    found.append("." + name)
                }
                index = end
                previous = "x"
                continue
            }
            previous = character
            index = message.index(after: index)
        }
        return found
    }
}
