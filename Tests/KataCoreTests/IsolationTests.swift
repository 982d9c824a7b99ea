import Foundation
import Testing

@testable import KataCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a grade runs besides the learner's code, and how it keeps what learner code could have planted from running.
@Suite("Nothing a grade runs reads what learner code could plant")
struct GitConfigurationTests {
    /// A git repository with one commit, whose own configuration and whose user's configuration (in `home`) each set
    /// `core.fsmonitor` and a hook to a program that leaves a marker when run.
    private static func plantedRepository() throws -> (repository: URL, home: URL, markers: URL, root: URL) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kata-git-\(UUID().uuidString.prefix(8))")
        let repository = root.appendingPathComponent("kit")
        let home = root.appendingPathComponent("home")
        let markers = root.appendingPathComponent("markers")
        for folder in [repository, home, markers] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        let planted = root.appendingPathComponent("planted")
        try "#!/bin/sh\ntouch \"\(markers.path)/ran-$$\"\nexit 1\n".write(
            to: planted, atomically: true, encoding: .utf8)
        chmod(planted.path, 0o755)
        let setup = """
            cd "$0" && git init -q . && git -c user.email=k@example.invalid -c user.name=k commit -q --allow-empty -m one \
            && git config core.fsmonitor "$1" && mkdir -p .git/hooks && cp "$1" .git/hooks/post-checkout \
            && printf '[core]\\n\\tfsmonitor = %s\\n[credential]\\n\\thelper = %s\\n' "$1" "$1" > "$2/.gitconfig"
            """
        let made = Subprocess.run(
            Command("/bin/sh", ["-c", setup, repository.path, planted.path, home.path], timeLimit: .seconds(60)))
        try #require(made.succeeded, "\(made.output)")
        return (repository, home, markers, root)
    }

    @Test("kata's git reads neither the repository's nor the user's settings that run a program (fsmonitor, hooks)")
    func plantedSettingsDoNotRun() throws {
        // Given
        let (repository, home, markers, root) = try Self.plantedRepository()
        defer { try? FileManager.default.removeItem(at: root) }

        // When
        var status = Git.command(["status", "--porcelain"], in: repository, timeLimit: .seconds(60))
        status.environment["HOME"] = home.path
        status.environment["XDG_CONFIG_HOME"] = home.path
        let result = Subprocess.run(status)
        let ranByKata = try FileManager.default.contentsOfDirectory(atPath: markers.path)
        _ = Subprocess.run(
            Command(
                "git", ["-C", repository.path, "status", "--porcelain"], environment: ["HOME": home.path],
                timeLimit: .seconds(60)))

        // Then
        #expect(result.succeeded)
        #expect(ranByKata == [])
        // The plant is live: a plain git runs it.
        #expect(try !FileManager.default.contentsOfDirectory(atPath: markers.path).isEmpty)
    }

    @Test("The kit folder's commit is read without running what its configuration names")
    func kitCommitRunsNothing() throws {
        // Given
        let (repository, _, markers, root) = try Self.plantedRepository()
        defer { try? FileManager.default.removeItem(at: root) }

        // When
        let (commit, _) = PristineCopy.folderCommit(of: repository)
        let tracked = ClassTemplate.trackedPaths(of: Workspace(root: repository))

        // Then
        #expect(commit?.count == 40)
        #expect(tracked.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: markers.path).isEmpty)
    }

    @Test("No KataCore file starts git but through Git.command")
    func gitOnlyThroughOnePlace() throws {
        // Given
        let sources = RealKit.workspace.allFiles(under: "Sources/KataCore").filter { $0.hasSuffix(".swift") }

        // When
        let starting = sources.filter { path in
            path != "Sources/KataCore/Running/Git.swift"
                && String(decoding: RealKit.workspace.bytes(of: path), as: UTF8.self).contains("Command(\"git\"")
        }

        // Then
        #expect(starting == [])
    }
}

/// Where learner code is built and run, no answer key: the reference answers stay with the kit, and a lesson of suites'
/// scene with its mistakes built in leaves the copy while the suites run.
@Suite("No answer key where learner code runs")
struct AnswerKeyTests {
    @Test(
        "A pristine copy holds no reference answers, mistakes or runner tests, and still tells a copy of the reference")
    func copyHoldsNoAnswers() throws {
        // Given
        let fixture = try FixtureCourse()
        try FileManager.default.createDirectory(
            at: fixture.root.appendingPathComponent("Tests/Mistakes"), withIntermediateDirectories: true)
        try "--- a patch of a solution\n".write(
            to: fixture.root.appendingPathComponent("Tests/Mistakes/01-a.patch"), atomically: true, encoding: .utf8)
        let copyFolder = FileManager.default.temporaryDirectory.appendingPathComponent("kata copy \(UUID())")
        defer { try? FileManager.default.removeItem(at: copyFolder) }
        let learner = FileManager.default.temporaryDirectory.appendingPathComponent("kata learner \(UUID())")
        defer { try? FileManager.default.removeItem(at: learner) }
        try FileManager.default.copyItem(
            at: fixture.root.appendingPathComponent("Solutions"), to: learner.appendingPathComponent("Exercises"))

        // When
        let copy = try PristineCopy.make(kit: .folder(fixture.root), learner: learner, folder: copyFolder)
        let tree = GradedTree(
            kit: copy.kit, tampered: [], refused: [],
            gradedAgainst: GradeReport.GradedAgainst(mode: "pristine", source: "", commit: nil),
            lock: try FolderLock.acquire(in: copyFolder) {}, reference: copy.reference)
        defer { tree.lock.release() }

        // Then
        for folder in ["Solutions", "Tests/Mistakes", "Tests/KataCoreTests"] {
            #expect(FileTree.kind(at: copyFolder.appendingPathComponent(folder)) == nil, "\(folder) is in the copy")
        }
        #expect(!copy.reference.isEmpty)
        #expect(copy.reference.keys.allSatisfy { $0.hasPrefix("Solutions/") })
        // The learner's Exercises are the reference's own files: the grade says so, from what it holds in memory.
        let step = try #require(copy.kit.steps.first)
        let files = Dictionary(
            uniqueKeysWithValues: copy.reference.compactMap { path, data in
                path.hasPrefix("Solutions/\(step.folder)/")
                    ? (String(path.dropFirst("Solutions/\(step.folder)/".count)), Array(data)) : nil
            })
        #expect(ReferenceMatch.matches(step, learner: copy.kit.workspace, reference: files) == true)
    }

    @Test("The scene with its mistakes built in leaves the copy while runs go, and comes back as it was")
    func answerKeyAsideAndBack() throws {
        // Given
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("kata aside \(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let copy = root.appendingPathComponent("copy")
        let scene = copy.appendingPathComponent("Tests/Step09SpiesTests/RecentOrders")
        try FileManager.default.createDirectory(at: scene, withIntermediateDirectories: true)
        let file = scene.appendingPathComponent("OrdersInteractor.swift")
        try "if Mistake.isOn(\"x\") {}\n".write(to: file, atomically: true, encoding: .utf8)
        let stamp = FileTree.stamp(of: file.path)

        // When
        let aside = AnswerKeyAside.move(["Tests/Step09SpiesTests/RecentOrders"], outOf: copy)
        let whileAside = FileTree.kind(at: scene)
        aside.restore()

        // Then
        #expect(whileAside == nil)
        #expect(FileTree.stamp(of: file.path)?.modified == stamp?.modified)
        #expect(try String(contentsOf: file, encoding: .utf8) == "if Mistake.isOn(\"x\") {}\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["copy"])
    }
}
