/// How a command is typed: its words, flags and options. Parsing and `--help` both read it.
struct CommandSpec: Sendable {
    struct Option: Sendable {
        let name: String
        /// The value's placeholder (`SECONDS`), or nil for a flag that takes none.
        let value: String?
        let help: String

        init(_ name: String, value: String? = nil, help: String) {
            self.name = name
            self.value = value
            self.help = help
        }
    }

    let name: String
    /// `kata check <step> [--solutions] [--json]`
    let usage: [String]
    let summary: String
    var details = ""
    var options: [Option] = []
    /// How many words may follow the command.
    var arguments: ClosedRange<Int> = 0...0
}

/// A command line, parsed against its command's spec.
struct ParsedArguments: Equatable, Sendable {
    var command: String
    var words: [String] = []
    var flags: Set<String> = []
    var values: [String: String] = [:]
    var wantsHelp = false

    func has(_ flag: String) -> Bool { flags.contains(flag) }
}

/// What went wrong with the command line, in one line. Exit status 64.
struct UsageError: Error, Equatable, Sendable {
    let message: String

    init(_ message: String) { self.message = message }
}

enum CommandLineParser {
    static func parse(_ arguments: [String], specs: [CommandSpec]) throws(UsageError) -> ParsedArguments {
        guard let first = arguments.first else {
            return ParsedArguments(command: "status")
        }
        if first == "--help" || first == "-h" || first == "help" {
            var parsed = ParsedArguments(command: "help")
            parsed.words = Array(arguments.dropFirst().prefix(1))
            return parsed
        }
        if first == "--version" {
            return ParsedArguments(command: "version")
        }
        if first.hasPrefix("-") {
            throw UsageError(
                "kata: unknown option '\(first)'. Commands come first: kata check 3 --json. See kata --help.")
        }
        guard let spec = specs.first(where: { $0.name == first }) else {
            let suggestion = closest(to: first, among: specs.map(\.name)).map { " Did you mean 'kata \($0)'?" } ?? ""
            throw UsageError("kata: unknown command '\(first)'.\(suggestion) See kata --help.")
        }

        var parsed = ParsedArguments(command: spec.name)
        var rest = arguments.dropFirst()[...]
        while let argument = rest.popFirst() {
            if argument == "--" {
                // As in every Unix tool: what follows is words, even when it starts with a dash.
                parsed.words += rest
                break
            }
            if argument == "--help" || argument == "-h" {
                parsed.wantsHelp = true
                continue
            }
            guard argument.hasPrefix("-"), argument.count > 1 else {
                parsed.words.append(argument)
                continue
            }
            let (name, inlineValue) = split(argument)
            guard let option = spec.options.first(where: { $0.name == name }) else {
                throw UsageError("kata \(spec.name): unknown option '\(name)'. See kata \(spec.name) --help.")
            }
            guard let placeholder = option.value else {
                if inlineValue != nil {
                    throw UsageError("kata \(spec.name): \(name) takes no value.")
                }
                parsed.flags.insert(name)
                continue
            }
            guard let value = inlineValue ?? rest.popFirst(), !value.hasPrefix("--") else {
                throw UsageError("kata \(spec.name): \(name) needs a value: \(name) \(placeholder).")
            }
            parsed.values[name] = value
        }
        if parsed.wantsHelp { return parsed }
        guard spec.arguments.contains(parsed.words.count) else {
            let expected = spec.usage.first ?? "kata \(spec.name)"
            if parsed.words.count > spec.arguments.upperBound {
                let extra = parsed.words[spec.arguments.upperBound...].joined(separator: " ")
                throw UsageError("kata \(spec.name): unexpected '\(extra)'. Usage: \(expected)")
            }
            if expected.contains("<step>") {
                throw UsageError(
                    "kata \(spec.name): which step? Usage: \(expected), for example kata \(spec.name) 1.")
            }
            throw UsageError("kata \(spec.name): missing arguments. Usage: \(expected)")
        }
        return parsed
    }

    private static func split(_ argument: String) -> (String, String?) {
        guard let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    /// The command one or two edits away from what was typed, if any.
    static func closest(to word: String, among names: [String]) -> String? {
        names.map { ($0, distance(word, $0)) }
            .filter { $0.1 <= 2 }
            .min { $0.1 < $1.1 }?.0
    }

    /// Levenshtein distance: the fewest one-letter edits from `a` to `b`.
    private static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            previous = current
        }
        return previous[b.count]
    }
}

/// Reads a step number as typed: `3`, `03`.
enum StepArgument {
    static func parse(_ word: String, command: String, in kit: Kit) throws(UsageError) -> Step {
        guard let number = Int(word) else {
            throw UsageError(
                "kata \(command): '\(word)' is not a step number; steps go from 1 to \(kit.steps.count).")
        }
        guard let step = kit.step(number) else {
            throw UsageError(
                "kata \(command): there is no step \(number); steps go from 1 to \(kit.steps.count).")
        }
        return step
    }
}

/// How long one check may run, from `--time-limit` or `KATA_TIME_LIMIT`.
enum TimeLimit {
    static func parse(_ word: String) throws(UsageError) -> Duration {
        // As the message says: a limit under a second stops every run before its first check.
        guard let seconds = Double(word), seconds >= 1, seconds <= 3600 else {
            throw UsageError("kata: --time-limit takes seconds, a number from 1 to 3600; got '\(word)'.")
        }
        return .milliseconds(Int(seconds * 1000))
    }

    /// The flag's value when given, else the environment's, else the default.
    static func resolve(_ flag: Duration?, environment: [String: String]) throws(CommandFailure) -> Duration {
        if let flag { return flag }
        return try fromEnvironment(environment)
    }

    static func fromEnvironment(_ environment: [String: String]) throws(CommandFailure) -> Duration {
        guard let word = environment["KATA_TIME_LIMIT"], !word.isEmpty else { return StepChecker.defaultTimeLimit }
        do {
            return try parse(word)
        } catch {
            throw CommandFailure(
                "kata: KATA_TIME_LIMIT takes seconds, a number from 1 to 3600; it is '\(word)'.", status: .usage)
        }
    }
}
