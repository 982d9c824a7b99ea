import Foundation

/// What one check (one `@Test`) came to.
struct CheckResult: Codable, Sendable, Equatable {
    enum Status: String, Codable, Sendable, CaseIterable {
        case passed, failed, crashed, timedOut, notRun, skipped

        var isPass: Bool { self == .passed }
        /// A check that ran and did not pass: it failed, crashed or hung.
        var isFailure: Bool { self == .failed || self == .crashed || self == .timedOut }
    }

    /// The test target the check belongs to: `Step02MenuTests`.
    let target: String
    /// Swift Testing's id less target and trailing source location (`MenuViewTests/showsTheMenu()`); hints key by it.
    let key: String
    /// The display name: a sentence.
    let name: String
    var status: Status
    var failures: [Failure] = []
    /// Where the `@Test` is, as an absolute path, and its line.
    let file: String?
    let line: Int?
    /// How long it ran, in seconds, from the event stream; nil when it did not run.
    var duration: Double?

    /// One thing that went wrong: an expectation that failed, an error thrown, a crash.
    struct Failure: Codable, Sendable, Equatable {
        /// "Expectation failed: (count → 0) == 1", with the values Swift Testing recorded.
        var message: String
        /// The comments written right before the expectation: what should hold.
        var details: [String] = []
        /// For a parameterized check: the argument it failed with, as its seed describes itself.
        var argument: String?
        var file: String?
        var line: Int?
    }
}

extension CheckResult {
    /// `Step02MenuTests.Suite/function()/File.swift:12:6` → `Step02MenuTests`.
    static func target(fromTestID id: String) -> String {
        String(id.prefix { $0 != "." && $0 != "/" })
    }

    /// A `--filter`/`--skip` pattern that matches this check and no other. Swift Testing
    /// matches against more than `Target.Suite/function()`, so it is anchored at the start
    /// only; the function's parentheses keep it from matching a longer name.
    var exactPattern: String { "^" + NSRegularExpression.escapedPattern(for: "\(target).\(key)") }

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

/// What the JSON documents say of a check: its first failure (with the argument of a
/// parameterized check) and where it failed, or where the check is when it passed.
struct CheckSummary {
    let message: String?
    let file: String?
    let line: Int?

    init(_ check: CheckResult, workspace: Workspace) {
        let failure = check.failures.first
        let argument = failure?.argument.map { "with \($0): " } ?? ""
        message = failure.map { argument + $0.message }
        file = (failure?.file ?? check.file).map(workspace.relativePath)
        line = failure?.line ?? check.line
    }
}

/// A compiler error as the JSON documents write it, its file relative to the workspace.
struct CompilerError: Codable, Sendable {
    let file: String
    let line: Int
    let column: Int
    let message: String

    static func errors(in report: StepReport, workspace: Workspace) -> [CompilerError] {
        report.diagnostics.filter { $0.severity == .error }.map {
            CompilerError(file: workspace.relativePath($0.file), line: $0.line, column: $0.column, message: $0.message)
        }
    }
}
