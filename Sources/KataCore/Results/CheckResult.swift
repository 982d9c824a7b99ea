import Foundation

/// What one check (one `@Test`) came to.
public struct CheckResult: Codable, Sendable, Equatable {
    public enum Status: String, Codable, Sendable {
        case passed, failed, crashed, timedOut, notRun, skipped

        public var isPass: Bool { self == .passed }
    }

    /// The test target the check belongs to: `Step03InteractorTests`.
    public let target: String
    /// Swift Testing's id without the target and the trailing source location:
    /// `CreateIceCreamViewTests/fetchSendsOneRequest()`. Hints are keyed by it.
    public let key: String
    /// The display name: a sentence.
    public let name: String
    public var status: Status
    public var failures: [Failure]
    /// Where the `@Test` is, as an absolute path, and its line.
    public let file: String?
    public let line: Int?

    public init(
        target: String, key: String, name: String, status: Status,
        failures: [Failure] = [], file: String?, line: Int?
    ) {
        self.target = target
        self.key = key
        self.name = name
        self.status = status
        self.failures = failures
        self.file = file
        self.line = line
    }

    /// One thing that went wrong: an expectation that failed, an error thrown, a crash.
    public struct Failure: Codable, Sendable, Equatable {
        /// "Expectation failed: (count → 0) == 1", with the values Swift Testing recorded.
        public var message: String
        /// The comments written right before the expectation: what should hold.
        public var details: [String]
        /// For a parameterized check: the argument it failed with, as its seed describes itself.
        public var argument: String?
        public var file: String?
        public var line: Int?

        public init(message: String, details: [String] = [], argument: String? = nil, file: String? = nil, line: Int? = nil) {
            self.message = message
            self.details = details
            self.argument = argument
            self.file = file
            self.line = line
        }
    }
}

extension CheckResult {
    /// `Step03InteractorTests.Suite/function()/File.swift:12:6` → `Step03InteractorTests`.
    static func target(fromTestID id: String) -> String {
        String(id.prefix { $0 != "." && $0 != "/" })
    }

    /// A `--filter`/`--skip` pattern that matches this check and no other. Swift Testing
    /// matches against more than `Target.Suite/function()`, so it is anchored at the start
    /// only; the function's parentheses keep it from matching a longer name.
    var exactPattern: String {
        "^" + NSRegularExpression.escapedPattern(for: "\(target).\(key)")
    }

    /// The id's pieces: `Target.Suite/function()/File.swift:12:6` → `Suite/function()`.
    static func key(fromTestID id: String) -> String {
        var parts = id.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if let last = parts.last, last.contains(".swift:") {
            parts.removeLast()
        }
        if let first = parts.first, let dot = first.firstIndex(of: ".") {
            parts[0] = String(first[first.index(after: dot)...])
        }
        return parts.joined(separator: "/")
    }
}
