import Foundation
import Testing

@testable import KataCore

/// A folder on disk shaped like a learner's tree or a kit, for the grading pieces.
/// When a file was last changed.
private func modificationDate(of url: URL) throws -> Date {
    try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date)
}

extension URL {
    /// Itself, once its folder exists.
    fileprivate func creatingFolder() -> URL {
        try? FileManager.default.createDirectory(at: deletingLastPathComponent(), withIntermediateDirectories: true)
        return self
    }
}

/// Files under a temporary folder of their own, for a test to read and remove.
struct Tree {
    let root: URL

    init(_ files: [String: String]) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("kata tree \(UUID().uuidString.prefix(8))")
        for (path, text) in files {
            try write(path, text)
        }
    }

    func write(_ path: String, _ text: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    func remove() { try? FileManager.default.removeItem(at: root) }
}

@Suite("What a grade reads, and what it refuses")
struct LearnerFilesTests {
    @Test("Only regular files inside step folders are copied; links, strays and manifests are refused and named")
    func refusals() throws {
        // Given
        let tree = try Tree([
            "Exercises/03-Interactor/CreateIceCream/View.swift": "// mine",
            "Exercises/03-Interactor/README.md": "# guide",
            "Exercises/stray.swift": "// not in a step",
            "Exercises/04-Presenter/Package.swift": "// a manifest",
            "Exercises/.DS_Store": "hidden",
            "elsewhere/Answer.swift": "// the answer",
        ])
        defer { tree.remove() }
        try FileManager.default.createSymbolicLink(
            at: tree.root.appendingPathComponent("Exercises/05-Configurator"),
            withDestinationURL: tree.root.appendingPathComponent("elsewhere"))
        try FileManager.default.createSymbolicLink(
            at: tree.root.appendingPathComponent("Exercises/03-Interactor/Linked.swift"),
            withDestinationURL: tree.root.appendingPathComponent("elsewhere/Answer.swift"))

        // When
        let (files, refusals) = PristineCopy.readExercises(of: tree.root, steps: RealKit.steps)

        // Then
        // The learner's own files, and nothing reached through a link.
        #expect(
            files.keys.sorted() == [
                "Exercises/03-Interactor/CreateIceCream/View.swift", "Exercises/03-Interactor/README.md",
            ])
        #expect(
            refusals.map(\.path).sorted() == [
                "Exercises/03-Interactor/Linked.swift", "Exercises/04-Presenter/Package.swift",
                "Exercises/05-Configurator", "Exercises/stray.swift",
            ])
        #expect(refusals.first { $0.path == "Exercises/05-Configurator" }?.steps == [5])
        #expect(refusals.first { $0.path == "Exercises/05-Configurator" }?.reason == "is a symbolic link")
    }

    @Test("Only Swift files and Markdown notes are copied: a library or any other file is refused, whatever its name")
    func onlySourcesAndNotes() throws {
        // Given
        let tree = try Tree([
            "Exercises/02-Model/CreateIceCream/Models.swift": "// mine",
            "Exercises/02-Model/NOTES.md": "# my notes",
            "Exercises/02-Model/Vendor/libVendor.so": "\u{7F}ELF a library",
            "Exercises/02-Model/menu.json": "{}",
            "Exercises/02-Model/Disguised.md": "\u{7F}ELF a library named as a note",
        ])
        defer { tree.remove() }

        // When
        let (files, refusals) = PristineCopy.readExercises(of: tree.root, steps: RealKit.steps)

        // Then
        // A library in a step folder could be loaded at run time (Bundle.load) where no review reads it.
        #expect(
            files.keys.sorted() == ["Exercises/02-Model/CreateIceCream/Models.swift", "Exercises/02-Model/NOTES.md"])
        #expect(
            refusals.map(\.path).sorted() == [
                "Exercises/02-Model/Disguised.md", "Exercises/02-Model/Vendor/libVendor.so",
                "Exercises/02-Model/menu.json",
            ])
        #expect(refusals.allSatisfy { $0.steps == [2] })
    }

    @Test("A name that is not UTF-8, or too long for the grading copy, is refused and named, costing only its step")
    func oddNames() throws {
        // Given
        let tree = try Tree(["Exercises/03-Interactor/CreateIceCream/View.swift": "// mine"])
        defer { tree.remove() }
        let long = String(repeating: "a", count: 249) + ".swift"
        try tree.write("Exercises/04-Presenter/\(long)", "// a long name")
        // A file name of bytes that are not UTF-8 (Latin-1 "café.swift"), made below Foundation.
        let folder = tree.root.appendingPathComponent("Exercises/03-Interactor").path
        let latin1 = Array(folder.utf8) + Array("/caf".utf8) + [0xE9] + Array(".swift".utf8) + [0]
        let descriptor = latin1.withUnsafeBufferPointer { bytes in
            bytes.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                open($0, O_CREAT | O_WRONLY, 0o644)
            }
        }
        try #require(descriptor >= 0)
        close(descriptor)

        // When
        let (files, refusals) = PristineCopy.readExercises(of: tree.root, steps: RealKit.steps)

        // Then
        // Each is named (the odd byte escaped), and each costs only its own step.
        #expect(files.keys.sorted() == ["Exercises/03-Interactor/CreateIceCream/View.swift"])
        #expect(
            refusals.map(\.path).sorted() == [
                "Exercises/03-Interactor/caf\\xE9.swift", "Exercises/04-Presenter/\(long)",
            ])
        #expect(refusals.first { $0.path.hasPrefix("Exercises/03") }?.steps == [3])
        #expect(refusals.first { $0.path.hasPrefix("Exercises/03") }?.reason == "has a name that is not UTF-8")
        #expect(refusals.first { $0.path.hasPrefix("Exercises/04") }?.steps == [4])
    }

    @Test("Names are shown with control and direction characters escaped, so a name cannot forge a line")
    func namesAreShownSafely() {
        // Given
        let refusal = LearnerFileRefusal(
            path: "Exercises/03-Interactor/x\n✔ Step 3: 6/6\u{1B}[2K\u{202E}tfiws.swift", reason: "is a symbolic link",
            steps: [3])
        let finding = TamperFinding(path: "Tests/a\rb.swift", change: .edited, steps: [3])
        let review = ReviewFinding(
            file: "Exercises/03-Interactor/\u{7}bell.swift", line: 2, api: "exit", reason: "ends the process")

        // When
        let sentences = [refusal.sentence, finding.sentence, review.sentence]

        // Then
        #expect(
            sentences[0].hasPrefix(
                #"Exercises/03-Interactor/x\n✔ Step 3: 6/6\u{1B}[2K\u{202E}tfiws.swift is a symbolic link"#))
        #expect(sentences[1].hasPrefix(#"Tests/a\rb.swift was edited"#))
        #expect(sentences[2].hasPrefix(#"Exercises/03-Interactor/\u{7}bell.swift:2 uses exit"#))
        #expect(sentences.allSatisfy { !$0.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x202E } })
    }

    @Test("A missing or linked Exercises folder is refused whole")
    func noExercises() throws {
        // Given
        let tree = try Tree(["Package.swift": "// package"])
        defer { tree.remove() }

        // When
        let (files, refusals) = PristineCopy.readExercises(of: tree.root, steps: RealKit.steps)

        // Then
        #expect(files.isEmpty)
        #expect(refusals.map(\.reason) == ["is missing"])
        #expect(refusals.first?.steps == RealKit.steps.map(\.number))
    }

    @Test("Bringing the copy up to date writes only what changed and removes what is gone, links included")
    func sync() throws {
        // Given
        let tree = try Tree(["keep.txt": "same", "change.txt": "old", "gone/old.txt": "bye"])
        defer { tree.remove() }
        try FileManager.default.createSymbolicLink(
            at: tree.root.appendingPathComponent("link"),
            withDestinationURL: tree.root.appendingPathComponent("keep.txt"))
        try FileManager.default.createDirectory(
            at: tree.root.appendingPathComponent(".build"), withIntermediateDirectories: true)
        let kept = try FileManager.default.attributesOfItem(atPath: tree.root.appendingPathComponent("keep.txt").path)

        // When
        try PristineCopy.sync(
            ["keep.txt": Data("same".utf8), "change.txt": Data("new".utf8), "new/file.txt": Data("hi".utf8)],
            into: tree.root)

        // Then
        let entries = FileTree.walk(tree.root).map(\.path)
        #expect(entries == ["change.txt", "keep.txt", "new", "new/file.txt"])
        #expect(try String(contentsOf: tree.root.appendingPathComponent("change.txt"), encoding: .utf8) == "new")
        // An unchanged file keeps its time (so it is not rebuilt); hidden build folders stay.
        let after = try FileManager.default.attributesOfItem(atPath: tree.root.appendingPathComponent("keep.txt").path)
        #expect(after[.modificationDate] as? Date == kept[.modificationDate] as? Date)
        #expect(FileTree.kind(at: tree.root.appendingPathComponent(".build")) == .folder)
    }

    @Test("A file the copy rewrites is dated in a later whole second than any build that ran before it")
    func rewrittenFilesLookNewToTheCompiler() throws {
        // Given
        // The Swift driver skips an input whose date is not after its last build's start, read to the
        // second: a file rewritten within the second that build began would keep a stale object.
        let tree = try Tree(["Sources/A.swift": "let a = 1"])
        defer { tree.remove() }
        let before = Date()

        // When
        try PristineCopy.sync(["Sources/A.swift": Data("let a = 2".utf8)], into: tree.root)
        let first = try modificationDate(of: tree.root.appendingPathComponent("Sources/A.swift"))
        // Rewritten again at once, as the next mistake is when a round is quick.
        try PristineCopy.sync(["Sources/A.swift": Data("let a = 3".utf8)], into: tree.root)
        let second = try modificationDate(of: tree.root.appendingPathComponent("Sources/A.swift"))

        // Then
        // Dated in a whole second after the one in which the last build may have started.
        #expect(first.timeIntervalSince1970.rounded(.down) > before.timeIntervalSince1970.rounded(.down))
        // And each rewrite dated a whole second after the last, however soon it comes.
        #expect(second.timeIntervalSince1970.rounded(.down) > first.timeIntervalSince1970.rounded(.down))
    }

    @Test("A kept product is trusted only as recorded: one rewritten after is removed and named, and not reused")
    func keptProductsAreProven() throws {
        // Given
        let tree = try Tree(["kata-grading/03-abc.xctest": "built", "kata-grading/03-abc.review.json": "[]"])
        defer { tree.remove() }
        let folder = tree.root.appendingPathComponent("kata-grading")
        let files = [
            folder.appendingPathComponent("03-abc.xctest"), folder.appendingPathComponent("03-abc.review.json"),
        ]
        var ledger = ProductLedger.load(in: folder)
        ledger.record(files)
        let trustedWhenRecorded = ProductLedger.load(in: folder).holds(files)

        // When
        // Learner code rewrites the product kept for the next grade.
        try Data("forged".utf8).write(to: files[0])
        let trustedAfterRewrite = ProductLedger.load(in: folder).holds(files)
        let removed = ledger.removeChanged()

        // Then
        // As kata wrote it, it is trusted; once rewritten, it is not, whoever asks.
        #expect(trustedWhenRecorded && !trustedAfterRewrite)
        // The rewritten one is named, and gone, so no later grade runs it; the untouched review stays.
        #expect(removed == ["03-abc.xctest"])
        #expect(FileTree.kind(at: files[0]) == nil && FileTree.kind(at: files[1]) == .file)
    }

    @Test("A kept product proved once is still found rewritten later, its size and time put back, or replaced")
    func provedProductsAreStillWatched() throws {
        // Given
        let tree = try Tree(["kata-grading/03-abc.xctest": "built", "kata-grading/04-def.xctest": "built"])
        defer { tree.remove() }
        let folder = tree.root.appendingPathComponent("kata-grading")
        let (rewritten, replaced) = (
            folder.appendingPathComponent("03-abc.xctest"), folder.appendingPathComponent("04-def.xctest")
        )
        var ledger = ProductLedger.load(in: folder)
        // Every stamp counts as settled, so the first check after a run proves both by their digest.
        ledger.settled = .zero
        ledger.record([rewritten, replaced])
        let firstCheck = ledger.removeChanged()
        let written = try #require(FileTree.stamp(of: rewritten.path)).modified

        // When
        // A later run rewrites one in place, same size, and sets its time back to the nanosecond;
        // it renames another file of the same size and time into the other's place.
        func dateBack(_ url: URL) {
            let time = timespec(tv_sec: written / 1_000_000_000, tv_nsec: written % 1_000_000_000)
            _ = utimensat(AT_FDCWD, url.path, [time, time], 0)
        }
        let handle = try FileHandle(forWritingTo: rewritten)
        handle.write(Data("BUILT".utf8))
        try handle.close()
        dateBack(rewritten)
        let other = folder.appendingPathComponent("other")
        try Data("forge".utf8).write(to: other)
        dateBack(other)
        _ = rename(other.path, replaced.path)
        let secondCheck = ledger.removeChanged()

        // Then
        #expect(firstCheck == [])
        #expect(secondCheck == ["03-abc.xctest", "04-def.xctest"])
    }

    @Test(
        "A product planted under a new name with the ledger file rewritten to match is removed and named; one kata forgot is not"
    )
    func plantedProductsAreRemoved() throws {
        // Given
        let tree = try Tree([
            "kata-grading/03-abc.xctest": "built", "kata-grading/04-old.xctest": "built, later pruned",
        ])
        defer { tree.remove() }
        let folder = tree.root.appendingPathComponent("kata-grading")
        var ledger = ProductLedger.load(in: folder)
        ledger.record([folder.appendingPathComponent("03-abc.xctest"), folder.appendingPathComponent("04-old.xctest")])

        // When
        // kata prunes an old product itself; learner code plants one for a digest a later learner will
        // have, and rewrites the ledger's file to vouch for it.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("04-old.xctest"))
        let planted = folder.appendingPathComponent("04-starter.xctest")
        try Data("all pass".utf8).write(to: planted)
        var forged = ProductLedger.load(in: folder)
        forged.record([planted])
        let removed = ledger.removeChanged()

        // Then
        // The planted one is named and gone, and the ledger on disk is kata's again; the pruned one is no finding.
        #expect(removed == ["04-starter.xctest"])
        #expect(FileTree.kind(at: planted) == nil)
        #expect(!ProductLedger.load(in: folder).holds([planted]))
        #expect(ProductLedger.load(in: folder).holds([folder.appendingPathComponent("03-abc.xctest")]))
    }

    @Test("A build folder rewritten by a run is seen, even with its size and time put back; kata's own parts are not")
    func buildFolderWritesAreSeen() throws {
        // Given
        let tree = try Tree([
            "build/debug/ScoopsAndScones.build/IceCream.swift.o": "object code",
            "build/kata-grading/03-abc.xctest": "kept",
            "build/debug/VIPKataPackageTests.xctest": "installed",
            "build/out/Products/Debug-linux/Step03InteractorTests-test-runner": "installed by Swift Build",
            "build/out/Products/Debug-linux/Step03InteractorTests.so": "its library",
        ])
        defer { tree.remove() }
        let folder = tree.root.appendingPathComponent("build")
        let object = folder.appendingPathComponent("debug/ScoopsAndScones.build/IceCream.swift.o")
        let dated = try FileManager.default.attributesOfItem(atPath: object.path)[.modificationDate] as? Date
        let watch = BuildFolderWatch(installed: [
            "VIPKataPackageTests.xctest", "Step03InteractorTests-test-runner", "Step03InteractorTests.so",
        ])
        let before = FolderStamps(of: folder, leavingOut: watch.isLeftOut)

        // When
        // A run rewrites an object file the next build would link, same size, and sets its date back;
        // kata itself installs a product and keeps another.
        try Data("OBJECT CODE".utf8).write(to: object)
        try FileManager.default.setAttributes([.modificationDate: dated ?? Date()], ofItemAtPath: object.path)
        try Data("installed again".utf8).write(to: folder.appendingPathComponent("debug/VIPKataPackageTests.xctest"))
        try Data("kept again".utf8).write(to: folder.appendingPathComponent("kata-grading/03-abc.xctest"))
        for name in ["Step03InteractorTests-test-runner", "Step03InteractorTests.so"] {
            try Data("installed again".utf8).write(
                to: folder.appendingPathComponent("out/Products/Debug-linux/\(name)"))
        }
        let changes = FolderStamps(of: folder, leavingOut: watch.isLeftOut).changes(since: before)

        // Then
        #expect(changes == ["debug/ScoopsAndScones.build/IceCream.swift.o"])
    }

    @Test("A kit folder's folders are watched too: one renamed away and back is seen, its files as they were")
    func kitFolderRenamesAreSeen() throws {
        // Given
        let tree = try Tree(["kit/Tests/Step03InteractorTests/Checks.swift": "checks"])
        defer { tree.remove() }
        let kit = tree.root.appendingPathComponent("kit")
        let (checks, hidden) = (
            kit.appendingPathComponent("Tests/Step03InteractorTests"), kit.appendingPathComponent("Tests/.hidden")
        )
        let before = FolderStamps(of: kit, includingFolders: true)

        // When
        // A run hides the folder of a step's checks from a classmate's grade, then puts it back.
        _ = rename(checks.path, hidden.path)
        _ = rename(hidden.path, checks.path)
        let changes = FolderStamps(of: kit, includingFolders: true).changes(since: before)

        // Then
        #expect(changes.contains("Tests/Step03InteractorTests/"), "\(changes)")
    }

    @Test("A kit read from git is read as bytes: a file in Latin-1 or with a long path comes out as committed")
    func gitKitsAreReadAsBytes() throws {
        // Given
        let latin1: [UInt8] = Array("Crème glacée".unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) })
        let longPath = "Tests/" + String(repeating: "a-long-folder-name/", count: 8) + "deep.txt"
        let tree = try Tree(["Package.swift": "// kit", longPath: "deep"])
        defer { tree.remove() }
        try Data(latin1).write(to: tree.root.appendingPathComponent("Sources/latin1.json").creatingFolder())
        for command in [
            ["init", "-q"], ["add", "-A"],
            ["-c", "user.name=k", "-c", "user.email=k@k", "commit", "-q", "-m", "kit"],
        ] {
            // The scratch repository is made.
            try #require(Subprocess.run(Command("git", ["-C", tree.root.path] + command)).succeeded)
        }
        let commit = try #require(PristineCopy.commit(of: tree.root))

        // When
        let (files, description) = try PristineCopy.read(.gitRef(repository: tree.root, ref: commit))

        // Then
        // Byte for byte, whatever the encoding, and the long path whole.
        #expect(files["Sources/latin1.json"].map(Array.init) == latin1)
        #expect(files[longPath] == Data("deep".utf8))
        #expect(files["Package.swift"] == Data("// kit".utf8))
        // The grade names the commit it read, in full.
        #expect(description.contains(commit))
    }

    @Test("A kit folder whose files differ from its commit is graded with no commit, and its changed files named")
    func changedKitFoldersRecordNoCommit() throws {
        // Given
        let tree = try Tree(["Package.swift": "// kit", "Tests/Step02ModelTests/Checks.swift": "#expect(true)"])
        defer { tree.remove() }
        for command in [
            ["init", "-q"], ["add", "-A"],
            ["-c", "user.name=k", "-c", "user.email=k@k", "commit", "-q", "-m", "kit"],
        ] {
            // The scratch repository is made.
            try #require(Subprocess.run(Command("git", ["-C", tree.root.path] + command)).succeeded)
        }
        let clean = PristineCopy.folderCommit(of: tree.root)

        // When
        // A learner's run rewrites a check of the kit folder and plants a file beside it.
        try Data("_ = (true)".utf8).write(to: tree.root.appendingPathComponent("Tests/Step02ModelTests/Checks.swift"))
        try Data("".utf8).write(to: tree.root.appendingPathComponent("Tests/planted.txt"))
        let changed = PristineCopy.folderCommit(of: tree.root)

        // Then
        #expect(clean.commit == PristineCopy.commit(of: tree.root) && clean.changed == [])
        #expect(changed.commit == nil)
        #expect(changed.changed.sorted() == ["Tests/Step02ModelTests/Checks.swift", "Tests/planted.txt"])
    }

    @Test(
        "--kit refuses an empty value, the tree being graded, and a branch of it that could be moved",
        arguments: ["", " ", ".", "main", "v1.0", "abc123"])
    func kitArgumentsThatCannotBeTrusted(word: String) throws {
        // Given
        let tree = try Tree(["Package.swift": "// learner"])
        defer { tree.remove() }
        let context = Context(
            currentDirectory: tree.root, environment: [:], terminal: .plain, write: { _ in }, writeError: { _ in })

        // When
        let failure = #expect(throws: CommandFailure.self) {
            try KitArgument.location(word, learner: Workspace(root: tree.root), context: context)
        }

        // Then
        // A wrong command line: exit 64, with a sentence saying what to give instead.
        #expect(failure?.status == .usage)
    }

    @Test("--kit takes a full commit hash of the learner's repository, or REPOSITORY@REF of another")
    func kitArgumentsThatCanBeTrusted() throws {
        // Given
        let learner = try Tree(["Package.swift": "// learner"])
        let instructor = try Tree(["Package.swift": "// kit"])
        defer {
            learner.remove()
            instructor.remove()
        }
        let context = Context(
            currentDirectory: learner.root, environment: [:], terminal: .plain, write: { _ in }, writeError: { _ in })
        let hash = String(repeating: "a1", count: 20)

        // When
        let pinned = try KitArgument.location(hash, learner: Workspace(root: learner.root), context: context)
        let other = try KitArgument.location(
            instructor.root.path + "@v1.0", learner: Workspace(root: learner.root), context: context)

        // Then
        // A commit cannot be moved; another repository is the instructor's to keep.
        #expect(pinned == .gitRef(repository: learner.root, ref: hash))
        #expect(other == .gitRef(repository: KitArgument.folder(instructor.root.path, from: learner.root), ref: "v1.0"))
    }

    @Test("A grading folder that holds someone's files is refused; an empty or marked one is used")
    func gradingFolderSafety() throws {
        // Given
        let tree = try Tree(["precious/notes.txt": "mine", "Package.swift": "", "Exercises/01-Starter/A.swift": ""])
        defer { tree.remove() }
        let learner = Workspace(root: tree.root.appendingPathComponent("learner"))
        let elsewhere = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kata empty \(UUID().uuidString.prefix(6))")
        defer { try? FileManager.default.removeItem(at: elsewhere) }

        // When
        let precious = Result { () throws(CommandFailure) in
            try GradingFolder.requireSafe(
                tree.root.appendingPathComponent("precious"), learner: learner, kit: .folder(tree.root))
        }
        let inside = Result { () throws(CommandFailure) in
            try GradingFolder.requireSafe(
                learner.root.appendingPathComponent("copy"), learner: learner, kit: .folder(elsewhere))
        }
        let empty = Result { () throws(CommandFailure) in
            try GradingFolder.requireSafe(elsewhere, learner: learner, kit: .folder(tree.root))
        }
        let kitsOwn = Result { () throws(CommandFailure) in
            try GradingFolder.requireSafe(
                tree.root.appendingPathComponent(".build-verify/verify"), learner: learner, kit: .folder(tree.root))
        }
        let kitsFiles = Result { () throws(CommandFailure) in
            try GradingFolder.requireSafe(
                tree.root.appendingPathComponent("Exercises/copy"), learner: learner, kit: .folder(tree.root))
        }

        // Then
        // kata never empties a folder it did not make, nor one inside the learner's tree or the kit.
        #expect(throws: CommandFailure.self) { try precious.get() }
        #expect(throws: CommandFailure.self) { try inside.get() }
        #expect(throws: Never.self) { try empty.get() }
        // kata verify's copy lives in the kit's .build-verify, beside its files, and grades there.
        #expect(throws: Never.self) { try kitsOwn.get() }
        #expect(throws: CommandFailure.self) { try kitsFiles.get() }
        #expect(FileTree.kind(at: elsewhere.appendingPathComponent(GradingFolder.marker)) == .file)
    }

    @Test("kata clean removes kata's marked copies nobody is using, and nothing else")
    func cleanRemovesOnlyIdleCopies() throws {
        // Given
        let tree = try Tree([
            "cache/kata/grading/old/\(GradingFolder.marker)": "",
            "cache/kata/grading/old/.build/big.o": "",
            "cache/kata/grading/busy/\(GradingFolder.marker)": "",
            "cache/kata/grading/someone/notes.txt": "mine",
            "kit/Package.swift": "",
            "kit/Exercises/01-Starter/A.swift": "// mine",
            "kit/.build-verify/solutions/\(GradingFolder.marker)": "",
        ])
        defer { tree.remove() }
        let busy = try #require(FolderLock.attempt(in: tree.root.appendingPathComponent("cache/kata/grading/busy")))
        defer { busy.release() }
        var said = ""
        let context = Context(
            currentDirectory: tree.root.appendingPathComponent("kit/Exercises"),
            environment: ["XDG_CACHE_HOME": tree.root.appendingPathComponent("cache").path], terminal: .plain,
            write: { said += $0 }, writeError: { _ in })

        // When
        let status = Kata.run(["clean"], in: context)

        // Then
        // The copy a grade holds stays and is named; a folder without kata's mark is never touched.
        #expect(status == .failure)
        #expect(said.contains("Kept \(tree.root.path)/cache/kata/grading/busy"))
        for gone in ["cache/kata/grading/old", "kit/.build-verify"] {
            #expect(FileTree.kind(at: tree.root.appendingPathComponent(gone)) == nil, "\(gone)")
        }
        for kept in [
            "cache/kata/grading/busy", "cache/kata/grading/someone/notes.txt", "kit/Exercises/01-Starter/A.swift",
        ] {
            #expect(FileTree.kind(at: tree.root.appendingPathComponent(kept)) != nil, "\(kept)")
        }
    }

    @Test("A grade removes the copies in the cache that nobody used for 30 days, and keeps the rest")
    func gradeForgetsCopiesUnusedForAMonth() throws {
        // Given
        let tree = try Tree([
            "grading/stale/\(GradingFolder.marker)": "",
            "grading/recent/\(GradingFolder.marker)": "",
        ])
        defer { tree.remove() }
        let longAgo = Date().addingTimeInterval(-GradingFolder.unusedFor - 3600)
        try FileManager.default.setAttributes(
            [.modificationDate: longAgo],
            ofItemAtPath: tree.root.appendingPathComponent("grading/stale/\(GradingFolder.marker)").path)

        // When
        let removed = GradingFolder.remove(
            in: tree.root.appendingPathComponent("grading"),
            unusedSince: Date().addingTimeInterval(-GradingFolder.unusedFor))

        // Then
        #expect(removed.map(\.lastPathComponent) == ["stale"])
        #expect(FileTree.kind(at: tree.root.appendingPathComponent("grading/recent")) == .folder)
    }
}

