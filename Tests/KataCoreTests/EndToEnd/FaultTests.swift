import Foundation
import Testing

@testable import KataCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension KataBinaryTests {
    /// An unlucky machine and a careless learner, on the shared scratch copy: nothing is lost.
    @Suite("Nothing lost under faults")
    struct Faults {
        let workspace = ScratchWorkspace.shared

        /// A step's folder with the learner's own work in it: the solution and a note.
        private func learnerWork(in folder: String, file: String) -> Data {
            workspace.solve(folder)
            let path = "Exercises/\(folder)/\(file)"
            workspace.write(path, workspace.read(path) + "// my own work, with ünïcødé\n")
            return (try? Data(contentsOf: workspace.url(path))) ?? Data()
        }

        private func clearBackups(of folder: String) {
            try? FileManager.default.removeItem(at: workspace.url(".kata/backups/\(folder)"))
        }

        /// The backups under `.kata/backups/NN-Name/` that undo could take: the visible ones.
        private func backups(of folder: String) -> [String] {
            let names = try? FileManager.default.contentsOfDirectory(
                atPath: workspace.url(".kata/backups/\(folder)").path)
            return (names ?? []).filter { !$0.hasPrefix(".") }
        }

        @Test("After two resets, undo brings back the learner's own work, not the starter, and names the backup")
        func undoAfterTwoResets() throws {
            // Given
            let file = "CreateIceCream/CreateIceCreamInteractor.swift"
            let mine = learnerWork(in: "03-Interactor", file: file)
            defer {
                workspace.restore("03-Interactor")
                clearBackups(of: "03-Interactor")
            }

            // When
            let first = workspace.kata(["reset", "3", "--yes"])
            let second = workspace.kata(["reset", "3", "--yes"])
            let undo = workspace.kata(["reset", "--undo", "3"])

            // Then
            #expect(first.ending == .exited(0))
            #expect(second.ending == .exited(0))
            #expect(undo.ending == .exited(0))
            // The second reset found the starter: the backup worth having is still the first.
            #expect(try Data(contentsOf: workspace.url("Exercises/03-Interactor/\(file)")) == mine)
            #expect(undo.output.contains("Step 3 has your files back from the backup made by kata reset at "))
            #expect(undo.output.contains(".kata/backups/03-Interactor/"))
        }

        @Test("Resetting a step folder that is a link keeps a backup of its files, and undo brings them back")
        func resetLinkedStepFolder() throws {
            // Given
            let file = "Login/LoginRouter.swift"
            let mine = learnerWork(in: "06-Router", file: file)
            let elsewhere = "My Work/06"
            try? FileManager.default.createDirectory(
                at: workspace.url("My Work"), withIntermediateDirectories: true)
            try FileManager.default.moveItem(at: workspace.url("Exercises/06-Router"), to: workspace.url(elsewhere))
            // A link relative to Exercises/, as `ln -s ../My\ Work/06 06-Router` makes it.
            try FileManager.default.createSymbolicLink(
                atPath: workspace.url("Exercises/06-Router").path, withDestinationPath: "../\(elsewhere)")
            defer {
                try? FileManager.default.removeItem(at: workspace.url("My Work"))
                workspace.restore("06-Router")
                clearBackups(of: "06-Router")
            }

            // When
            let reset = workspace.kata(["reset", "6", "--yes"])
            let undo = workspace.kata(["reset", "--undo", "6"])

            // Then
            #expect(reset.ending == .exited(0))
            #expect(undo.ending == .exited(0))
            #expect(try Data(contentsOf: workspace.url("Exercises/06-Router/\(file)")) == mine)
            // What the link pointed to was never touched.
            #expect(try Data(contentsOf: workspace.url("\(elsewhere)/\(file)")) == mine)
        }

        @Test("Ctrl-C while reset copies a large file leaves no backup to undo with, and the work intact")
        func resetInterruptedMidCopy() throws {
            // Given
            let big = workspace.url("Exercises/07-Worker/big.bin")
            let size: UInt64 = 2 << 30
            try #require(FileManager.default.createFile(atPath: big.path, contents: nil))
            let handle = try FileHandle(forWritingTo: big)
            try handle.truncate(atOffset: size)
            try handle.close()
            defer {
                workspace.restore("07-Worker")
                clearBackups(of: "07-Worker")
            }
            // A limit of 4 GB: the copy takes long enough to be cut.
            let terminal = try #require(
                PseudoTerminal(
                    workspace.kata.path, ["reset", "7", "--yes"], in: workspace.root.path,
                    environment: [Backups.sizeLimitVariable: "4000"]))
            let backupsFolder = workspace.url(".kata/backups/07-Worker")
            let copying = waitUntil(seconds: 60) {
                let names = FileManager.default.subpaths(atPath: backupsFolder.path) ?? []
                return names.contains { name in
                    let copied =
                        (try? FileManager.default.attributesOfItem(
                            atPath: backupsFolder.appendingPathComponent(name).path))?[.size] as? UInt64
                    return name.hasSuffix("big.bin") && (copied ?? 0) > 0
                }
            }
            try #require(copying)

            // When
            kill(terminal.pid, SIGINT)
            let stopped = terminal.waitForExit(seconds: 30)
            let undo = workspace.kata(["reset", "--undo", "7"])

            // Then
            #expect(stopped == 128 + SIGINT)
            // The cut copy was never given a backup's name, so undo has nothing to restore over the work.
            #expect(backups(of: "07-Worker").isEmpty)
            #expect(undo.ending == .exited(66))
            #expect(undo.output.contains("there is no backup of step 7 to bring back"))
            let left = try FileManager.default.attributesOfItem(atPath: big.path)[.size] as? UInt64
            #expect(left == size)
        }

        @Test("A reset that runs out of room changes nothing and leaves no backup that undo could trust")
        func resetOnAFullDisk() throws {
            // Given
            let file = "Login/LoginRouter.swift"
            let mine = learnerWork(in: "06-Router", file: file)
            let large = String(repeating: "// notes\n", count: 400_000)
            workspace.write("Exercises/06-Router/Notes.md", large)
            defer {
                workspace.restore("06-Router")
                clearBackups(of: "06-Router")
            }

            // When
            // At most 1 MB per file, as if the disk filled up; writing past it fails (EFBIG).
            let reset = Subprocess.run(
                Command(
                    "/bin/sh",
                    [
                        "-c", "cd \"$0\" && ulimit -f 2048 && trap '' XFSZ && exec \"$@\" reset 6 --yes",
                        workspace.root.path, workspace.kata.path,
                    ],
                    environment: ["NO_COLOR": "1"]))
            let undo = workspace.kata(["reset", "--undo", "6"])

            // Then
            #expect(reset.ending == .exited(1))
            #expect(reset.output.contains("kata reset: step 6 was left as it was: could not write "))
            #expect(reset.output.split(separator: "\n").count == 1)
            #expect(backups(of: "06-Router").isEmpty)
            #expect(undo.ending == .exited(66))
            #expect(try Data(contentsOf: workspace.url("Exercises/06-Router/\(file)")) == mine)
            #expect(workspace.read("Exercises/06-Router/Notes.md") == large)
        }

        @Test("With Exercises/ deleted whole, kata still knows its workspace and reset --all puts every starter back")
        func exercisesDeleted() throws {
            // Given
            // Moved aside rather than deleted, so that the other checks find their steps as they left them.
            try FileManager.default.moveItem(at: workspace.url("Exercises"), to: workspace.url("Exercises aside"))
            defer {
                try? FileManager.default.removeItem(at: workspace.url("Exercises"))
                try? FileManager.default.moveItem(at: workspace.url("Exercises aside"), to: workspace.url("Exercises"))
            }

            // When
            let check = workspace.kata(["check", "3"])
            let reset = workspace.kata(["reset", "--all", "--yes"])

            // Then
            #expect(check.ending == .exited(66))
            #expect(
                check.output.hasPrefix(
                    "kata check: Exercises/03-Interactor is missing. kata reset 3 puts the starter back"))
            #expect(reset.ending == .exited(0))
            for step in RealKit.steps {
                let starter = workspace.original.appendingPathComponent("Exercises/\(step.folder)/README.md")
                #expect(
                    workspace.read("Exercises/\(step.folder)/README.md")
                        == (try String(contentsOf: starter, encoding: .utf8)))
            }
        }

        @Test("A manifest entry listed twice gets one line from kata grade, not a crash")
        func repeatedManifestEntry() throws {
            // Given
            let path = KitManifest.path
            var manifest = try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: workspace.url(path))) as? [String: Any])
            let grading = try #require(manifest["grading"] as? [[String: Any]])
            manifest["grading"] = grading + [grading[0]]
            try JSONSerialization.data(withJSONObject: manifest).write(to: workspace.url(path))
            defer { workspace.restore(path: path) }

            // When
            let result = workspace.kata(["grade"])

            // Then
            #expect(result.ending == .exited(66))
            #expect(
                result.output
                    == "kata: \(path) lists the file \(grading[0]["path"] as? String ?? "") twice; restore it from the kit.\n"
            )
        }

        @Test("diff --peek shows two files whose names differ only in Unicode normalization, each as it is")
        func diffUnicodeNames() {
            // Given
            workspace.restore("04-Presenter")
            defer { workspace.restore("04-Presenter") }
            try? FileManager.default.createDirectory(
                at: workspace.url("Exercises/04-Presenter/Notes"), withIntermediateDirectories: true)
            workspace.write("Exercises/04-Presenter/Notes/Caf\u{E9}.md", "composed\n")
            workspace.write("Exercises/04-Presenter/Notes/Cafe\u{301}.md", "decomposed\n")

            // When
            let result = workspace.kata(["diff", "4", "--peek"])

            // Then
            #expect(result.ending == .exited(0))
            #expect(result.output.contains("+++ Solutions/04-Presenter/CreateIceCream/CreateIceCreamPresenter.swift"))
            #expect(result.output.contains("-composed") || result.output.contains("-decomposed"))
        }

        @Test("diff --peek names a file of megabytes as too large to compare instead of printing it line by line")
        func diffHugeFile() {
            // Given
            workspace.restore("04-Presenter")
            defer { workspace.restore("04-Presenter") }
            workspace.write("Exercises/04-Presenter/Log.txt", String(repeating: "scoop\n", count: 400_000))

            // When
            let result = workspace.kata(["diff", "4", "--peek"])

            // Then
            #expect(result.ending == .exited(0))
            #expect(
                result.output.contains(
                    "Files Exercises/04-Presenter/Log.txt and /dev/null differ (2343 KB: too large to compare line by line)"
                ))
            #expect(result.output.utf8.count < 100_000)
        }
    }
}
