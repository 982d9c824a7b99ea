import Foundation
import Testing

@testable import KataCore

extension KataBinaryTests {
    /// reset, diff, run and watch, as a learner uses them, on the shared scratch copy.
    @Suite("The learner's other commands")
    struct LearnerCommands {
        let workspace = ScratchWorkspace.shared

        @Test(
            "reset puts the starter back after a backup, and reset --undo brings the learner's files back byte for byte"
        )
        func resetThenUndo() throws {
            // Given
            workspace.solve("03-Interactor")
            let file = "Exercises/03-Interactor/CreateIceCream/CreateIceCreamInteractor.swift"
            workspace.write(file, workspace.read(file) + "// my own note, with ünïcødé\n")
            let mine = try Data(contentsOf: workspace.url(file))

            // When
            let reset = workspace.kata(["reset", "3", "--yes"])
            let afterReset = try Data(contentsOf: workspace.url(file))
            let undo = workspace.kata(["reset", "--undo", "3"])

            // Then
            #expect(reset.ending == .exited(0))
            #expect(
                reset.output.contains("Step 3 is back to its starter. Your files are in .kata/backups/03-Interactor/"))
            #expect(String(decoding: afterReset, as: UTF8.self).contains("// TODO: decode menuFile"))
            #expect(undo.ending == .exited(0))
            #expect(try Data(contentsOf: workspace.url(file)) == mine)
            workspace.restore("03-Interactor")
        }

        @Test("hint goes one level further each time it is asked, starting after the one check printed")
        func hintLevels() throws {
            // Given
            // The starter fails every check: the first failing one is the first its guide lists.
            let (first, levels) = try Self.firstCheck(of: 2)
            try #require(levels == 3)
            workspace.restore("02-Model")
            try? FileManager.default.removeItem(at: workspace.url(".kata/hints.json"))
            _ = workspace.kata(["check", "2"])

            // When
            let second = workspace.kata(["hint", "2"])
            let third = workspace.kata(["hint", "2"])
            let again = workspace.kata(["hint", "2"])

            // Then
            // kata check printed hint 1 of the first failing check; kata hint goes on from there.
            #expect(second.ending == .exited(0))
            #expect(second.output.hasPrefix("Hint 2 of 3 · \(first.name)"))
            #expect(second.output.contains("Hint 1, the Hint line of kata check's report:"))
            #expect(second.output.contains("Ask again (kata hint 2, for step 2) for hint 3 of 3, the most direct."))
            #expect(third.output.hasPrefix("Hint 3 of 3"))
            #expect(third.output.contains("That was the last hint"))
            #expect(again.output.hasPrefix("Hint 3 of 3"))
        }

        /// The check the guide of `number` lists first, and how many hints it has: read from the
        /// course, so that rewording a check or a hint breaks no test of the runner.
        static func firstCheck(of number: Int) throws -> (DeclaredCheck, Int) {
            let step = RealKit.steps[number - 1]
            let key = try #require(RealKit.course.teachingOrder(of: step).first)
            let check = try #require(RealKit.course.checks(of: step).first { $0.key == key })
            return (check, RealKit.course.guide(step, key: key)?.hints.count ?? 0)
        }

        @Test("after an edit, hint goes on from the hint kata check showed")
        func hintAfterAnEdit() {
            // Given
            workspace.restore("02-Model")
            defer { workspace.restore("02-Model") }
            let file = "Exercises/02-Model/CreateIceCream/CreateIceCreamModels.swift"
            try? FileManager.default.removeItem(at: workspace.url(".kata/hints.json"))
            _ = workspace.kata(["check", "2"])
            workspace.write(file, workspace.read(file) + "// trying something\n")

            // When
            let hint = workspace.kata(["hint", "2"])

            // Then
            // The report kata check printed showed hint 1; the edit made it stale, but not unread.
            #expect(hint.output.hasPrefix("Hint 2 of 3"))
        }

        @Test("reset of a starter with a pipe left in it removes the pipe, without waiting on it")
        func resetWithAPipe() throws {
            // Given
            workspace.restore("03-Interactor")
            let pipe = workspace.url("Exercises/03-Interactor/pipe")
            try #require(mkfifo(pipe.path, 0o644) == 0)

            // When
            let reset = workspace.kata(["reset", "3", "--yes"])

            // Then
            // Nothing reads the pipe (that would wait for ever); the step is its starter again.
            #expect(reset.ending == .exited(0))
            #expect(reset.output.contains("Step 3 is back to its starter. There were no files to back up."))
            #expect(FileTree.kind(at: pipe) == nil)
            workspace.restore("03-Interactor")
        }