@Suite("What a local grade notices")
struct LocalTamperTests {
    @Test("A Package@swift-6.swift beside Package.swift and a linked step folder are named, and decide the steps")
    func manifestsAndLinks() throws {
        // Given
        let tree = try Tree([
            "Package.swift": "// package", "Tests/Step01StarterTests/A.swift": "// check",
            "Exercises/01-Starter/A.swift": "// starter", "Solutions/05-Configurator/C.swift": "// answer",
        ])
        defer { tree.remove() }
        let workspace = Workspace(root: tree.root)
        let manifest = KitManifest.make(for: workspace)
        try tree.write("Package@swift-6.swift", "// builds the solutions")
        try FileManager.default.createSymbolicLink(
            at: tree.root.appendingPathComponent("Exercises/05-Configurator"),
            withDestinationURL: tree.root.appendingPathComponent("Solutions/05-Configurator"))

        // When
        let findings = TamperScan.findings(in: RealKit.opened(workspace), against: manifest)

        // Then
        #expect(
            findings == [
                TamperFinding(path: "Package@swift-6.swift", change: .added, steps: RealKit.steps.map(\.number)),
                TamperFinding(path: "Exercises/05-Configurator", change: .link, steps: [5]),
            ])
    }
}

@Suite("Where a grade is written")
struct OutputFileTests {
    private func context(collecting output: Box) -> Context {
        Context(
            currentDirectory: FileManager.default.temporaryDirectory, environment: [:],
            terminal: Terminal(isInteractive: false, usesColor: false, width: 80),
            write: { output.text += $0 }, writeError: { output.errors += $0 })
    }

