import Foundation

/// One line of Swift Testing's JSON event stream (`--event-stream-output-path`).
///
/// Only the fields the runner needs are decoded; unknown kinds and fields are ignored, as the schema asks of readers.
/// Both the stable schema (`"version": 0`) and the versioned one (`"version": "6.3.0"`) are accepted; the experimental
/// `_`-prefixed fields of version 0 are used when present and never required.
struct EventStreamRecord: Decodable {
    let version: SchemaVersion
    let kind: Kind
    let payload: Payload

    /// A record describes a test, or tells of something that happened (`other`: a kind this runner does not read,
    /// which the schema asks readers to pass over).
    enum Kind: String, OpenSchemaWord {
        case test, event, other
    }

    /// What a test record describes, or what an event tells of: the ones the runner reads.
    enum PayloadKind: String, OpenSchemaWord {
        case function, suite
        case runStarted, runEnded, testStarted, testEnded, testSkipped, issueRecorded
        case other
    }

    struct Payload: Decodable {
        // A test record: a suite or a function.
        let kind: PayloadKind?
        let id: String?
        let name: String?
        let displayName: String?
        let sourceLocation: SourceLocation?
        let isParameterized: Bool?
        // An event record.
        let testID: String?
        let issue: Issue?
        let messages: [Message]?
        let testCase: TestCase?
        /// When the event happened, in seconds on a clock that only moves forward.
        let instant: Instant?

        private enum CodingKeys: String, CodingKey {
            case kind, id, name, displayName, sourceLocation, isParameterized
            case testID, issue, messages, instant
            case testCase = "_testCase"
        }
    }

    struct Instant: Decodable {
        let absolute: Double
    }

    struct SourceLocation: Decodable {
        let fileID: String?
        let filePath: String?
        let line: Int
        let column: Int?

        private enum CodingKeys: String, CodingKey {
            case fileID, filePath, line, column
            case experimentalFilePath = "_filePath"
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            fileID = try container.decodeIfPresent(String.self, forKey: .fileID)
            filePath =
                try container.decodeIfPresent(String.self, forKey: .filePath)
                ?? container.decodeIfPresent(String.self, forKey: .experimentalFilePath)
            line = try container.decode(Int.self, forKey: .line)
            column = try container.decodeIfPresent(Int.self, forKey: .column)
        }
    }

    struct Issue: Decodable {
        let isKnown: Bool?
        /// Present from schema 6.3 on; before it every unknown issue fails its test.
        let isFailure: Bool?
        let sourceLocation: SourceLocation?
    }

    struct Message: Decodable {
        let symbol: Symbol
        let text: String

        /// The symbols the runner reads: the failure itself, and the details under it.
        enum Symbol: String, OpenSchemaWord {
            case fail, details, other
        }
    }

    struct TestCase: Decodable {
        let displayName: String?
        let id: String?
    }
}

/// A word of the schema that later versions may add to: one this runner does not know reads as `other`.
protocol OpenSchemaWord: RawRepresentable<String>, Decodable, Equatable {
    static var other: Self { get }
}

extension OpenSchemaWord {
    init(from decoder: any Decoder) throws {
        self = Self(rawValue: try decoder.singleValueContainer().decode(String.self)) ?? .other
    }
}

/// The schema version: a number (0) in the first schema, a version string ("6.3.0") after.
enum SchemaVersion: Decodable, Equatable {
    case number(Int)
    case text(String)

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self = try (try? container.decode(Int.self)).map(Self.number) ?? .text(container.decode(String.self))
    }
}

/// Which check runs now, read from an event stream while it is written, a piece at a time: what a person waiting is
/// told. The checks run one at a time, so at most one has started and not ended.
struct LiveRun {
    /// The name of the check that started and has not ended yet, if one has.
    private(set) var running: String?
    /// How many checks have started: a check that starts after one of the same name is another.
    private(set) var started = 0
    private var names: [String: String] = [:]
    private var runningID: String?
    /// The end of what was read, when it stopped in the middle of a line.
    private var partial = ""

    /// Reads what was written to the stream since the last call.
    mutating func read(_ text: String) {
        var lines = (partial + text).split(separator: "\n", omittingEmptySubsequences: false)
        partial = String(lines.removeLast())
        for record in EventStreamReader.records(in: lines.joined(separator: "\n")) {
            let payload = record.payload
            switch (record.kind, payload.kind) {
            case (.test, .function):
                if let id = payload.id { names[id] = payload.displayName ?? payload.name ?? id }
            case (.event, .testStarted):
                if let id = payload.testID, let name = names[id] {
                    (runningID, running) = (id, name)
                    started += 1
                }
            case (.event, .testEnded), (.event, .testSkipped):
                if payload.testID == runningID { (runningID, running) = (nil, nil) }
            case (.event, .runEnded):
                (runningID, running) = (nil, nil)
            default:
                continue
            }
        }
    }
}

/// Reads an event stream file, line by line, skipping lines it cannot read.
enum EventStreamReader {
    static func records(in text: String) -> [EventStreamRecord] {
        let decoder = JSONDecoder()
        return text.split(separator: "\n").compactMap { line in
            try? decoder.decode(EventStreamRecord.self, from: Data(line.utf8))
        }
    }

    static func records(at url: URL) -> [EventStreamRecord] {
        guard let data = try? Data(contentsOf: url) else { return [] }
        return records(in: String(decoding: data, as: UTF8.self))
    }
}
