import Foundation

/// The recorded event streams and outputs the runner's tests read.
///
/// Recorded from a small package whose suite has a passing, a failing, a parameterized,
/// a skipped and a crashing check (its source is `Fixtures/ViewTests.swift.txt`), with
/// paths rewritten to start at `/kata/`.
enum Fixtures {
    static func url(_ name: String) -> URL {
        Bundle.module.url(forResource: "Fixtures", withExtension: nil)!.appendingPathComponent(name)
    }

    static func text(_ name: String) -> String {
        (try? String(contentsOf: url(name), encoding: .utf8)) ?? ""
    }
}
