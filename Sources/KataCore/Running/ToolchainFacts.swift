import Foundation

/// What kata asked the toolchain once and keeps in the build folder, by the toolchain's identity and the build
/// system chosen: where the products go, and the Swift release (which decides the event stream's version). Asking
/// costs a third of a second, more than the rest of a warm check.
struct ToolchainFacts: Codable, Sendable, Equatable {
    /// The `swift` (by path, size and time) and the build system asked for, as kata chose them.
    let key: String
    let productsFolder: String
    /// `major.minor` of the compiler's version; nil when it could not be read.
    let release: String?
    /// Where the Swift runtime's libraries are (`runtimeLibraryPaths`), which a test program loads: an isolated run
    /// sees them.
    var runtimeLibraries: [String] = []

    static let fileName = "kata-toolchain.json"

    static func cached(in scratchFolder: URL, key: String) -> ToolchainFacts? {
        let data = try? Data(contentsOf: scratchFolder.appendingPathComponent(fileName))
        guard let facts = data.flatMap({ try? JSONDecoder().decode(ToolchainFacts.self, from: $0) }), facts.key == key,
            FileTree.kind(at: URL(fileURLWithPath: facts.productsFolder)) == .folder
        else { return nil }
        return facts
    }

    func save(in scratchFolder: URL) {
        guard let data = try? JSONEncoder().encode(self) else { return }
        try? FileManager.default.createDirectory(at: scratchFolder, withIntermediateDirectories: true)
        try? data.write(to: scratchFolder.appendingPathComponent(Self.fileName), options: .atomic)
    }

    /// The release and the runtime's folders, from `swift -print-target-info`.
    static func read(targetInfo text: String) -> (release: String?, runtimeLibraries: [String]) {
        guard let info = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
            return (release(fromVersionOutput: text), [])
        }
        let paths = (info["paths"] as? [String: Any])?["runtimeLibraryPaths"] as? [String] ?? []
        return ((info["compilerVersion"] as? String).flatMap(release(fromVersionOutput:)), paths)
    }

    /// `6.3` from `Swift version 6.3.1 (swift-6.3.1-RELEASE)` or `Apple Swift version 6.2 (swiftlang-…)`.
    static func release(fromVersionOutput text: String) -> String? {
        guard let range = text.range(of: "Swift version ") else { return nil }
        let numbers = text[range.upperBound...].prefix { $0.isNumber || $0 == "." }.split(separator: ".")
        guard numbers.count >= 2, Int(numbers[0]) != nil, Int(numbers[1]) != nil else { return nil }
        return "\(numbers[0]).\(numbers[1])"
    }
}

/// The version of Swift Testing's event stream kata asks a test program for: the newest one kata reads that the
/// toolchain's testing library knows. Swift 6.2 knows only the first schema (`0`); 6.3 adds issue severity and
/// `filePath` (`"6.3"`); 6.4 adds tags, bugs, time limits and iterations (`"6.4"`). A newer toolchain still knows
/// these, so kata asks it for the newest kata reads.
enum EventStreamVersion {
    static let known: [(release: [Int], version: String)] = [([6, 4], "6.4"), ([6, 3], "6.3")]
    static let first = "0"

    static func asked(ofRelease release: String?) -> String {
        guard let release else { return first }
        let numbers = release.split(separator: ".").compactMap { Int($0) }
        return known.first { numbers.lexicographicallyPrecedes($0.release) == false }?.version ?? first
    }

    /// From 6.3 on, the stream leaves out what is not yet part of its schema unless told otherwise; kata reads one
    /// such field when present (the argument of a parameterized check's case) and needs none.
    static func environment(for version: String) -> [String: String] {
        version == first ? [:] : ["SWT_EXPERIMENTAL_EVENT_STREAM_FIELDS_ENABLED": "1"]
    }

    /// Why a test program would not start, when its output says it does not know the version it was asked for
    /// (Swift Testing's own words: an invalid value for the argument, or a version it keeps experimental).
    static func refusal(in output: String, asked version: String) -> String? {
        let said = output.split(separator: "\n").first { line in
            line.contains("for argument --event-stream-version") || line.contains("Event stream version \(version) is")
        }
        guard let said else { return nil }
        return "the checks' testing library does not know event stream version \(version), which kata asks of this "
            + "Swift's release (it said: \(said.trimmingCharacters(in: .whitespaces)))"
    }
}
