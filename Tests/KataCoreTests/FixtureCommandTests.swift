import Foundation
import Testing

@testable import KataCore

/// The learner's commands that build nothing, run in memory on a course of two tiny lessons
/// (`FixtureCourse`), each test in its own folder and all side by side.
@Suite("Commands on a fixture course, in memory")
struct FixtureCommandTests {
    @Test("Status names the fixture's course, its steps and the first one to do")
    func statusOfAFreshFixture() throws {
        // Given
        let sut = try FixtureCourse()

        // When
        let status = sut.run(["status"])

        // Then
        #expect(status.status == .success)
        #expect(status.output.hasPrefix("Fixture garden · Garden (steps 1-2)\n"))
        #expect(status.output.contains("0 of 2 steps done"))
        #expect(status.output.contains("1  Seed"))
        #expect(status.output.contains("2  Sprout"))
        #expect(status.output.contains("check 1"))
    }

    @Test("kata list keeps two spaces between columns, whatever the longest name")
    func listColumnsStayApart() throws {
        // Given
        let sut = try FixtureCourse()
        try sut.write("Tests/Step02SproutTests/step.json", #"{"scene": "A bed of long-named sprouts", "lesson": "x"}"#)

        // When
        let list = sut.run(["list"])

        // Then
        let rows = list.output.components(separatedBy: "\n").filter { !$0.isEmpty }
        let row = try #require(rows.first { $0.hasPrefix("2") })
        #expect(row.contains("A bed of long-named sprouts  not started"))
        // Every row's state starts in the same column as the header's.
        let column = try #require(rows[0].range(of: "State")).lowerBound.utf16Offset(in: rows[0])
        #expect(
            rows.dropFirst().allSatisfy {
                $0.count > column && $0[$0.index($0.startIndex, offsetBy: column - 2)...].hasPrefix("  ")
            })
    }

    @Test("A kept result moves status on: a step that passes is done, the next is the one to do")
    func statusAfterAPass() throws {
        // Given
        let sut = try FixtureCourse()
        try sut.record(step: 1, failing: [])

        // When
        let status = sut.run(["status"])

        // Then
        #expect(status.output.contains("1 of 2 steps done"))
        #expect(status.output.contains("check 2"))
    }

    @Test("Status calls a step whose folder is gone missing, and says how to get its starter back")
    func statusOfAMissingStep() throws {
        // Given
        let sut = try FixtureCourse()
        try sut.record(step: 1, failing: [])
        try FileManager.default.removeItem(at: sut.root.appendingPathComponent("Exercises/02-Sprout"))

        // When
        let status = sut.run(["status"])

        // Then
        // Not "edited, not checked yet": there is nothing to check.
        #expect(status.output.contains("folder missing"))
        #expect(!status.output.contains("edited, not checked yet"))
        #expect(status.output.contains("reset 2 (Exercises/02-Sprout is missing: it puts the starter back"))
    }

    @Test("Status tells a step the learner has edited but not checked, and calls a failing starter not started")
    func statusOfEditedAndUntouchedSteps() throws {
        // Given
        let sut = try FixtureCourse()
        try sut.record(step: 1, failing: ["SeedTests/remembersWater()"])
        let sprout = "Exercises/02-Sprout/Sprout.swift"
        try sut.write(sprout, sut.read(sprout).replacingOccurrences(of: "grow() {}", with: "grow() { leaves += 1 }"))

        // When
        let status = sut.run(["status"])
        let list = sut.run(["list"])

        // Then
        let rows = status.output.components(separatedBy: "\n")
        // Step 1 failed on the files the kit shipped: checked, but not begun.
        #expect(rows.contains { $0.contains("1  Seed") && $0.contains("not started") })
        // Step 2's files are the learner's own now, though no check has run on them yet.
        #expect(rows.contains { $0.contains("2  Sprout") && $0.contains("edited, not checked yet") })
        #expect(list.output.contains("edited, not checked yet"))
    }

    @Test("Hints come from the fixture's own annotations, one level further each time")
    func hintLevels() throws {
        // Given
        let sut = try FixtureCourse()
        try sut.record(step: 1, failing: ["SeedTests/remembersWater()"])

        // When
        let first = sut.run(["hint", "1"])
        let second = sut.run(["hint"])
        let third = sut.run(["hint", "1"])

        // Then
        #expect(first.status == .success)
        #expect(first.output.hasPrefix("Hint 1 of 3 · A watered seed remembers it\n  in Exercises/01-Seed/Seed.swift"))
        #expect(first.output.contains(FixtureCourse.seedHints[0]))
        // Without a step, the step the learner is on: the first not done.
        #expect(second.output.hasPrefix("Hint 2 of 3"))
        #expect(second.output.contains(FixtureCourse.seedHints[1]))
        #expect(third.output.hasPrefix("Hint 3 of 3"))
        #expect(third.output.contains(FixtureCourse.seedHints[2]))
        #expect(third.output.contains("That was the last hint"))
    }

