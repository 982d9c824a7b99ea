import Foundation
import Testing

@testable import KataCore

@Suite("The course is data, and the runner is generic")
struct CourseTests {
    /// Every name the course gives: its apps, scenes, folders, modules, given code, suites,
    /// checks, and the types its lessons declare.
    /// Whether `text` holds `name`'s UTF-8 bytes, found with the C library's memchr and memcmp: String's search and
    /// NSString's took seconds in a debug build, over every name and file of the runner.
    static func bytes(_ text: [UInt8], contain name: String) -> Bool {
        let name = Array(name.utf8)
        guard let first = name.first, text.count >= name.count else { return false }
        return text.withUnsafeBytes { text in
            name.withUnsafeBytes { name in
                guard let base = text.baseAddress, let wanted = name.baseAddress else { return false }
                var from = base
                let end = base + (text.count - name.count + 1)
                while from < end, let hit = memchr(from, Int32(first), end - from) {
                    if memcmp(hit, wanted, name.count) == 0 { return true }
                    from = UnsafeRawPointer(hit) + 1
                }
                return false
            }
        }
    }

    static func courseNames() -> Set<String> {
        var names: Set<String> = []
        for track in RealKit.course.tracks {
            names.insert(track.app)
            names.formUnion(track.given.filter { $0.count > 6 })
        }
        for step in RealKit.steps {
            names.formUnion([step.folder, step.module, step.testTarget])
            names.formUnion(step.scene.components(separatedBy: " → "))
            for check in DeclaredCheck.all(of: step, in: RealKit.workspace) {
                names.insert(check.name)
                // A lesson of suites keys its mistakes `Mistakes/<id>`: the prefix is the runner's word, the id the course's.
                let parts = check.key.split(separator: "/").map { String($0.prefix { $0 != "(" }) }
                names.formUnion(step.kind == .suites ? Array(parts.dropFirst()) : parts)
            }
            for source in [Source.exercises, .solutions] {
                for path in RealKit.workspace.files(of: step, in: source) where path.hasSuffix(".swift") {
                    let code = SwiftSource(
                        String(
                            decoding: RealKit.workspace.bytes(of: "\(source.folderName)/\(step.folder)/\(path)"),
                            as: UTF8.self)
                    ).code
                    let declared = try? NSRegularExpression(
                        pattern: #"\b(?:class|struct|enum|protocol|actor)\s+([A-Z]\w+)"#)
                    let range = NSRange(code.startIndex..., in: code)
                    for match in declared?.matches(in: code, range: range) ?? [] {
                        // Compound names only: a nested `Request` or `Problem` is a word, not the course's.
                        if let range = Range(match.range(at: 1), in: code), code[range].filter(\.isUppercase).count > 1
                        {
                            names.insert(String(code[range]))
                        }
                    }
                }
            }
        }
        return names.filter { $0.count > 3 }
    }

    @Test("KataCore's sources name no app, scene, step, type or check of the course")
    func runnerNamesNothingOfTheCourse() {
        // Given
        let names = Self.courseNames()
        let runner = RealKit.workspace.allFiles(under: "Sources/KataCore").filter { $0.hasSuffix(".swift") }

        // When
        let mentions = runner.flatMap { path in
            let text = RealKit.workspace.bytes(of: path)
            return names.filter { Self.bytes(text, contain: $0) }.sorted().map { "\(path) names \($0)" }
        }

        // Then
        // The course lives in Tests/course.json, each step's step.json, the checks' annotations and the guides.
        #expect(!names.isEmpty)
        #expect(mentions == [])
    }

    @Test("The course lists its lessons in order, each with its step.json, and outlines its apps")
    func courseReads() throws {
        // When
        let course = RealKit.course

        // Then
        #expect(course.steps.map(\.number) == Array(1...course.steps.count))
        #expect(course.steps.allSatisfy { !$0.scene.isEmpty && !$0.lesson.isEmpty && !$0.givenModules.isEmpty })
        #expect(course.outline.contains("(steps 1-"))
    }

    @Test(
        "A broken course file is refused in one line that names it",
        arguments: [
            ("", "is missing"),
            ("{", "cannot be read"),
            (#"{"title": "t", "tracks": [], "lessons": [{"folder": "01-A", "track": "x"}]}"#, "names the track 'x'"),
            (#"{"title": "t", "tracks": [], "lessons": [{"folder": "02-A", "track": "x"}]}"#, "numbered from 01"),
        ])
    func brokenCourse(text: String, expected: String) {
        // When
        let result = Result { () throws(CommandFailure) in
            try Course.load(root: URL(fileURLWithPath: "/kit")) { path in
                path == Course.path ? Array(text.utf8) : []
            }
        }

        // Then
        guard case .failure(let failure) = result else {
            Issue.record("the course was read")
            return
        }
        #expect(failure.message.contains(expected))
        #expect(!failure.message.contains("\n"))
    }
}