    final class Box: @unchecked Sendable {
        var text = ""
        var errors = ""
    }

    @Test("- means standard output, and no file named - is made")
    func dash() throws {
        // Given
        let output = Box()

        // When
        try OutputFile.write(Data("{}\n".utf8), to: "-", in: context(collecting: output), command: "grade")

        // Then
        #expect(output.text == "{}\n")
        #expect(FileTree.kind(at: FileManager.default.temporaryDirectory.appendingPathComponent("-")) == nil)
    }

    @Test("A link is written through, never replaced by a file")
    func throughALink() throws {
        // Given
        let tree = try Tree(["target.json": "old and longer than the new text"])
        defer { tree.remove() }
        let link = tree.root.appendingPathComponent("link.json")
        try FileManager.default.createSymbolicLink(
            at: link, withDestinationURL: tree.root.appendingPathComponent("target.json"))

        // When
        try OutputFile.write(Data("new".utf8), to: link.path, in: context(collecting: Box()), command: "grade")

        // Then
        #expect(FileTree.kind(at: link) == .symlink)
        #expect(try String(contentsOf: tree.root.appendingPathComponent("target.json"), encoding: .utf8) == "new")
    }

    @Test("A regular file is replaced whole; appending adds to the end")
    func regularFile() throws {
        // Given
        let tree = try Tree(["grade.json": "old"])
        defer { tree.remove() }
        let file = tree.root.appendingPathComponent("grade.json")

        // When
        try OutputFile.write(Data("new".utf8), to: file.path, in: context(collecting: Box()), command: "grade")
        try OutputFile.append(Data(" and more".utf8), to: file.path, in: context(collecting: Box()))

        // Then
        #expect(try String(contentsOf: file, encoding: .utf8) == "new and more")
    }

