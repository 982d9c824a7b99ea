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
        let hidden = try FileManager.default.contentsOfDirectory(atPath: root.path).filter { $0 != "copy" }
        let mode = try hidden.map { name in
            try #require(
                FileManager.default.attributesOfItem(atPath: root.appendingPathComponent(name).path)[.posixPermissions]
                    as? Int)
        }
        aside.restore()

        // Then
        #expect(whileAside == nil)
        // Where learner code runs as another user, the folder it is in is closed to that user: only its owner enters.
        #expect(hidden.count == 1 && mode.allSatisfy { $0 & 0o077 == 0 })
        #expect(FileTree.stamp(of: file.path)?.modified == stamp?.modified)
        #expect(try String(contentsOf: file, encoding: .utf8) == "if Mistake.isOn(\"x\") {}\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["copy"])
    }
}

/// Learner code in a grade runs where there is nothing to steal and nowhere to write: tried with a shell script in
/// the place of a test program, doing what a hostile learner's code would.
@Suite("Learner code runs isolated")
struct IsolatedRunTests {
    /// What the grader holds that the run must not reach: a kit with its answers, a classmate's work, a grade file, a
    /// folder of its own, and a token in its environment.
    final class Grader {
        let root: URL
        let kit: URL
        let program: URL
        let events: URL
        let isolation: Isolation

        init() throws {
            root = URL(fileURLWithPath: "/tmp/kata-grader-\(UUID().uuidString.prefix(8))")
            kit = root.appendingPathComponent("kit")
            for (path, text) in [
                "kit/Solutions/03-Interactor/Answer.swift": "the answer", "classmate/Exercises/mine.swift": "theirs",
                "grades/classmate.json": "{\"percent\": 100}", "private/secret.txt": "the grader's",
                "build/debug/VIPKata_Seeds.resources/seed.json": "a seed",
            ] {
                let url = root.appendingPathComponent(path)
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try text.write(to: url, atomically: true, encoding: .utf8)
            }
            chmod(root.appendingPathComponent("private").path, 0o700)
            program = root.appendingPathComponent("build/debug/Step03InteractorTests-test-runner")
            try Self.script.write(to: program, atomically: true, encoding: .utf8)
            chmod(program.path, 0o755)
            isolation = Isolation.probe(runtimeLibraries: [], environment: ProcessInfo.processInfo.environment)
            events = EventFiles.make(in: isolation.runner?.eventsFolder ?? FileManager.default.temporaryDirectory)
        }

        deinit { try? FileManager.default.removeItem(at: root) }

