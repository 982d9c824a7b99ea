import Foundation
import Testing

@testable import KataCore

/// The workflows' shell, run here: the scripts under .github/scripts, and the one guard the
/// Classroom workflow keeps inline (it runs before the kit, and its scripts, are checked out).
@Suite("The workflows' scripts")
struct WorkflowScriptTests {
    static let kit = RealKit.root

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

    @Test("select-xcode --swift selects the newest released Xcode with that Swift, and skips the lane without one")
    func selectsByItsSwift() throws {
        // Given
        let applications = try Self.applications([
            "Xcode_26.6.app", "Xcode_27.0.app", "Xcode_27.1_beta.app", "Xcode_27.1.app",
        ])
        defer { try? FileManager.default.removeItem(at: applications) }
        for (app, says) in [
            ("Xcode_26.6.app", "6.3.2"), ("Xcode_27.0.app", "6.4"), ("Xcode_27.1_beta.app", "6.4.1"),
        ] {
            let swift = applications.appendingPathComponent(
                "\(app)/Contents/Developer/Toolchains/XcodeDefault.xctoolchain/usr/bin/swift")
            try FileManager.default.createDirectory(
                at: swift.deletingLastPathComponent(), withIntermediateDirectories: true)
            try "#!/bin/bash\necho 'Apple Swift version \(says) (swiftlang-x)'\n".write(
                to: swift, atomically: true, encoding: .utf8)
            chmod(swift.path, 0o755)
        }
        let output = applications.appendingPathComponent("output")
        let environment = [
            "XCODE_APPLICATIONS": applications.path, "XCODE_SELECT": "echo xcode-select", "GITHUB_OUTPUT": output.path,
        ]
        let script = Self.kit.appendingPathComponent(".github/scripts/select-xcode").path

        // When
        let found = Self.bash([script, "--swift", "6.4"], environment: environment)
        let none = Self.bash([script, "--swift", "6.5"], environment: environment)

        // Then
        // 27.1 has no Swift of its own here, and the beta never counts: 27.0 ships 6.4.
        #expect(found.ending == .exited(0))
        #expect(found.output.contains("Xcode_27.0.app/Contents/Developer"))
        #expect(none.ending == .exited(0))
        #expect(none.output.contains("No released Xcode with Swift 6.5"))
        #expect(try String(contentsOf: output, encoding: .utf8) == "available=true\navailable=false\n")
    }