    @Test("A build folder that cannot be written is said in one line, before anything is built")
    func unwritableBuildFolder() throws {
        // Given: a file where the build folder should be (read-only folders do not stop root).
        let tree = try Tree([
            ".build-exercises": "not a folder", "Package.swift": "", "Exercises/01-Starter/A.swift": "",
        ])
        defer { tree.remove() }

        // When
        let problem = BuildFolder.problem(Workspace(root: tree.root), source: .exercises)

        // Then
        #expect(problem?.contains("not a folder") == true)
        #expect(problem?.contains("\n") == false)
    }
}

@Suite("A grade's totals and reports")
struct GradeTotalsTests {
    static let workspace = Workspace(root: URL(fileURLWithPath: "/kit"))

    static func declared(_ count: Int, step: Int) -> [DeclaredCheck] {
        (1...count).map {
            DeclaredCheck(key: "S/c\($0)()", name: "Check \($0) of step \(step)", file: "Tests/S.swift", line: $0)
        }
    }

    static func grade() -> GradeReport {
        let built = StepReport(
            step: RealKit.steps[0], source: .exercises, status: .failed,
            checks: [
                CheckResult(
                    target: "Step01StarterTests", key: "S/c1()", name: "Check 1 of step 1", status: .passed, file: nil,
                    line: nil),
                CheckResult(
                    target: "Step01StarterTests", key: "S/c2()", name: "Check 2 of step 1", status: .crashed, file: nil,
                    line: nil),
            ])
        let broken = StepReport(step: RealKit.steps[1], source: .exercises, status: .buildFailed)
        let outcomes = [
            GradingRun.Outcome(
                report: GradingRun.complete(built, declared: declared(3, step: 1), in: RealKit.course),
                declared: declared(3, step: 1),
                review: [],
                changedDuringRun: [], reusedProduct: false),
            GradingRun.Outcome(
                report: GradingRun.complete(broken, declared: declared(4, step: 2), in: RealKit.course),
                declared: declared(4, step: 2),
                review: [ReviewFinding(file: "Exercises/02-Model/M.swift", line: 3, api: "CommandLine", reason: "why")],
                changedDuringRun: [], reusedProduct: false),
        ]
        return GradeReport(
            outcomes: outcomes, tampered: [], against: GradeReport.GradedAgainst(mode: "pristine", source: "/kit"),
            in: RealKit.opened(workspace))
    }