        /// The "test program": it tries each door and writes what it found as lines of the event stream.
        static let script = #"""
            #!/bin/sh
            out="$1"
            try() { if eval "$2" >/dev/null 2>&1; then echo "$1 OPEN" >> "$out"; else echo "$1 shut" >> "$out"; fi; }
            echo "uid $(id -u)" >> "$out"
            try "read the answer key" "cat '$2/kit/Solutions/03-Interactor/Answer.swift'"
            try "read a classmate" "cat '$2/classmate/Exercises/mine.swift'"
            try "read a grade" "cat '$2/grades/classmate.json'"
            try "read the grader's folder" "cat '$2/private/secret.txt'"
            try "write beside the program" "echo x > '$2/build/debug/planted'"
            try "write the kit" "echo x > '$2/kit/planted'"
            try "read its own resources" "cat \"\$(dirname \"\$0\")/VIPKata_Seeds.resources/seed.json\""
            try "see the token" "test -n \"\$KATA_CLASS_TOKEN\" || grep -qa KATA_CLASS_TOKEN /proc/1/environ /proc/self/environ"
            try "reach the network" "python3 -c 'import socket; socket.create_connection((\"127.0.0.1\", 22), 2)' || python3 -c 'import socket; socket.create_connection((\"1.1.1.1\", 53), 2)'"
            try "write its temporary folder" "echo x > \"\${TMPDIR:-/tmp}/mine\""
            echo "done" >> "$out"
            """#

        func run() -> (result: CommandResult, found: [String]) {
            var command = Command(
                program.path, [events.path, root.path], environment: ["TZ": "America/St_Johns"],
                timeLimit: .seconds(60))
            command.inherits = { _ in true }
            let run = isolation.runner.map { runner in
                runner.isolate(
                    command, reading: [program, root.appendingPathComponent("build/debug/VIPKata_Seeds.resources")],
                    writing: [events])
            }
            let result = Subprocess.run(run?.command ?? command)
            run?.finish()
            let text = (try? String(contentsOf: events, encoding: .utf8)) ?? ""
            return (result, text.split(separator: "\n").map(String.init))
        }
    }

    #if os(Linux)
        @Test("On Linux a grade's learner code is isolated, by bubblewrap where namespaces are allowed")
        func linuxIsolates() throws {
            // Given
            let grader = try Grader()

            // When
            let isolation = grader.isolation

            // Then
            // make test needs bubblewrap (.ci/run installs it); where a container refuses namespaces and kata is
            // root, a user of its own.
            #expect(isolation.isIsolated, "\(isolation.summary)")
        }

        @Test("In bubblewrap's sandbox the run reads and writes nothing of the grader's, has no network and no token")
        func sandboxShutsEveryDoor() throws {
            // Given
            setenv("KATA_CLASS_TOKEN", "the-class-token", 1)
            defer { unsetenv("KATA_CLASS_TOKEN") }
            let grader = try Grader()
            guard case .sandbox = grader.isolation else { return }

            // When
            let (result, found) = grader.run()

            // Then
            #expect(result.succeeded, "\(result.output)")
            #expect(found.first == "uid 65534")
            #expect(found.last == "done")
            let open = found.filter { $0.hasSuffix(" OPEN") }
            #expect(open == ["read its own resources OPEN", "write its temporary folder OPEN"], "\(found)")
            #expect(FileTree.kind(at: grader.root.appendingPathComponent("build/debug/planted")) == nil)
            #expect(FileTree.kind(at: grader.root.appendingPathComponent("kit/planted")) == nil)
        }

        @Test(
            "As a user of its own (root, no namespaces) the run reaches no closed folder and no token, and leaves nothing"
        )
        func separateUserShutsWhatItCan() throws {
            // Given
            guard geteuid() == 0,
                let setpriv = ["/usr/bin/setpriv", "/bin/setpriv"].first(where: {
                    FileManager.default.isExecutableFile(atPath: $0)
                })
            else { return }
            setenv("KATA_CLASS_TOKEN", "the-class-token", 1)
            defer { unsetenv("KATA_CLASS_TOKEN") }
            let grader = try Grader()
            let user = SeparateUser(setpriv: setpriv)
            user.protect([grader.kit, grader.root.appendingPathComponent("classmate")])

            // When
            let events = EventFiles.make(in: user.eventsFolder)
            var command = Command(grader.program.path, [events.path, grader.root.path], timeLimit: .seconds(60))
            command.inherits = { _ in true }
            let run = user.isolate(
                command,
                reading: [grader.program, grader.root.appendingPathComponent("build/debug/VIPKata_Seeds.resources")],
                writing: [events])
            let result = Subprocess.run(run.command)
            run.finish()
            let found = ((try? String(contentsOf: events, encoding: .utf8)) ?? "").split(separator: "\n").map(
                String.init)

            // Then
            #expect(result.succeeded, "\(result.output)")
            #expect(UserLease.uids.contains(UInt32(found.first?.split(separator: " ").last ?? "") ?? 0), "\(found)")
            for door in [
                "read the answer key", "read a classmate", "read the grader's folder", "see the token", "write the kit",
                "write beside the program",
            ] {
                #expect(found.contains("\(door) shut"), "\(found)")
            }
        }

        @Test("As a user of its own, a run's folder and event stream are closed to the users of other runs")
        func separateUserRunFolderIsClosed() throws {
            // Given
            guard geteuid() == 0,
                let setpriv = ["/usr/bin/setpriv", "/bin/setpriv"].first(where: {
                    FileManager.default.isExecutableFile(atPath: $0)
                })
            else { return }
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kata closed run \(UUID())")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let user = SeparateUser(setpriv: setpriv, folder: folder)
            let program = folder.appendingPathComponent("program")
            try "#!/bin/sh\n".write(to: program, atomically: true, encoding: .utf8)
            chmod(program.path, 0o755)
            let events = EventFiles.make(in: user.eventsFolder)

            // When
            let run = user.isolate(Command(program.path, [events.path]), reading: [program], writing: [events])
            defer { run.finish() }

            // Then
            // Another run's user can read a command line, so it can name this folder: it must find it shut.
            let runFolder = try #require(
                try FileManager.default.contentsOfDirectory(atPath: folder.path).first { $0.hasPrefix("run-") })
            var info = stat()
            #expect(stat(folder.appendingPathComponent(runFolder).path, &info) == 0)
            #expect(info.st_mode & 0o007 == 0, "others may not enter the run's folder")
            #expect(UserLease.uids.contains(info.st_gid), "the run's own user enters it, through its group")
            #expect(stat(events.path, &info) == 0)
            #expect(info.st_mode & 0o077 == 0, "only the run's user reads and writes its event stream")
        }

        @Test("As users of their own, runs side by side never end each other: each run has a uid of its own")
        func separateUsersSideBySide() throws {
            // Given
            guard geteuid() == 0,
                let setpriv = ["/usr/bin/setpriv", "/bin/setpriv"].first(where: {
                    FileManager.default.isExecutableFile(atPath: $0)
                })
            else { return }
            let user = SeparateUser(setpriv: setpriv)
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kata side by side \(UUID())")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            // The slow run waits on two pipes: one it opens when it has started, one the test opens once the quick
            // run has ended and been cleaned up after. No sleeping on either side.
            let started = folder.appendingPathComponent("started").path
            let release = folder.appendingPathComponent("release").path
            for pipe in [started, release] {
                mkfifo(pipe, 0o666)
                chmod(pipe, 0o666)
            }
            let slowProgram = folder.appendingPathComponent("slow")
            let quickProgram = folder.appendingPathComponent("quick")
            try "#!/bin/sh\n: < \"$2\"\n: < \"$3\"\nid -u > \"$1\"\n".write(
                to: slowProgram, atomically: true, encoding: .utf8)
            try "#!/bin/sh\nid -u > \"$1\"\n".write(to: quickProgram, atomically: true, encoding: .utf8)
            chmod(slowProgram.path, 0o755)
            chmod(quickProgram.path, 0o755)
            @Sendable func run(_ program: URL, _ arguments: [String]) -> (uid: String, ended: Bool) {
                let events = EventFiles.make(in: user.eventsFolder)
                let run = user.isolate(
                    Command(program.path, [events.path] + arguments, timeLimit: .seconds(60)), reading: [program],
                    writing: [events])
                let result = Subprocess.run(run.command)
                run.finish()
                let uid = (try? String(contentsOf: events, encoding: .utf8)) ?? ""
                return (uid.trimmingCharacters(in: .whitespacesAndNewlines), result.succeeded)
            }

            // When: a slow run goes on while a quick one starts, ends and is cleaned up after.
            nonisolated(unsafe) var slow: (uid: String, ended: Bool) = ("", false)
            let done = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                slow = run(slowProgram, [started, release])
                done.signal()
            }
            close(open(started, O_WRONLY))
            let quick = run(quickProgram, [])
            let stillThere = open(release, O_WRONLY | O_NONBLOCK)
            if stillThere >= 0 { close(stillThere) }
            done.wait()

            // Then
            #expect(stillThere >= 0, "the slow run was ended by the quick one's cleanup")
            #expect(quick.ended && slow.ended)
            #expect(!slow.uid.isEmpty && !quick.uid.isEmpty && slow.uid != quick.uid, "\(slow) \(quick)")
        }
    #endif
}

/// A class's grade files are the ones its grades wrote: put back when learner code graded later changed one, and
/// named by the report when they differ from what the class grade recorded.
@Suite("A class's grade files are the ones its grades wrote")
struct GradeFileTests {
    @Test("A grade file changed after its grade wrote it is put back, and a report names one changed since")
    func changedGradeFiles() throws {
        // Given
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("kata grades \(UUID())")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: out) }
        let written = ["ada": Data("{\"percent\": 100}".utf8), "bob": Data("{\"percent\": 40}".utf8)]
        for (name, data) in written { try data.write(to: out.appendingPathComponent("\(name).json")) }
        // A later learner's code, not isolated, lowers an earlier learner's grade.
        try Data("{\"percent\": 4}".utf8).write(to: out.appendingPathComponent("ada.json"))

        // When
        let restored = ClassGrade.keep(written, in: out)
        let afterKeep = ClassGrade.changedSinceWritten(["ada", "bob"].map { out.appendingPathComponent("\($0).json") })
        try Data("{\"percent\": 100}".utf8).write(to: out.appendingPathComponent("bob.json"))
        let afterEdit = ClassGrade.changedSinceWritten(["ada", "bob"].map { out.appendingPathComponent("\($0).json") })

        // Then
        #expect(restored == ["ada"])
        #expect(try Data(contentsOf: out.appendingPathComponent("ada.json")) == written["ada"])
        #expect(afterKeep == [])
        #expect(afterEdit.map(\.lastPathComponent) == ["bob.json"])
        // sha256sum's own format, so the file can be checked without kata.
        let digests = try String(contentsOf: out.appendingPathComponent(ClassGrade.digestsFile), encoding: .utf8)
        #expect(digests.split(separator: "\n").allSatisfy { $0.split(separator: " ").count == 2 })
    }
}

/// A refusal to isolate says what would make isolation possible.
@Suite("Why learner code could not be isolated")
struct IsolationRefusalTests {
    @Test("Where Ubuntu's AppArmor forbids unprivileged user namespaces, the refusal names the switch to turn")
    func ubuntuRestrictionNamed() throws {
        // Given
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kata apparmor \(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let on = folder.appendingPathComponent("on")
        let off = folder.appendingPathComponent("off")
        try "1\n".write(to: on, atomically: true, encoding: .utf8)
        try "0\n".write(to: off, atomically: true, encoding: .utf8)

        // When
        let advice = [on, off, folder.appendingPathComponent("absent")].map {
            Isolation.namespaceAdvice(switchFile: $0)
        }

        // Then
        #expect(advice[0].contains("sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0"))
        #expect(advice[1] == "" && advice[2] == "")
    }
}

/// A class graded side by side: what one learner's run could reach of the others, closed before any runs.
@Suite("A class's folders, closed to the runs")
struct ClassFoldersTests {
    @Test("The grades' folder, the clones and each learner's folder are closed to every user but their owner")
    func classFoldersAreClosed() throws {
        // Given
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("kata class \(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let out = root.appendingPathComponent("class-grades")
        let ann = root.appendingPathComponent("clones/ann")
        for folder in [out.appendingPathComponent("repositories"), ann] {
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        }
        let sut = ClassGrade(
            learners: [.init(name: "ann", location: ann.path), .init(name: "bob", location: "org/bob")],
            kit: root, out: out, jobs: 2)

        // When
        sut.closeFolders()

        // Then
        func mode(_ url: URL) throws -> Int {
            try #require(FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int)
        }
        #expect(try mode(out) == 0o700)
        #expect(try mode(out.appendingPathComponent("repositories")) == 0o700)
        #expect(try mode(ann) == 0o700)
    }

    @Test("Side by side, each job grades in a folder of its own, even where KATA_GRADE_FOLDER names one")
    func eachJobItsOwnFolder() {
        // Given
        let chosen = ["KATA_GRADE_FOLDER": "/autograder/grading"]
        let kit = URL(fileURLWithPath: "/kit")

        // When
        let folders = (0..<3).map { ClassGrade.gradingFolder(slot: $0, jobs: 3, kit: kit, environment: chosen) }
        let defaults = (0..<3).map { ClassGrade.gradingFolder(slot: $0, jobs: 3, kit: kit, environment: [:]) }
        let alone = ClassGrade.gradingFolder(slot: 0, jobs: 1, kit: kit, environment: chosen)

        // Then
        #expect(Set(folders.map(\.path)).count == 3)
        #expect(folders[0].path == "/autograder/grading-1")
        #expect(Set(defaults.map(\.path)).count == 3)
        // One job alone grades where it was told, so a copy kept warm there is used.
        #expect(alone.path == "/autograder/grading")
    }
}
