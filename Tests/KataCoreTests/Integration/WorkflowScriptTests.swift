import Foundation
import Testing

@testable import KataCore

/// The workflows' shell, run here: the scripts under .github/scripts, and the one guard the
/// Classroom workflow keeps inline (it runs before the kit, and its scripts, are checked out).
@Suite("The workflows' scripts")
struct WorkflowScriptTests {
    static let kit = Kit.root

    static func bash(_ arguments: [String], environment: [String: String] = [:]) -> CommandResult {
        Subprocess.run(Command("/bin/bash", arguments, environment: environment, timeLimit: .seconds(60)))
    }

    /// A folder of fake Xcodes, as a macOS runner image lays them out.
    static func applications(_ names: [String], links: [String: String] = [:]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kata xcodes \(UUID().uuidString.prefix(6))")
        for name in names {
            try FileManager.default.createDirectory(
                at: folder.appendingPathComponent("\(name)/Contents/Developer"), withIntermediateDirectories: true)
        }
        for (link, target) in links {
            try FileManager.default.createSymbolicLink(
                at: folder.appendingPathComponent(link), withDestinationURL: folder.appendingPathComponent(target))
        }
        return folder
    }

    @Test("select-xcode selects the pinned Xcode when it is a release")
    func selectsARelease() throws {
        // Given
        let applications = try Self.applications(["Xcode_26.5.app", "Xcode_26.6.app"])
        defer { try? FileManager.default.removeItem(at: applications) }

        // When
        let result = Self.bash(
            [Self.kit.appendingPathComponent(".github/scripts/select-xcode").path, "26.6"],
            environment: ["XCODE_APPLICATIONS": applications.path, "XCODE_SELECT": "echo xcode-select"])

        // Then
        #expect(result.ending == .exited(0))
        #expect(
            result.output.contains(
                "xcode-select -s \(applications.resolvingSymlinksInPath().path)/Xcode_26.6.app/Contents/Developer"))
    }

    @Test("select-xcode refuses a release candidate that goes by the release's name, and a missing version")
    func refusesACandidate() throws {
        // Given
        let applications = try Self.applications(
            ["Xcode_26.5.app", "Xcode_26.6_Release_Candidate_2.app"],
            links: ["Xcode_26.6.app": "Xcode_26.6_Release_Candidate_2.app"])
        defer { try? FileManager.default.removeItem(at: applications) }
        let environment = ["XCODE_APPLICATIONS": applications.path, "XCODE_SELECT": "echo xcode-select"]
        let script = Self.kit.appendingPathComponent(".github/scripts/select-xcode").path

        // When
        let candidate = Self.bash([script, "26.6"], environment: environment)
        let missing = Self.bash([script, "27.0"], environment: environment)

        // Then
        #expect(candidate.ending == .exited(1))
        #expect(candidate.output.contains("Not a release"))
        #expect(!candidate.output.contains("xcode-select -s"))
        #expect(missing.ending == .exited(1))
        #expect(missing.output.contains("Xcode_26.5.app"))
    }

    @Test("install-make leaves a machine that has make alone")
    func makeIsThere() {
        // When
        let result = Self.bash([Self.kit.appendingPathComponent(".github/scripts/install-make").path])

        // Then
        #expect(result.ending == .exited(0))
        #expect(result.output.contains("make is there"))
    }

    @Test("classroom-grade says what is wrong with its arguments in one line")
    func classroomGradeArguments() {
        // Given
        let script = Self.kit.appendingPathComponent(".github/scripts/classroom-grade").path

        // When
        let usage = Self.bash([script, "only-one"])
        let noKit = Self.bash([script, "/nonexistent/kit", Self.kit.path, "/tmp/kata-out"])

        // Then
        #expect(usage.ending == .exited(64))
        #expect(noKit.ending == .exited(66))
        #expect(noKit.output.contains("::error title=No kit::"))
    }

    /// The Classroom workflow's guard, as written in the template.
    static func guardScript() throws -> String {
        let workflow = try String(
            contentsOf: kit.appendingPathComponent(".github/classroom/autograding.yml"), encoding: .utf8)
        let lines = workflow.components(separatedBy: "\n")
        let start = try #require(lines.firstIndex { $0.contains("name: Refuse to grade without the pinned kit") })
        let run = try #require(lines[start...].firstIndex { $0.trimmingCharacters(in: .whitespaces) == "run: |" })
        let indent = lines[run + 1].prefix { $0 == " " }.count
        return lines[(run + 1)...].prefix { $0.hasPrefix(String(repeating: " ", count: indent)) || $0.isEmpty }
            .map { String($0.dropFirst(min(indent, $0.count))) }.joined(separator: "\n")
    }

    @Test(
        "The Classroom workflow refuses to grade unless the kit is pinned and its token is there",
        arguments: [
            ("OWNER/KIT-REPOSITORY", "COMMIT-OR-TAG", "secret", 1),
            ("school/kit", "COMMIT-OR-TAG", "secret", 1),
            ("", "", "secret", 1),
            ("school/kit", "1a2b3c4d", "", 1),
            ("school/kit", "1a2b3c4d", "secret", 0),
        ])
    func classroomGuard(repository: String, ref: String, token: String, status: Int32) throws {
        // Given
        let script = try Self.guardScript()

        // When
        let result = Self.bash(
            ["-c", script],
            environment: ["KATA_KIT_REPOSITORY": repository, "KATA_KIT_REF": ref, "KATA_KIT_TOKEN": token])

        // Then
        // Graded only against a pinned kit read with its token; never the learner's own copy.
        #expect(result.ending == .exited(status), "\(result.output)")
        if status != 0 { #expect(result.output.contains("::error title=Autograding is not set up::")) }
    }
}