    @Test(
        "A grade without a step its instructor grades scores the others, says who grades it, and annotates none of it")
    func stepGradedElsewhere() {
        // Given
        var grade = Self.grade()
        grade.gradedByInstructor = [2]

        // When
        let sentence = grade.scoreSentence
        let annotations = GitHubAnnotations.lines(for: grade).joined(separator: "\n")
        let text = grade.text(style: Style(enabled: false))

        // Then
        #expect(
            sentence
                == "1/3 checks (33%), 0 of 1 steps pass; your instructor grades step 2 and the comparison with the "
                + "reference, with the full kit.")
        #expect(!annotations.contains("Step 2 does not build") && annotations.contains("Check 2 of step 1"))
        #expect(text.contains("graded by your instructor") && text.contains("Score: " + sentence))
        #expect(GradeSummary.markdown(for: grade).hasPrefix("### VIP kata: 1/3 checks (33%), 0 of 1 steps pass\n"))
    }

    @Test("A step that does not build, or a check that did not run, keeps every declared check in the total")
    func totalsNeverShrink() {
        // When
        let grade = Self.grade()

        // Then
        #expect(grade.score == GradeReport.Score(passed: 1, total: 7))
        #expect(grade.steps.map(\.score.total) == [3, 4])
        #expect(grade.steps[1].checks.allSatisfy { $0.status == .notRun })
        #expect(grade.steps[0].checks.map(\.status) == [.passed, .crashed, .notRun])
        #expect(grade.needsReview)
    }

    @Test("In JUnit a crash, a check that did not run and a step that does not build are errors, counted as such")
    func junitErrors() {
        // When
        let xml = JUnitReport.xml(for: Self.grade())

        // Then
        #expect(JUnitShape.problems(in: xml) == [])
        // Seven checks, six of them in error, and step 2's review: a case in error of its own.
        #expect(xml.contains(#"<testsuites name="VIP kata" tests="8" failures="0" errors="7""#))
    }

    @Test("Characters XML forbids never reach the JUnit file")
    func forbiddenCharacters() {
        // Given
        let text = "a\u{0}b\u{1B}[31mc\u{FFFE}d\u{FFFF}e\u{7}f\ttab"

        // When
        let escaped = JUnitReport.escape(text)

        // Then
        #expect(escaped == "ab[31mcdef&#9;tab")
    }

    @Test("Gradescope's results: a point per check, and a step that needs review is marked, never clean")
    func gradescopeResults() throws {
        // Given
        let grade = Self.grade()

        // When
        let results = try #require(
            try JSONSerialization.jsonObject(with: GradescopeResults.json(for: grade)) as? [String: Any])

        // Then
        let tests = try #require(results["tests"] as? [[String: Any]])
        #expect(results["score"] as? Int == 1)
        // Three checks of step 1, four of step 2, and step 2's review: worth nothing, failed, naming the finding.
        #expect(tests.count == 8)
        #expect(tests.compactMap { $0["max_score"] as? Int }.reduce(0, +) == grade.score.total)
        #expect(tests.compactMap { $0["score"] as? Int }.reduce(0, +) == grade.score.passed)
        #expect(tests.map { $0["status"] as? String } == ["passed"] + Array(repeating: "failed", count: 7))
        let review = try #require(tests.last)
        #expect(review["name"] as? String == "Step 2 · needs review")
        #expect((review["output"] as? String)?.contains("Exercises/02-Model/M.swift:3") == true)
        #expect((tests[3]["output"] as? String)?.contains("needs review") == true)
        #expect((results["output"] as? String)?.contains("**Needs review**: step 2") == true)
    }

    @Test("Classroom 50's result.json is valid against its schema, a point per check, review marked")
    func classroom50Result() throws {
        // Given
        let grade = Self.grade()
        let environment = [
            "CLASSROOM": "vip", "ASSIGNMENT": "kata", "SUBMISSION_TAG": "submit/2026-11-24T10-00-00Z-abc1234",
            "COMMIT_URL": "https://example.invalid/commit/abc", "RELEASE_URL": "https://example.invalid/release",
            "OWNER": "alice",
        ]
        let identity = try GradeCommand.classroom50Identity(environment)

        // When
        let data = Classroom50Result.json(for: grade, identity: identity)

        // Then
        #expect(try JSONSchema(file: "classroom50-result-v1.schema.json").problems(inJSON: data) == [])
        let result = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let tests = try #require(result["tests"] as? [[String: Any]])
        #expect(result["score"] as? Int == 1)
        #expect(result["max-score"] as? Int == 7)
        #expect(result["review"] as? String == "https://example.invalid/commit/abc")
        #expect(tests.last?["test-name"] as? String == "Step 2 · needs review")
        #expect(tests.last?["passed"] as? Bool == false)
        #expect(tests.filter { $0["needs-review"] as? Bool == true }.count == 5)
        // Outside Classroom 50's runner the identity is missing: refused before anything is built.
        #expect(throws: CommandFailure.self) { try GradeCommand.classroom50Identity(["CLASSROOM": "vip"]) }
        #expect(throws: CommandFailure.self) {
            try GradeCommand.classroom50Identity(environment.merging(["SUBMISSION_TAG": "main"]) { _, new in new })
        }
    }

    @Test(
        "On the platforms a step that needs review has its points withheld, saying so, and one that does not build shows its error"
    )
    func platformsWithholdAndExplain() throws {
        // Given
        let passing = StepReport(
            step: RealKit.steps[0], source: .exercises, status: .passed,
            checks: (1...3).map {
                CheckResult(
                    target: "Step01StarterTests", key: "S/c\($0)()", name: "Check \($0) of step 1", status: .passed,
                    file: nil, line: nil)
            })
        let broken = StepReport(
            step: RealKit.steps[1], source: .exercises, status: .buildFailed,
            diagnostics: [
                Diagnostic(
                    file: "/kit/Exercises/02-Model/M.swift", line: 4, column: 2, severity: .error,
                    message: "cannot find 'menu' in scope")
            ])
        let outcomes = [
            GradingRun.Outcome(
                report: GradingRun.complete(passing, declared: Self.declared(3, step: 1), in: RealKit.course),
                declared: Self.declared(3, step: 1),
                review: [ReviewFinding(file: "Exercises/01-Starter/A.swift", line: 2, api: "exit", reason: "why")],
                changedDuringRun: [], reusedProduct: false),
            GradingRun.Outcome(
                report: GradingRun.complete(broken, declared: Self.declared(4, step: 2), in: RealKit.course),
                declared: Self.declared(4, step: 2), review: [], changedDuringRun: [], reusedProduct: false),
        ]
        var grade = GradeReport(
            outcomes: outcomes, tampered: [], against: GradeReport.GradedAgainst(mode: "pristine", source: "/kit"),
            in: RealKit.opened(Self.workspace))
        grade.seconds = 42.2

        // When
        let gradescope = try #require(
            try JSONSerialization.jsonObject(with: GradescopeResults.json(for: grade)) as? [String: Any])
        let tests = try #require(gradescope["tests"] as? [[String: Any]])

        // Then
        // Three passing checks of a step that needs review: withheld, each saying why; the total counts none of them.
        #expect(gradescope["score"] as? Int == 0)
        #expect(tests.prefix(3).allSatisfy { ($0["output"] as? String)?.contains("withheld") == true })
        // The first compiler error, where the learner reads the grade.
        #expect((tests[4]["output"] as? String)?.contains("M.swift:4: cannot find 'menu' in scope") == true)
        // Numbers Gradescope's tools read as numbers, and the grade's own time.
        #expect(tests.allSatisfy { ($0["number"] as? String).map { Double($0) != nil } == true })
        #expect(gradescope["execution_time"] as? Int == 43)
    }

    @Test("Classroom 50's public bundle counts only what it can award: a solved learner scores every point it offers")
    func classroom50CountsWhatItCan() throws {
        // Given
        let solved = StepReport(
            step: RealKit.steps[0], source: .exercises, status: .passed,
            checks: (1...2).map {
                CheckResult(
                    target: "Step01StarterTests", key: "S/c\($0)()", name: "Check \($0)", status: .passed, file: nil,
                    line: nil)
            })
        let suites = StepReport(step: RealKit.steps[8], source: .exercises, status: .failed)
        var grade = GradeReport(
            outcomes: [
                GradingRun.Outcome(
                    report: GradingRun.complete(solved, declared: Self.declared(2, step: 1), in: RealKit.course),
                    declared: Self.declared(2, step: 1), review: [], changedDuringRun: [], reusedProduct: false),
                GradingRun.Outcome(
                    report: GradingRun.complete(suites, declared: Self.declared(5, step: 9), in: RealKit.course),
                    declared: Self.declared(5, step: 9), review: [], changedDuringRun: [], reusedProduct: false),
            ], tampered: [], against: GradeReport.GradedAgainst(mode: "pristine", source: "/kit"),
            in: RealKit.opened(Self.workspace))
        grade.gradedByInstructor = [9]
        let identity = try GradeCommand.classroom50Identity([
            "CLASSROOM": "vip", "ASSIGNMENT": "kata", "SUBMISSION_TAG": "submit/2026-11-24T10-00-00Z-abc1234",
            "COMMIT_URL": "https://example.invalid/c", "RELEASE_URL": "https://example.invalid/r", "OWNER": "ada",
        ])

        // When
        let data = Classroom50Result.json(for: grade, identity: identity)
        let result = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])

        // Then
        #expect(try JSONSchema(file: "classroom50-result-v1.schema.json").problems(inJSON: data) == [])
        #expect(result["score"] as? Int == 2)
        #expect(result["max-score"] as? Int == 2)
        let names = (result["tests"] as? [[String: Any]] ?? []).compactMap { $0["test-name"] as? String }
        #expect(!names.contains { $0.hasPrefix("Step 9 · ") })
        #expect(names.contains { $0.contains("graded by your instructor") })
    }

    @Test("Classroom 50's Release page tells the first failing check in full, a build's first error, and a review")
    func classroom50ReleaseBody() throws {
        // Given: step 1's failing check said something with a fence in it, step 2 does not build and needs review.
        let grade = try #require(
            GradeReport.decoded(
                from: Data(
                    String(decoding: Self.grade().json(), as: UTF8.self)
                        .replacingOccurrences(
                            of: #""status" : "crashed""#,
                            with: #""status" : "crashed", "message" : "it said ``` then | *this*""#
                        )
                        .utf8)))
        let identity = try GradeCommand.classroom50Identity([
            "CLASSROOM": "vip", "ASSIGNMENT": "kata", "SUBMISSION_TAG": "submit/2026-11-24T10-00-00Z-abc1234",
            "COMMIT_URL": "https://example.invalid/c", "RELEASE_URL": "https://example.invalid/r", "OWNER": "ada",
        ])
        let document = Classroom50Result.document(for: grade, identity: identity)

        // When
        let body = Classroom50Result.releaseBody(for: grade, document: document)
        let (status, summary) = Classroom50Result.status(for: grade, document: document)

        // Then
        #expect(body.hasPrefix("### VIP kata: 1/7 checks\n"))
        #expect(body.contains("| 1 Starter | 1/3 | failed |\n| 2 Model | 0/4 | needs review: points withheld |"))
        #expect(body.contains("````text\nit said ``` then | *this*"))
        #expect(body.contains("needs review: points withheld"))
        #expect(body.contains("Exercises/02-Model/M.swift:3"))
        #expect(body.contains("- ✘ Step 1 · Check 3 of step 1"))
        #expect(status == "failure" && summary == "VIP kata: 1/7 checks, needs review")
        #expect(body.count < Classroom50Result.bodyLimit + 2_000)
    }

    @Test("In JUnit a step that needs review has a property and a case in error naming the findings")
    func junitMarksReview() {
        // Given
        let grade = Self.grade()

        // When
        let xml = JUnitReport.xml(for: grade)

        // Then
        #expect(JUnitShape.problems(in: xml) == [])
        #expect(xml.contains(#"<property name="needsReview" value="true"/>"#))
        #expect(xml.contains(#"<testcase name="Step 2 needs review""#))
        #expect(xml.contains("Exercises/02-Model/M.swift:3 uses CommandLine: why."))
        #expect(xml.contains(#"<testsuites name="VIP kata" tests="8""#))
    }

    @Test("A huge failure message is cut with a note in every output, and the grade is still written")
    func longMessagesAreCapped() {
        // Given
        let message = String(repeating: "x", count: 210_000)

        // When
        let capped = GradeReport.capped(message)

        // Then
        #expect(capped.count < GradeReport.messageLimit + 200)
        #expect(capped.hasSuffix("[cut: 206000 more characters; kata check shows the whole message]"))
        #expect(GradeReport.capped("short") == "short")
    }

    @Test("Annotations stay within what GitHub shows: ten errors, ten warnings, the rest counted")
    func annotationsAreCapped() {
        // Given
        let findings = (1...25).map {
            TamperFinding(path: "Tests/Step0\($0 % 7 + 1)Tests/File\($0).swift", change: .edited, steps: [$0 % 7 + 1])
        }
        let grade = GradeReport(
            outcomes: [], tampered: findings, against: GradeReport.GradedAgainst(mode: "local", source: "/kit"),
            in: RealKit.opened(Self.workspace))

        // When
        let lines = GitHubAnnotations.lines(for: grade)

        // Then
        #expect(lines.filter { $0.hasPrefix("::error ") }.count == 10)
        #expect(lines.last?.contains("16 more") == true)
    }
}