    @Test("A hint sends the learner to the file kata check's Look in names, not always to the guide's")
    func hintLooksWhereTheCheckLooks() throws {
        // Given
        // The guide of this check says Seed.swift; the failing expectation is about a property in another file.
        let sut = try FixtureCourse()
        try FileManager.default.createDirectory(
            at: sut.root.appendingPathComponent("Exercises/01-Seed/Helpers"), withIntermediateDirectories: true)
        try sut.write("Exercises/01-Seed/Helpers/Watering.swift", "// The learner's helper.\n")
        try sut.record(
            step: 1, failing: ["SeedTests/remembersWater()"],
            details: ["The can keeps its water: `var water` in Watering.swift is strong."])

        // When
        let hint = sut.run(["hint", "1"])

        // Then
        #expect(
            hint.output.hasPrefix(
                "Hint 1 of 3 · A watered seed remembers it\n  in Exercises/01-Seed/Helpers/Watering.swift\n"))
    }

    @Test("Without a step, hint hints the step last checked, and spends no hint of an earlier step left unfinished")
    func hintFollowsTheStepLastChecked() throws {
        // Given
        let sut = try FixtureCourse()
        try sut.record(step: 1, failing: ["SeedTests/remembersWater()"])
        try sut.record(step: 2, failing: ["SproutTests/growsALeaf()"])

        // When
        let hint = sut.run(["hint"])

        // Then
        #expect(hint.output.hasPrefix("Hint 1 of 2 · A sprout that grows has one more leaf"))
        // Not asked for a step, it says which one it took, and how to ask for another.
        #expect(hint.output.contains("step 2, the one you last checked, watched or edited (kata hint N for another)"))
        #expect(HintLevels(workspace: sut.workspace).shown(step: 1, key: "SeedTests/remembersWater()") == 0)
    }

    @Test("Without a step, hint after a step passes says it passes, and hints no earlier step left unfinished")
    func hintAfterAPass() throws {
        // Given
        let sut = try FixtureCourse()
        try sut.record(step: 1, failing: ["SeedTests/remembersWater()"])
        try sut.record(step: 2, failing: [])

        // When
        let hint = sut.run(["hint"])

        // Then
        #expect(hint.output.hasPrefix("Every check of step 2 passes: no hint needed."))
        #expect(HintLevels(workspace: sut.workspace).shown(step: 1, key: "SeedTests/remembersWater()") == 0)
    }

    @Test("A step whose files were edited after the last check is the step in hand")
    func editedStepIsInHand() throws {
        // Given
        let sut = try FixtureCourse()
        try sut.record(step: 2, failing: ["SproutTests/growsALeaf()"])
        try sut.record(step: 1, failing: ["SeedTests/remembersWater()"])
        let file = "Exercises/02-Sprout/Sprout.swift"
        try sut.write(file, sut.read(file) + "// trying something\n")

        // When
        let guide = sut.run(["guide"])

        // Then
        #expect(guide.output.contains("A sprout that grows a leaf at a time."))
    }

    @Test(
        "A step edited by mistake and then reset is not the step in hand: the learner is back on the one they were on")
    func resetStepIsNotInHand() throws {
        // Given
        // Working on step 2, the learner wrote into step 1 by mistake, then put its starter back.
        let sut = try FixtureCourse()
        try sut.record(step: 1, failing: ["SeedTests/remembersWater()"])
        try sut.record(step: 2, failing: ["SproutTests/growsALeaf()"])
        let file = "Exercises/01-Seed/Seed.swift"
        try sut.write(file, sut.read(file) + "// meant for step 2\n")
        let reset = sut.run(["reset", "1", "--yes"])

        // When
        let guide = sut.run(["guide"])

        // Then
        // Putting a starter back is no work on that step: step 2's guide, not step 1's.
        #expect(reset.status == .success)
        #expect(guide.output.contains("A sprout that grows a leaf at a time."))
    }

    @Test("Status's next command is for the step in hand, not an earlier one left unfinished")
    func statusFollowsTheStepInHand() throws {
        // Given
        let sut = try FixtureCourse()
        try sut.record(step: 1, failing: ["SeedTests/remembersWater()"])
        try sut.record(step: 2, failing: ["SproutTests/growsALeaf()"])

        // When
        let status = sut.run(["status"])

        // Then
        #expect(status.output.contains("kata check 2"))
        #expect(!status.output.contains("kata check 1"))
    }

    @Test("kata check's help names --all-failures")
    func checkHelpNamesAllFailures() throws {
        // Given
        let sut = try FixtureCourse()

        // When
        let help = sut.run(["check", "--help"])

        // Then
        #expect(help.output.contains("--all-failures"))
    }

    @Test("The guide of a step is its README, as the fixture wrote it")
    func guide() throws {
        // Given
        let sut = try FixtureCourse()

        // When
        let guide = sut.run(["guide", "2"])

        // Then
        #expect(guide.status == .success)
        #expect(guide.output.contains("A sprout that grows a leaf at a time."))
    }

    @Test("A step number outside the fixture's course is refused with the course's range")
    func stepOutsideTheCourse() throws {
        // Given
        let sut = try FixtureCourse()

        // When
        let check = sut.run(["check", "3"])
        let hint = sut.run(["hint", "0"])

        // Then
        #expect(check.status == .usage)
        #expect(check.errors == "kata check: there is no step 3; steps go from 1 to 2.\n")
        #expect(hint.errors == "kata hint: there is no step 0; steps go from 1 to 2.\n")
    }

    @Test("Reset puts the fixture's starter back, and reset --undo the learner's file")
    func resetAndUndo() throws {
        // Given
        let sut = try FixtureCourse()
        let file = "Exercises/01-Seed/Seed.swift"
        let starter = sut.read(file)
        let mine = "struct Seed {\n    var watered = false\n\n    mutating func water() { watered = true }\n}\n"
        try sut.write(file, mine)
        let notes = "Exercises/01-Seed/Notes.md"
        try sut.write(notes, "Water it once.\n")
        let pipeMade = mkfifo(sut.root.appendingPathComponent("Exercises/01-Seed/pipe").path, 0o600)

        // When
        let reset = sut.run(["reset", "1", "--yes"])
        let afterReset = sut.read(file)
        let notesAfterReset = FileManager.default.fileExists(atPath: sut.root.appendingPathComponent(notes).path)
        let undo = sut.run(["reset", "--undo", "1"])
        let again = sut.run(["reset", "--undo", "1"])

        // Then
        #expect(reset.status == .success)
        #expect(afterReset == starter)
        // A file of the learner's that the starter lacks is removed, and named, with where it is kept.
        #expect(!notesAfterReset)
        #expect(
            reset.output.contains("Removed, as the starter does not have them (the backup does): Notes.md (1 file)"))
        // A pipe is no file a backup can keep: it is named as removed without one, never dropped in silence.
        #expect(pipeMade == 0)
        #expect(reset.output.contains("Removed with no backup, as none can keep what is not a file"))
        #expect(reset.output.contains("device): pipe."))
        #expect(undo.status == .success)
        #expect(sut.read(file) == mine)
        #expect(sut.read(notes) == "Water it once.\n")
        // Asked twice, undo says the backup is already back, not that there never was one; nothing changes.
        #expect(again.errors.contains("Its newest backup was already brought back"))
        #expect(sut.read(file) == mine)
    }

    @Test(
        "A reset or an undo waits for another kata command in the workspace, so two at once never undo one backup twice"
    )
    func resetTakesTurns() throws {
        // Given
        let sut = try FixtureCourse()
        let file = "Exercises/01-Seed/Seed.swift"
        try sut.write(file, "// mine\n")
        let reset = sut.run(["reset", "1", "--yes"])
        let starter = sut.read(file)
        let context = Context(
            currentDirectory: sut.root, environment: [:], terminal: .plain, write: { _ in }, writeError: { _ in })
        let held = try WorkspaceLock.acquire(sut.workspace, context: context)

        // When
        let undo = Background { sut.run(["reset", "--undo", "1"]) }
        let changedWhileHeld = waitUntil(seconds: 1) { sut.read(file) != starter }
        held.release()
        let undone = undo.value

        // Then
        #expect(reset.status == .success)
        // Nothing moves while another command holds the workspace; then the undo goes on.
        #expect(!changedWhileHeld)
        #expect(undone.status == .success)
        #expect(sut.read(file) == "// mine\n")
        // Off a terminal the wait is said in one plain line, so that it does not look like a hang.
        #expect(undone.errors == "kata: Waiting for another kata command in this workspace to finish…\n")
    }

    @Test("Undo asked again once the step changed says where the work it brought back is, not that the step holds it")
    func undoAfterTheStepChanged() throws {
        // Given
        let sut = try FixtureCourse()
        try sut.write("Exercises/01-Seed/Seed.swift", "// mine\n")
        _ = sut.run(["reset", "1", "--yes"])
        _ = sut.run(["reset", "--undo", "1"])
        try FileManager.default.removeItem(at: sut.root.appendingPathComponent("Exercises/01-Seed"))

        // When
        let again = sut.run(["reset", "--undo", "1"])

        // Then
        #expect(again.status == .noInput)
        // The step no longer holds that work: the message says so, and where its files are.
        #expect(!again.errors.contains("holds that work now"))
        #expect(again.errors.contains("Its newest backup was already brought back"))
        #expect(again.errors.contains("step 1 has changed since: its files are in .kata/backups/01-Seed/"))
    }

    @Test("A reset of a step whose folder is a link says the link is a folder of its own now, and what it led to kept")
    func resetOfALinkedStep() throws {
        // Given
        let sut = try FixtureCourse()
        let elsewhere = sut.root.appendingPathComponent("My Seed")
        try FileManager.default.moveItem(at: sut.root.appendingPathComponent("Exercises/01-Seed"), to: elsewhere)
        try FileManager.default.createSymbolicLink(
            atPath: sut.root.appendingPathComponent("Exercises/01-Seed").path, withDestinationPath: "../My Seed")
        try Data("mine\n".utf8).write(to: elsewhere.appendingPathComponent("Notes.md"))

        // When
        let reset = sut.run(["reset", "1", "--yes"])

        // Then
        #expect(reset.status == .success)
        // The learner's editor may be open on what the link led to: kata no longer works there, and says so, naming
        // it from the workspace's folder (the link's own text, ../My Seed, is from Exercises/).
        #expect(
            reset.output.contains(
                "Exercises/01-Seed was a link to My Seed: it is a folder of its own now, holding the starter; "
                    + "My Seed is as you left it."))
        // Nothing was removed from where the link led: no line says so.
        #expect(!reset.output.contains("Removed, as the starter does not have them"))
        #expect(FileManager.default.fileExists(atPath: elsewhere.appendingPathComponent("Notes.md").path))
    }

    @Test("A reset of a step whose folder is a link that leads nowhere says so, not that it kept what is not there")
    func resetOfADanglingLink() throws {
        // Given
        let sut = try FixtureCourse()
        let folder = sut.root.appendingPathComponent("Exercises/01-Seed")
        try FileManager.default.removeItem(at: folder)
        try FileManager.default.createSymbolicLink(atPath: folder.path, withDestinationPath: "../Gone")

        // When
        let reset = sut.run(["reset", "1", "--yes"])

        // Then
        #expect(reset.status == .success)
        // The step holds its starter again, and the message names no place that does not exist.
        #expect(reset.output.contains("Exercises/01-Seed was a link to Gone: it is a folder of its own now"))
        #expect(reset.output.contains("the link led nowhere."))
        #expect(!reset.output.contains("as you left it"))
    }

    @Test("A reset of a step whose folder is a file names that file, and undo brings it back")
    func resetOfAFileWhereTheFolderGoes() throws {
        // Given
        let sut = try FixtureCourse()
        let folder = sut.root.appendingPathComponent("Exercises/01-Seed")
        try FileManager.default.removeItem(at: folder)
        try Data("notes\n".utf8).write(to: folder)

        // When
        let reset = sut.run(["reset", "1", "--yes"])
        let undo = sut.run(["reset", "--undo", "1"])

        // Then
        #expect(reset.status == .success)
        // The line names what was removed, never an empty name.
        #expect(
            reset.output.contains(
                "(the backup does): Exercises/01-Seed, a file where the folder goes (1 file)."))
        #expect(undo.status == .success)
        #expect((try? Data(contentsOf: folder)) == Data("notes\n".utf8))
    }

    @Test("The files a reset names are shown with control characters escaped, so a name cannot forge a line")
    func resetNamesAreShownSafely() throws {
        // Given
        let sut = try FixtureCourse()
        try sut.write("Exercises/01-Seed/a\nStep 1 is its starter already.md", "mine\n")

        // When
        let reset = sut.run(["reset", "1", "--yes"])

        // Then
        #expect(reset.status == .success)
        // One line names the file, its newline spelled out.
        #expect(reset.output.contains(#"(the backup does): a\nStep 1 is its starter already.md (1 file)."#))
        #expect(!reset.output.contains("\nStep 1 is its starter already"))
    }

    @Test("A reset run from inside the step's folder says that the shell is left in the folder it replaced")
    func resetFromInsideTheStep() throws {
        // Given
        let sut = try FixtureCourse()
        try sut.write("Exercises/01-Seed/Seed.swift", "// mine\n")

        // When
        let reset = sut.run(["reset", "1", "--yes"], from: "Exercises/01-Seed")
        let undo = sut.run(["reset", "--undo", "1"], from: "Exercises/01-Seed")

        // Then
        #expect(reset.status == .success)
        // The shell's folder is gone: the learner is told how to see the step's files again.
        #expect(
            reset.output.contains("Your shell is still in the folder this replaced: cd ../01-Seed to see the new one."))
        #expect(undo.status == .success)
        #expect(
            undo.output.contains("Your shell is still in the folder this replaced: cd ../01-Seed to see the new one."))
    }

    @Test("A link in a step's folder is backed up and brought back as a link, never as what it points to")
    func resetKeepsLinks() throws {
        // Given
        let sut = try FixtureCourse()
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("kata-link-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: outside) }
        try Data("not the learner's\n".utf8).write(to: outside.appendingPathComponent("Elsewhere.txt"))
        let links = [
            "Exercises/01-Seed/Elsewhere.txt": outside.appendingPathComponent("Elsewhere.txt").path,
            "Exercises/01-Seed/Everything": "/",
        ]
        for (link, target) in links {
            try FileManager.default.createSymbolicLink(
                atPath: sut.root.appendingPathComponent(link).path, withDestinationPath: target)
        }

        // When
        let reset = sut.run(["reset", "1", "--yes"])
        let undo = sut.run(["reset", "--undo", "1"])
        let broughtBack = links.keys.sorted().map { link in
            try? FileManager.default.destinationOfSymbolicLink(atPath: sut.root.appendingPathComponent(link).path)
        }

        // Then
        // A link to the whole disk is one link in the backup, not a copy of what it leads to, and it is named.
        #expect(reset.status == .success)
        #expect(reset.output.contains("Elsewhere.txt, Everything (2 links)"))
        #expect(undo.status == .success)
        // Both come back as the links they were.
        #expect(broughtBack == links.keys.sorted().map { links[$0] })
    }

    private static func truncate(_ file: URL, to size: UInt64) throws {
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: size)
        try handle.close()
    }

    @Test("A step's folder too large to back up is left as it was, with the file that makes it so named")
    func resetRefusesHugeFolders() throws {
        // Given
        let sut = try FixtureCourse()
        let file = "Exercises/01-Seed/Seed.swift"
        let mine = "struct Seed {\n    var watered = true\n}\n"
        try sut.write(file, mine)
        let huge = sut.root.appendingPathComponent("Exercises/01-Seed/recording.mov")
        // Sparse: gigabytes that take no room on the disk, and would take it all in a backup.
        #expect(FileManager.default.createFile(atPath: huge.path, contents: nil))
        let handle = try FileHandle(forWritingTo: huge)
        try handle.truncate(atOffset: 3 << 30)
        try handle.close()

        // When
        let reset = sut.run(["reset", "1", "--yes"])
        let unreadable = sut.run(["reset", "1", "--yes"], environment: [Backups.sizeLimitVariable: "lots"])
        let empty = sut.run(["reset", "1", "--yes"], environment: [Backups.sizeLimitVariable: ""])
        try Self.truncate(huge, to: 1_000_001)
        let justOver = sut.run(["reset", "1", "--yes"], environment: [Backups.sizeLimitVariable: "1"])

        // Then
        // A limit that is no number of megabytes is refused, in one line, before anything changes.
        #expect(unreadable.status == .usage)
        #expect(
            unreadable.errors
                == "kata reset: KATA_BACKUP_LIMIT_MB is a whole number of megabytes from 1 to 1000000; nothing was "
                + "changed.\n")
        // Set but empty is unset: the default limit refuses the gigabytes, as it does with no variable at all.
        #expect(empty.status == reset.status)
        #expect(empty.errors.contains("recording.mov"))
        // Just over the limit, the sizes are told in bytes: "1 MB, more than a backup keeps (1 MB)" says nothing.
        #expect(
            justOver.errors.contains(
                " bytes, more than a backup keeps (1000000 bytes), recording.mov alone 1000001 bytes"))
        // One line says why and what to move; the learner's work is where it was.
        #expect(reset.status != .success)
        #expect(reset.errors.contains("kata reset: step 1 was left as it was"))
        #expect(reset.errors.contains("recording.mov"))
        #expect(reset.errors.split(separator: "\n").count == 1)
        #expect(sut.read(file) == mine)
        #expect(FileManager.default.fileExists(atPath: huge.path))
    }

    /// Writes `text` into the folder `folder` of the fixture under a name given as bytes, which need not be UTF-8.
    static func writeRaw(_ text: String, named name: [UInt8], in folder: URL) -> Bool {
        let path = Array(folder.path.utf8) + [UInt8(ascii: "/")] + name + [0]
        let descriptor = path.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT | O_EXCL, 0o644) }
        }
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return Array(text.utf8).withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == text.utf8.count
    }

    @Test(
        "A step holding names no backup can keep is left as it was: one not UTF-8, or two that Unicode calls the same")
    func resetRefusesNamesItCannotKeep() throws {
        // Given
        let sut = try FixtureCourse()
        let folder = sut.root.appendingPathComponent("Exercises/01-Seed")
        let latin1 = Array("notes".utf8) + [0xFF] + Array(".swift".utf8)
        let written = Self.writeRaw("// my notes\n", named: latin1, in: folder)
        let other = try FixtureCourse()
        let twins = other.root.appendingPathComponent("Exercises/01-Seed")
        let composed = Self.writeRaw("// one\n", named: Array("caf\u{E9}.swift".utf8), in: twins)
        let decomposed = Self.writeRaw("// two\n", named: Array("cafe\u{301}.swift".utf8), in: twins)

        // When
        let reset = sut.run(["reset", "1", "--yes"])
        let twinReset = other.run(["reset", "1", "--yes"])

        // Then
        // Refused in one line that names the file, and the file is still there.
        #expect(written && composed && decomposed)
        #expect(reset.status == .failure)
        #expect(reset.errors.contains("kata reset: step 1 was left as it was"))
        #expect(reset.errors.contains("notes\\xFF.swift"))
        #expect(reset.errors.split(separator: "\n").count == 1)
        #expect(FileTree.walk(folder).contains { !$0.nameIsUTF8 })
        // Two names Swift's strings take as one would make a backup undo cannot check: refused too.
        #expect(twinReset.status == .failure)
        #expect(twinReset.errors.contains("Unicode"))
        #expect(FileTree.walk(twins).filter { $0.path.hasPrefix("caf") }.count == 2)
    }

    @Test("Stopped once the starter stands in the step's place, kata says where the learner's files are, not as left")
    func stopAfterTheSwapSaysWhereFilesAre() throws {
        // Given
        let sut = try FixtureCourse()
        let kit = try sut.kit()
        try sut.write("Exercises/01-Seed/Seed.swift", "struct Seed {\n    var watered = true\n}\n")

        // When
        let outcome = try StepReset(workspace: sut.workspace).putStarterBack(
            kit.steps[0], from: KitManifest.load(from: sut.workspace))
        let stopMessage = KataSignals.messageOnStop

        // Then
        // Once swapped, the step is its starter and the backup holds the files: a stop names that backup.
        guard case .reset(let backup?, _, _) = outcome else {
            Issue.record("the step was not reset with a backup")
            return
        }
        #expect(stopMessage.contains("Step 1 holds its starter now; your files are in .kata/backups/"))
        #expect(stopMessage.contains(sut.workspace.relativePath(backup.files.path)))
    }

    @Test("reset --all goes on past a step it must leave as it was, says so, and how to undo the others")
    func resetAllGoesOnPastARefusal() throws {
        // Given
        let sut = try FixtureCourse()
        let refused = Self.writeRaw(
            "// my notes\n", named: Array("notes".utf8) + [0xFF],
            in: sut.root.appendingPathComponent("Exercises/01-Seed"))
        let sprout = "Exercises/02-Sprout/Sprout.swift"
        try sut.write(sprout, "struct Sprout {\n    var leaves = 3\n}\n")

        // When
        let reset = sut.run(["reset", "--all", "--yes"])

        // Then
        // Step 1 is left as it was and named; step 2 is reset all the same, with the way back; the exit says not all.
        #expect(refused)
        #expect(reset.status == .failure)
        #expect(reset.errors.contains("step 1 was left as it was"))
        #expect(reset.output.contains("Step 2 is back to its starter."))
        #expect(reset.output.contains("To bring your files back: kata reset --undo <step>"))
        #expect(sut.read(sprout) == "struct Sprout {\n    var leaves = 0\n\n    mutating func grow() {}\n}\n")
    }

    @Test("A step folder that leads to a folder holding the backups is not reset: the backup would hold itself")
    func resetRefusesAFolderHoldingItsBackups() throws {
        // Given
        let sut = try FixtureCourse()
        let folder = sut.root.appendingPathComponent("Exercises/01-Seed")
        try FileManager.default.removeItem(at: folder)
        try FileManager.default.createSymbolicLink(atPath: folder.path, withDestinationPath: "..")

        // When
        let reset = sut.run(["reset", "1", "--yes"])

        // Then
        // One line, nothing copied, the link as it was.
        #expect(reset.status == .failure)
        #expect(reset.errors.contains("would hold itself"))
        #expect(reset.errors.split(separator: "\n").count == 1)
        #expect(FileTree.kind(at: sut.root.appendingPathComponent(".kata/backups/01-Seed")) == nil)
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: folder.path)) == "..")
    }

    @Test("A backup holding a file its checklist does not list is passed over by undo, as damaged")
    func undoRefusesUnlistedFiles() throws {
        // Given
        let sut = try FixtureCourse()
        let file = "Exercises/01-Seed/Seed.swift"
        try sut.write(file, "struct Seed {\n    var watered = true\n}\n")
        #expect(sut.run(["reset", "1", "--yes"]).status == .success)
        let backups = sut.root.appendingPathComponent(".kata/backups/01-Seed")
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: backups.path).first)
        try Data("// slipped in\n".utf8).write(to: backups.appendingPathComponent("\(name)/files/Extra.swift"))

        // When
        let undo = sut.run(["reset", "--undo", "1"])

        // Then
        // Nothing unchecked comes back: the step keeps its starter, and undo says why.
        #expect(undo.status == .noInput)
        #expect(undo.errors.contains("Extra.swift is not in its checklist"))
        #expect(
            !FileManager.default.fileExists(
                atPath: sut.root.appendingPathComponent("Exercises/01-Seed/Extra.swift").path))
    }

    @Test(
        "An undo that fails leaves the backups as they were: none of what it would have replaced stands before the work"
    )
    func failedUndoLeavesNoBackup() throws {
        // Given
        let sut = try FixtureCourse()
        let file = "Exercises/01-Seed/Seed.swift"
        let first = "struct Seed {\n    var watered = true\n}\n"
        let second = "struct Seed {\n    var watered = false\n}\n"
        try sut.write(file, first)
        #expect(sut.run(["reset", "1", "--yes"]).status == .success)
        try sut.write(file, second)
        // Where undo builds the step's new folder, something already stands: building it fails.
        let blocker = sut.root.appendingPathComponent("Exercises/.01-Seed.kata-\(getpid())-new")
        try Data().write(to: blocker)

        // When
        let failed = sut.run(["reset", "--undo", "1"])
        try? FileManager.default.removeItem(at: blocker)
        let undo = sut.run(["reset", "--undo", "1"])

        // Then
        // The failed undo changed nothing; the next brings back the reset's backup, the first work.
        #expect(failed.status != .success)
        #expect(failed.errors.contains("are as they were"))
        #expect(undo.status == .success)
        #expect(sut.read(file) == first)
    }

    @Test("An undo killed after it saved the step's files leaves that copy behind, and the next undo passes over it")
    func killedUndoLeavesNothingInTheWay() throws {
        // Given
        // Work A reset, work B written, then an undo killed once it had saved B and before it brought A back.
        let sut = try FixtureCourse()
        let kit = try sut.kit()
        let file = "Exercises/01-Seed/Seed.swift"
        let first = "struct Seed {\n    var watered = true\n}\n"
        try sut.write(file, first)
        #expect(sut.run(["reset", "1", "--yes"]).status == .success)
        try sut.write(file, "struct Seed {\n    var watered = false\n}\n")
        _ = try Backups(workspace: sut.workspace).save(kit.steps[0], reason: .beforeUndo)

        // When
        let undo = sut.run(["reset", "--undo", "1"])

        // Then
        // The copy of what the step holds now brings nothing back: the reset's backup does.
        #expect(undo.status == .success)
        #expect(sut.read(file) == first)
    }

    /// A file an editor saves while a reset or an undo is under way, and a reset that saves it between its backup and
    /// its swap.
    static let savedMeanwhile = (path: "Exercises/01-Seed/Saved.swift", text: "// saved meanwhile\n")

    static func resetSavingMeanwhile(in sut: FixtureCourse) -> StepReset {
        var reset = StepReset(workspace: sut.workspace)
        reset.afterBackup = { try? sut.write(savedMeanwhile.path, savedMeanwhile.text) }
        return reset
    }

    @Test("A file saved while reset copies the step is kept in a backup of its own, which undo brings back")
    func fileSavedDuringResetIsKept() throws {
        // Given
        let sut = try FixtureCourse()
        let kit = try sut.kit()
        let file = "Exercises/01-Seed/Seed.swift"
        let mine = "struct Seed {\n    var watered = true\n}\n"
        try sut.write(file, mine)
        // An editor saves a file after the backup was made, before the starter takes the step's place.
        let sut2 = Self.resetSavingMeanwhile(in: sut)

        // When
        let outcome = try sut2.putStarterBack(kit.steps[0], from: KitManifest.load(from: sut.workspace))
        let undo = sut.run(["reset", "--undo", "1"])

        // Then
        // The reset went through, and undo brings back everything, the file saved meanwhile included.
        guard case .reset = outcome else {
            Issue.record("the step was not reset")
            return
        }
        #expect(undo.status == .success)
        #expect(sut.read(file) == mine)
        #expect(sut.read(Self.savedMeanwhile.path) == Self.savedMeanwhile.text)
    }

    @Test("A file saved while reset removes a pipe from an untouched starter is kept in a backup undo brings back")
    func fileSavedBesideAPipeIsKept() throws {
        // Given
        let sut = try FixtureCourse()
        let kit = try sut.kit()
        let pipeMade = mkfifo(sut.root.appendingPathComponent("Exercises/01-Seed/pipe").path, 0o600)
        try #require(pipeMade == 0)
        // Nothing of the learner's to back up, until an editor saves a file before the starter takes the step's place.
        let sut2 = Self.resetSavingMeanwhile(in: sut)

        // When
        _ = try sut2.putStarterBack(kit.steps[0], from: KitManifest.load(from: sut.workspace))
        let undo = sut.run(["reset", "--undo", "1"])

        // Then
        // The file saved meanwhile comes back with undo.
        #expect(undo.status == .success)
        #expect(sut.read(Self.savedMeanwhile.path) == Self.savedMeanwhile.text)
    }

    @Test("A file saved while undo copies the step is kept in a backup of its own, which the next undo brings back")
    func fileSavedDuringUndoIsKept() throws {
        // Given
        let sut = try FixtureCourse()
        let kit = try sut.kit()
        let file = "Exercises/01-Seed/Seed.swift"
        let first = "struct Seed {\n    var watered = true\n}\n"
        let second = "struct Seed {\n    var watered = false\n}\n"
        try sut.write(file, first)
        #expect(sut.run(["reset", "1", "--yes"]).status == .success)
        try sut.write(file, second)
        // An editor saves a file after undo saved the step as it was, before the backup takes the step's place.
        let sut2 = Self.resetSavingMeanwhile(in: sut)

        // When
        _ = try sut2.bringBack(kit.steps[0])
        let broughtBack = sut.read(file)
        let undo = sut.run(["reset", "--undo", "1"])

        // Then
        // The undo went through, and the next one brings back the step as it was, the file saved meanwhile included.
        #expect(broughtBack == first)
        #expect(undo.status == .success)
        #expect(sut.read(file) == second)
        #expect(sut.read(Self.savedMeanwhile.path) == Self.savedMeanwhile.text)
    }

    @Test("Two backups made in the same millisecond are both reachable, the later first")
    func backupsOfOneMomentKeepTheirOrder() throws {
        // Given
        let sut = try FixtureCourse()
        let kit = try sut.kit()
        let backups = Backups(workspace: sut.workspace)
        let moment = Date(timeIntervalSince1970: 1_800_000_000)
        try sut.write("Exercises/01-Seed/Seed.swift", "// earlier\n")
        let earlier = try #require(try backups.save(kit.steps[0], reason: .reset, at: moment))
        try sut.write("Exercises/01-Seed/Seed.swift", "// later\n")
        let later = try #require(try backups.save(kit.steps[0], reason: .reset, at: moment))

        // When
        let undoable = backups.undoable(of: kit.steps[0]).map(\.name)

        // Then
        // A clock that did not move between them does not hide the later one from undo.
        #expect(undoable == [later.name, earlier.name])
    }

    @Test("A link whose target is not UTF-8 is refused, as such a name is: brought back it would point elsewhere")
    func resetRefusesLinksItCannotKeep() throws {
        // Given
        let sut = try FixtureCourse()
        let link = sut.root.appendingPathComponent("Exercises/01-Seed/odd").path
        let target: [UInt8] = Array("tgt".utf8) + [0xFF, 0]
        let made = target.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { symlink($0.baseAddress!, link) }
        }

        // When
        let reset = sut.run(["reset", "1", "--yes"])

        // Then
        // Refused in one line naming it; the link is where it was.
        #expect(made == 0)
        #expect(reset.status == .failure)
        #expect(reset.errors.contains("odd"))
        #expect(reset.errors.split(separator: "\n").count == 1)
        #expect(FileTree.kind(at: URL(fileURLWithPath: link)) == .symlink)
    }

    @Test("A copy for a backup stops at its limit, even when a file grows past it while it is copied")
    func copyStopsAtItsLimit() throws {
        // Given
        // The size seen before the copy began says nothing of what is read: the copy counts what it reads.
        let sut = try FixtureCourse()
        let folder = sut.root.appendingPathComponent("Exercises/01-Seed")
        try sut.write("Exercises/01-Seed/grow.log", String(repeating: "x", count: 300_000))
        let destination = sut.root.appendingPathComponent("copy")

        // When
        let copying = { () throws(CopyError) in _ = try FolderCopy.copy(folder, to: destination, limit: 100_000) }

        // Then
        // More was read than the limit allows: the copy fails, and the backup is never named.
        #expect(throws: CopyError.self) { try copying() }
    }

    @Test("Work written after a reset is what the next undo brings back, and the undo after it the work before")
    func undoTheUndo() throws {
        // Given
        let sut = try FixtureCourse()
        let file = "Exercises/01-Seed/Seed.swift"
        let first = "struct Seed {\n    var watered = false\n}\n"
        let second = "struct Seed {\n    var watered = true\n}\n"
        try sut.write(file, first)
        _ = sut.run(["reset", "1", "--yes"])
        try sut.write(file, second)

        // When
        let undo = sut.run(["reset", "--undo", "1"])
        let afterUndo = sut.read(file)
        let again = sut.run(["reset", "--undo", "1"])
        let afterAgain = sut.read(file)
        let third = sut.run(["reset", "--undo", "1"])

        // Then
        #expect(undo.status == .success)
        #expect(afterUndo == first)
        // The work the first undo replaced is the learner's newest: asked again, undo brings it back.
        #expect(again.status == .success)
        #expect(afterAgain == second)
        #expect(again.output.contains("made by kata reset --undo"))
        // And again: nothing is ever out of reach, whichever way the learner goes.
        #expect(third.status == .success)
        #expect(sut.read(file) == first)
    }

    @Test("diff keeps a solution hidden until its step is done, then shows it")
    func diffAfterDone() throws {
        // Given
        let sut = try FixtureCourse()

        // When
        let hidden = sut.run(["diff", "1"])
        let lesson = sut.run(["diff", "1", "--starter"])
        try sut.record(step: 1, failing: [])
        let shown = sut.run(["diff", "1"])
        let lessonWhenDone = sut.run(["diff", "1", "--starter"])

        // Then
        #expect(hidden.status != .success)
        #expect(hidden.errors.contains("step 1 is not done yet"))
        // The lesson is the instructor's to see; a learner who asks before the step is done is warned, as --peek is.
        #expect(lesson.status == .success)
        #expect(lesson.errors.contains("this shows the whole answer to step 1"))
        #expect(lessonWhenDone.errors.isEmpty)
        #expect(shown.status == .success)
        #expect(shown.output.contains("+    mutating func water() { watered = true }"))
    }

    @Test("A step that does not build is named by its number, in the report and in what to run again")
    func buildFailureNamesTheStep() throws {
        // Given
        let sut = try FixtureCourse()
        let kit = try sut.kit()
        let report = StepReport(
            step: kit.steps[1], source: .exercises, status: .buildFailed, problem: "The compiler stopped.")

        // When
        let text = StepReportRenderer(kit: kit, terminal: .plain).render(report)

        // Then
        #expect(text.hasPrefix("Step 2 · Sprout (Garden · Bed)\n\nStep 2 does not build.\n"))
        #expect(text.contains("Fix this, then run kata check 2 again."))
        #expect(text.hasSuffix("Step 2: does not build\n"))
    }

    @Test("A check its guide lists twice keeps its first place in the order checks are reported in")
    func checkListedTwice() throws {
        // Given
        let sut = try FixtureCourse()
        let guide = "Exercises/01-Seed/README.md"
        try sut.write(
            guide,
            sut.read(guide).replacingOccurrences(
                of: "- **A new seed is dry**",
                with: "- **A watered seed remembers it**: first.\n- **A new seed is dry**"))
        let kit = try sut.kit()
        let checks = kit.course.checks(of: kit.steps[0]).map { check in
            CheckResult(
                target: kit.steps[0].testTarget, key: check.key, name: check.name, status: .failed, file: check.file,
                line: check.line)
        }

        // When
        let order = checks.sorted(by: CheckOrder(of: checks, in: kit.course).precedes).map(\.name)

        // Then
        #expect(order == ["A watered seed remembers it", "A new seed is dry"])
    }

    @Test("A product kept with its review by one kata is not reused by another, whose review may differ")
    func productsAreKeptPerRunner() throws {
        // Given
        let sut = try FixtureCourse()
        let kit = try sut.kit()
        let toolchain = Toolchain(environment: [:])

        // When
        let kept = StepBinaries(workspace: kit.workspace, source: .exercises, toolchain: toolchain, runner: "kata 1")
        let same = StepBinaries(workspace: kit.workspace, source: .exercises, toolchain: toolchain, runner: "kata 1")
        let updated = StepBinaries(workspace: kit.workspace, source: .exercises, toolchain: toolchain, runner: "kata 2")

        // Then
        #expect(kept.inputDigest(of: kit.steps[0]) == same.inputDigest(of: kit.steps[0]))
        #expect(kept.inputDigest(of: kit.steps[0]) != updated.inputDigest(of: kit.steps[0]))
    }

    @Test("Two kits in one process each keep their own course, a pristine copy's included")
    func kitsDoNotShareACourse() throws {
        // Given
        let fixture = try FixtureCourse()
        let copyFolder = FileManager.default.temporaryDirectory.appendingPathComponent("kata copy \(UUID())")
        defer { try? FileManager.default.removeItem(at: copyFolder) }

        // When
        let copy = try PristineCopy.make(kit: .folder(fixture.root), learner: fixture.root, folder: copyFolder)
        let real = RealKit.kit
        let fixtureKit = try fixture.kit()

        // Then
        #expect(copy.kit.course.title == "Fixture garden")
        #expect(copy.kit.steps.map(\.folder) == ["01-Seed", "02-Sprout"])
        #expect(fixtureKit.course.checks(of: fixtureKit.steps[0]).map(\.name).count == 2)
        // The real kit, read in the same process before and after, is untouched by either.
        #expect(real.steps.count == RealKit.course.steps.count)
        #expect(real.course.title != "Fixture garden")
        #expect(real.course.checks(of: real.steps[0]).count > 2)
        #expect(fixture.run(["check", "9"]).errors.contains("steps go from 1 to 2"))
    }
}