    @Test("install-swift installs a released Swift from swift.org's layout, and skips the lane until it is released")
    func installsASwiftRelease() throws {
        // Given
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kata swift downloads \(UUID().uuidString.prefix(6))")
        defer { try? FileManager.default.removeItem(at: folder) }
        let release = folder.appendingPathComponent("downloads/swift-6.4-release/ubuntu2404/swift-6.4-RELEASE")
        let unpacked = folder.appendingPathComponent("swift-6.4-RELEASE-ubuntu24.04/usr/bin/swift")
        try FileManager.default.createDirectory(at: release, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: unpacked.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "#!/bin/bash\necho 'Swift version 6.4 (swift-6.4-RELEASE)'\n".write(
            to: unpacked, atomically: true, encoding: .utf8)
        chmod(unpacked.path, 0o755)
        let tar = Subprocess.run(
            Command(
                "tar",
                [
                    "-czf", release.appendingPathComponent("swift-6.4-RELEASE-ubuntu24.04.tar.gz").path, "-C",
                    folder.path, "swift-6.4-RELEASE-ubuntu24.04",
                ]))
        try #require(tar.succeeded)
        let output = folder.appendingPathComponent("output")
        let environment = [
            "SWIFT_DOWNLOADS": folder.appendingPathComponent("downloads").absoluteString,
            "SWIFT_INSTALL_ROOT": folder.appendingPathComponent("installed").path, "SWIFT_PLATFORM": "ubuntu24.04",
            "GITHUB_OUTPUT": output.path,
        ]
        let script = Self.kit.appendingPathComponent(".github/scripts/install-swift").path

        // When
        let released = Self.bash([script, "6.4"], environment: environment)
        let notYet = Self.bash([script, "6.5"], environment: environment)

        // Then
        #expect(released.ending == .exited(0))
        #expect(released.output.contains("Swift version 6.4"))
        #expect(
            FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent("installed/usr/bin/swift").path))
        #expect(notYet.ending == .exited(0))
        #expect(notYet.output.contains("Swift 6.5 is not released for ubuntu24.04 yet"))
        #expect(try String(contentsOf: output, encoding: .utf8) == "available=true\navailable=false\n")
    }

    @Test("Every action a workflow uses is pinned by its commit, never by a tag that can move")
    func actionsPinnedByCommit() throws {
        // Given
        let workflows = [".github/workflows/ci.yml", ".github/workflows/class.yml", ".github/class/feedback.yml"]

        // When
        var loose: [String] = []
        for path in workflows {
            let text = try String(contentsOf: Self.kit.appendingPathComponent(path), encoding: .utf8)
            for line in text.split(separator: "\n") where line.contains("uses:") {
                let reference = line.split(separator: "uses:").last.map { String($0) } ?? ""
                let action = reference.trimmingCharacters(in: .whitespaces).prefix { $0 != " " }
                guard let at = action.lastIndex(of: "@") else { continue }
                let version = action[action.index(after: at)...]
                if version.count != 40 || !version.allSatisfy(\.isHexDigit) { loose.append("\(path): \(action)") }
            }
        }

        // Then
        #expect(loose == [])
    }

    @Test("install-make leaves a machine that has make alone")
    func makeIsThere() {
        // When
        let result = Self.bash([Self.kit.appendingPathComponent(".github/scripts/install-make").path])

        // Then
        #expect(result.ending == .exited(0))
        #expect(result.output.contains("make is there"))
    }

    @Test("class-matrix splits a roster into parts of at most N learners, dropping comments")
    func rosterMatrix() throws {
        // Given
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kata matrix \(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let roster = folder.appendingPathComponent("roster.txt")
        try "a x/a\n# gone\nb x/b\n\nc x/c  # late\nd x/d\ne x/e".write(to: roster, atomically: true, encoding: .utf8)
        let script = Self.kit.appendingPathComponent(".github/scripts/class-matrix").path

        // When
        let split = Self.bash([script, roster.path, "2", folder.appendingPathComponent("parts").path])
        let zero = Self.bash([script, roster.path, "0", folder.appendingPathComponent("parts").path])
        let missing = Self.bash([script, "/nonexistent", "2", folder.path])

        // Then
        #expect(split.ending == .exited(0))
        #expect(split.output.trimmingCharacters(in: .whitespacesAndNewlines) == #"{"part":[1,2,3]}"#)
        let third = try String(contentsOf: folder.appendingPathComponent("parts/roster-3.txt"), encoding: .utf8)
        #expect(third == "e x/e\n")
        #expect(zero.ending == .exited(64))
        #expect(missing.ending == .exited(66))
    }

    @Test("No workflow a learner's repository gets can read a secret or write anything")
    func learnerWorkflowsReadNoSecret() throws {
        // Given
        let feedback = try String(
            contentsOf: Self.kit.appendingPathComponent(".github/class/feedback.yml"), encoding: .utf8)
        let script = try String(
            contentsOf: Self.kit.appendingPathComponent(".github/class/kata-feedback"), encoding: .utf8)

        // Then
        #expect(!feedback.contains("secrets.") && !script.contains("TOKEN"))
        #expect(feedback.contains("permissions:\n  contents: read\n"))
        #expect(feedback.contains("persist-credentials: false"))
        // The instructor's workflow runs only by hand, in the instructor's repository.
        let instructors = try String(
            contentsOf: Self.kit.appendingPathComponent(".github/workflows/class.yml"), encoding: .utf8)
        #expect(instructors.contains("on:\n  workflow_dispatch:"))
        #expect(!instructors.contains("pull_request") && !instructors.contains("push:"))
    }

    @Test("The feedback workflow steps aside where Classroom 50 grades the push, and runs everywhere else")
    func feedbackStepsAsideForClassroom50() throws {
        // Given
        let workflow = try String(
            contentsOf: Self.kit.appendingPathComponent(".github/class/feedback.yml"), encoding: .utf8)
        let look = try #require(Self.runBlock(of: "id: look", in: workflow))
        var said: [String] = []

        // When
        for accepted in [false, true] {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kata where \(UUID())")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            if accepted {
                try "classroom: vip\n".write(
                    to: folder.appendingPathComponent(".classroom50.yaml"), atomically: true, encoding: .utf8)
            }
            let output = folder.appendingPathComponent("output")
            let result = Self.bash(
                ["-c", "cd \"$0\" && \(look)", folder.path], environment: ["GITHUB_OUTPUT": output.path])
            #expect(result.ending == .exited(0), "\(result.output)")
            said.append(try String(contentsOf: output, encoding: .utf8))
        }

        // Then
        #expect(said == ["graded-by=kata-feedback\n", "graded-by=classroom50\n"])
        #expect(workflow.contains("    needs: where\n    if: needs.where.outputs.graded-by != 'classroom50'\n"))
    }

    /// The shell of a workflow step's `run: |` block, in the step whose line `marker` names.
    static func runBlock(of marker: String, in workflow: String) -> String? {
        let lines = workflow.components(separatedBy: "\n")
        guard let step = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces).hasSuffix(marker) }),
            let run = lines[step...].firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "run: |" })
        else { return nil }
        let indent = lines[run].prefix { $0 == " " }.count
        let body = lines[(run + 1)...].prefix { $0.isEmpty || $0.prefix { $0 == " " }.count > indent }
        return body.map { String($0.dropFirst(min($0.count, indent + 2))) }.joined(separator: "\n")
    }

    @Test("run_autograder explains a submission without Exercises/ in results.json, never a missing file")
    func gradescopeWithoutExercises() throws {
        // Given
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("kata autograder \(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("submission/notes"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let script = Self.kit.appendingPathComponent(".github/class/gradescope-run_autograder").path

        // When
        let result = Self.bash([script], environment: ["AUTOGRADER_ROOT": root.path])

        // Then
        #expect(result.ending == .exited(0))
        let data = try Data(contentsOf: root.appendingPathComponent("results/results.json"))
        let results = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(results["score"] as? Int == 0)
        #expect((results["output"] as? String)?.contains("No Exercises/ folder") == true)
    }
}