/// Classroom 50 reads an assignment's runtime with a strict validator (`gh teacher assignment add --runtime`, and
/// again in its grade job): an unknown key, a container with apt packages, or a name outside its patterns fails the
/// job before anything is graded. These rules are Classroom 50's, as its runner workflow states them.
@Suite("Classroom 50's runtime")
struct Classroom50RuntimeTests {
    static let keys: Set<String> = ["runs-on", "container", "python", "node", "java", "go", "rust", "apt"]
    static let image = #"^[A-Za-z0-9][A-Za-z0-9._:/@+-]{0,255}$"#
    static let package = #"^[a-z0-9][a-z0-9.+-]{0,63}$"#
    static let label = #"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$"#

    static func matches(_ text: String?, _ pattern: String) -> Bool {
        text.map { $0.range(of: pattern, options: .regularExpression) != nil } ?? false
    }

    @Test(
        "Each runtime the kit writes passes Classroom 50's validator",
        arguments: [
            PlatformAutograders.Classroom50Runtime.hostedRunner, .container(image: "ghcr.io/school/kata-grader:6.3"),
        ])
    func runtimeIsValid(runtime: PlatformAutograders.Classroom50Runtime) throws {
        // When
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(runtime.json.utf8)) as? [String: Any])

        // Then
        #expect(Set(json.keys).isSubset(of: Self.keys))
        for package in json["apt"] as? [String] ?? [] { #expect(Self.matches(package, Self.package)) }
        if let label = json["runs-on"] { #expect(Self.matches(label as? String, Self.label)) }
        if let container = json["container"] as? [String: String] {
            #expect(Set(container.keys).isSubset(of: ["image", "user"]))
            #expect(Self.matches(container["image"], Self.image))
            // The image owns its packages: a container with apt is refused.
            #expect(json["apt"] == nil)
        } else {
            #expect(json["container"] == nil)
            // Off a container, the job installs bubblewrap, and Python for the runner.
            #expect(json["apt"] as? [String] == ["bubblewrap"])
            #expect(json["python"] != nil)
        }
    }

    @Test("A container's Dockerfile adds everything the grade job calls to the Swift image")
    func dockerfileHasTheTools() {
        // Given
        let dockerfile = PlatformAutograders.Classroom50Runtime.dockerfile

        // When
        let from = dockerfile.split(separator: "\n").first { $0.hasPrefix("FROM ") }
        let install = dockerfile.components(separatedBy: "install -y").last ?? ""

        // Then
        #expect(from == "FROM \(PlatformAutograders.Classroom50Runtime.swiftImage)")
        for program in ["curl", "gh", "git", "python3", "bubblewrap"] {
            #expect(install.split(whereSeparator: { $0 == " " || $0 == "\n" }).contains(Substring(program)))
        }
    }
}