        @Test(
            "A check leaves nothing in the temporary folder: the compilers' leftovers stay in the build folder, swept")
        func noTemporaryLeftovers() throws {
            // Given
            let temporary = FileManager.default.temporaryDirectory.appendingPathComponent(
                "kata-tmp-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: temporary) }
            let file = "Exercises/01-Starter/Extensions/Bundle+Decode.swift"
            workspace.write(file, workspace.read(file) + "// rebuilt\n")
            defer { workspace.restore("01-Starter") }

            // When
            let check = workspace.kata(["check", "1"], environment: ["TMPDIR": temporary.path])

            // Then
            // The Swift driver leaves an empty TemporaryDirectory.* at every run; none may pile up in /tmp.
            let swept = Workspace(root: workspace.root).scratchFolder(for: .exercises).appendingPathComponent(
                "kata-tmp")
            #expect(check.output.contains("Step 1"))
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: temporary.path).filter {
                    $0.hasPrefix("TemporaryDirectory.")
                } == [])
            #expect(
                ((try? FileManager.default.contentsOfDirectory(atPath: swept.path)) ?? []).filter {
                    $0.hasPrefix("TemporaryDirectory.")
                } == [])
        }

        @Test("reset off a terminal without --yes refuses and changes nothing")
        func resetNeedsYesOffATerminal() throws {
            // Given
            let file = "Exercises/02-Model/CreateIceCream/CreateIceCreamModels.swift"
            workspace.write(file, workspace.read(file) + "// work in progress\n")
            defer { workspace.restore("02-Model") }

            // When
            let result = workspace.kata(["reset", "2"])

            // Then
            // The command line lacks --yes: a usage error, not a failing check.
            #expect(result.ending == .exited(64))
            #expect(result.output.contains("not on a terminal, so nothing was changed. Add --yes"))
            #expect(workspace.read(file).hasSuffix("// work in progress\n"))
        }

        @Test("reset --undo with no backup says so and changes nothing")
        func undoWithoutBackup() {
            // Given
            let step = "6"

            // When
            let result = workspace.kata(["reset", "--undo", step])

            // Then
            #expect(result.ending == .exited(66))
            #expect(result.output.contains("there is no backup of step 6 to bring back"))
        }

        @Test("diff before the step is done refuses without --peek; --starter shows exactly the lesson")
        func diffRefusesUntilDone() {
            // Given
            workspace.restore("04-Presenter")

            // When
            let refused = workspace.kata(["diff", "4"])
            let peek = workspace.kata(["diff", "4", "--peek"])
            let starter = workspace.kata(["diff", "4", "--starter"])

            // Then
            #expect(refused.ending == .exited(1))
            #expect(refused.output.contains("step 4 is not done yet"))
            #expect(refused.output.contains("kata diff 4 --peek"))
            #expect(peek.ending == .exited(0))
            #expect(peek.output.contains("Peeking: this shows the answer"))
            #expect(peek.output.contains("+++ Solutions/04-Presenter/CreateIceCream/CreateIceCreamPresenter.swift"))
            #expect(starter.output.contains("--- starter/04-Presenter/CreateIceCream/CreateIceCreamPresenter.swift"))
            #expect(starter.output.contains("+    weak var view: CreateIceCreamDisplayLogic?"))
            #expect(!starter.output.contains("starter/04-Presenter/README.md"))
        }

        @Test("run 5 --solutions with a piped script picks a cone, a flavor and a topping, and shows them")
        func runScoopsAndScones() {
            // Given
            let script = "cone Waffle Cone\nflavor 3\ntopping Sprinkles\ndone\nquit\n"

            // When
            let result = workspace.kata(["run", "5", "--solutions"], input: script)

            // Then
            #expect(result.ending == .exited(0))
            #expect(result.output.contains("Cone or cup [cone]: Waffle Cone"))
            #expect(result.output.contains("Here you are: Vanilla in a Waffle Cone, with Sprinkles."))
        }

        @Test("run 3 on the starter shows the screen empty, as the tutorial's first build does")
        func runEmptyStarter() {
            // Given
            workspace.restore("03-Interactor")

            // When
            let result = workspace.kata(["run", "3"], input: "cone 1\nquit\n")

            // Then
            // A script whose line was not taken fails, and says why the screen is empty.
            #expect(result.ending == .exited(1))
            #expect(result.output.contains("Cone or cup [cone]: none\n    (nothing to choose from)"))
            #expect(result.output.contains("! Cone or cup has no option '1': there are none yet."))
            #expect(result.output.contains("(1 of 2 lines were not taken: those answered with !)"))
            #expect(result.output.contains("Until step 5 connects the scene (configureView())"))
        }

        @Test("run 5 --solutions with a script line that names no control exits 1 and counts it")
        func runRejectedScript() {
            // Given
            let script = "cone Waffle Cone\nsprinkles 2\nquit\n"

            // When
            let result = workspace.kata(["run", "5", "--solutions"], input: script)

            // Then
            #expect(result.ending == .exited(1))
            #expect(result.output.contains("! There is no 'sprinkles' on this screen."))
            #expect(result.output.contains("(1 of 3 lines were not taken: those answered with !)"))
            #expect(!result.output.contains("Until step 5"))
        }

        @Test("run 7 --solutions logs a seeded user in and Home greets them; a wrong password shows the error")
        func runLogin() {
            // Given
            let script =
                "email grace@scoops.example\npassword not-her-password\nlogin\npassword compiler-1952\nlogin\nquit\n"

            // When
            let result = workspace.kata(["run", "7", "--solutions"], input: script)

            // Then
            #expect(result.ending == .exited(0))
            #expect(result.output.contains("! Login failed: That password is not right."))
            #expect(result.output.contains("… Logging in"))
            #expect(result.output.contains("Hello, Grace Hopper."))
        }

        @Test("watch checks again after a save, moves on only when asked, and leaves the terminal as it was")
        func watchOnATerminal() throws {
            // Given
            workspace.restore("01-Starter")
            defer { workspace.restore("01-Starter") }
            // A pseudo-terminal has no size of its own: kata reads it from these, as from a terminal's.
            let terminal = try #require(
                PseudoTerminal(
                    workspace.kata.path, ["watch", "1"], in: workspace.root.path,
                    environment: ["LINES": "24", "COLUMNS": "80"]))
            try #require(terminal.waitFor("Watching Exercises/01-Starter", seconds: 300))
            // The report is drawn anew on a screen it fits: the first failing check in full, the others by name.
            let frame = terminal.screen.components(separatedBy: "\u{1B}[2J").last ?? ""
            let frameLines = frame.components(separatedBy: "\n")
            let compact =
                frameLines.filter { $0.contains("      Failed") }.count == 1 && frameLines.count <= 24
                && frameLines.first?.contains("Step 1 · Starter") == true
            terminal.type("h")
            let hint = terminal.waitFor("Press h again for hint 3 of 3", seconds: 60)
            // The hint takes a screen of its own, its title on the first line, rather than scroll under the report.
            let hintFrame = terminal.screen.components(separatedBy: "\u{1B}[2J").last ?? ""
            let hintOnTop = hintFrame.components(separatedBy: "\n").first?.contains("Hint 2 of 3") == true
            let before = terminal.screen.count

            // When
            workspace.solve("01-Starter")
            let noticed = terminal.waitFor("Change seen in Exercises/01-Starter", after: before, seconds: 10)
            let count = KataBinaryTests.checkCount(ofStep: 1)
            let green = terminal.waitFor("Step 1: \(count)/\(count) checks pass", after: before, seconds: 300)
            terminal.type("n")
            let movedOn = terminal.waitFor("Watching Exercises/02-Model", after: before, seconds: 300)
            let pointed = terminal.waitFor(
                "Read its guide first: Exercises/02-Model/README.md", after: before, seconds: 5)
            terminal.type("q")

            // Then
            // A save is noticed without a key, the step goes green, and n (not time) moves on.
            #expect(compact)
            #expect(hint)
            #expect(hintOnTop)
            #expect(pointed)
            #expect(noticed)
            #expect(green)
            #expect(movedOn)
            #expect(terminal.waitForExit(seconds: 30) == 0)
            #expect(terminal.isInLineMode)
        }

        @Test("watch stopped by Ctrl-C in the middle of a build says so and leaves the terminal as it was")
        func watchInterruptedMidBuild() throws {
            // Given
            let terminal = try #require(PseudoTerminal(workspace.kata.path, ["watch", "4"], in: workspace.root.path))
            try #require(terminal.waitFor("Watching Exercises/04-Presenter", seconds: 300))
            let before = terminal.screen.count
            let file = "Exercises/04-Presenter/CreateIceCream/CreateIceCreamPresenter.swift"
            workspace.write(file, workspace.read(file) + "// edited\n")
            defer { workspace.restore("04-Presenter") }
            try #require(terminal.waitFor("Change seen", after: before, seconds: 10))

            // When
            kill(terminal.pid, SIGINT)

            // Then
            #expect(terminal.waitForExit(seconds: 30) == 128 + SIGINT)
            #expect(terminal.waitFor("kata: stopped. Your files are as you left them.", seconds: 5))
            #expect(terminal.isInLineMode)
            #expect(workspace.read(file).hasSuffix("// edited\n"))
        }
    }
}
