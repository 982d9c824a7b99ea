import Foundation
import Testing

@testable import KataCore

extension KataBinaryTests {
    /// A class's template from `kata class template`, a learner's repository and the
    /// instructor's kit as scratch git repositories over file://. (The class's scripts run end
    /// to end in .ci/class-path.)
    @Suite("A class's template")
    struct ClassTemplate {
        let workspace = ScratchWorkspace.shared

        /// The kit published, a class template written from it, and a learner's clone of that.
        struct Classroom {
            let repositories: ScratchRepositories
            let kit: URL
            let kitCommit: String
            let template: URL
            let learner: URL
            let classroom: CommandResult
        }

        /// Made once and shared: each test that changes the learner's work copies it first.
        static let shared = makeClassroom(ScratchWorkspace.shared)

        static func makeClassroom(_ workspace: ScratchWorkspace) -> Classroom {
            let repositories = ScratchRepositories()
            let (kit, commit) = repositories.publish(repositories.kitSource(from: workspace.original), as: "kit")
            let template = repositories.folder.appendingPathComponent("template")
            let classroom = workspace.kata(["class", "template", template.path], in: kit)
            let (learner, _) = repositories.publish(template, as: "learner")
            return Classroom(
                repositories: repositories, kit: kit, kitCommit: commit, template: template, learner: learner,
                classroom: classroom)
        }

        @Test("The class template has no answer key, reads as a learner's, and its workflow reads no secret")
        func template() throws {
            // Given
            let classroom = Self.shared

            // When
            let items = try FileManager.default.contentsOfDirectory(atPath: classroom.template.path)
            let readme = try String(contentsOf: classroom.template.appendingPathComponent("README.md"), encoding: .utf8)
            let workflows = try FileManager.default.contentsOfDirectory(
                atPath: classroom.template.appendingPathComponent(".github/workflows").path)

            // Then
            // No reference answers, no mistakes catalogue, no runner tests: only what a learner needs.
            #expect(classroom.classroom.ending == .exited(0), "\(classroom.classroom.output)")
            #expect(!items.contains("Solutions") && !items.contains("docs") && !items.contains(".ci"))
            #expect(FileTree.kind(at: classroom.template.appendingPathComponent("Tests/Mistakes")) == nil)
            #expect(FileTree.kind(at: classroom.template.appendingPathComponent("Tests/KataCoreTests")) == nil)
            #expect(FileTree.kind(at: classroom.template.appendingPathComponent("Exercises/07-Worker")) == .folder)
            // A lesson of suites keeps its list of mistakes, but not the scene's copy with them built in,
            // and the template's manifest does not miss what it leaves out.
            let manifest = try String(
                contentsOf: classroom.template.appendingPathComponent(KitManifest.path), encoding: .utf8)
            for step in RealKit.steps where step.kind == .suites {
                let tests = classroom.template.appendingPathComponent("Tests/\(step.testTarget)")
                #expect(FileTree.kind(at: tests.appendingPathComponent("mistakes.json")) == .file)
                for module in step.givenModules {
                    #expect(FileTree.kind(at: tests.appendingPathComponent(module)) == nil)
                    #expect(!manifest.contains("Tests/\(step.testTarget)/\(module)/"))
                }
            }
            // Its README and guides are a learner's: no kit tests to run, no authoring, no Solutions/.
            #expect(readme.contains("swift run kata check 1"))
            #expect(!readme.contains("make test") && !readme.contains("For authors"))
            for step in RealKit.steps {
                let guide = try String(
                    contentsOf: classroom.template.appendingPathComponent("Exercises/\(step.folder)/README.md"),
                    encoding: .utf8)
                #expect(!guide.contains("Solutions/"), "\(step.folder)")
            }
            // The only workflow a learner can edit reads no secret and can write nothing.
            #expect(workflows == ["feedback.yml"])
            let workflow = try String(
                contentsOf: classroom.template.appendingPathComponent(".github/workflows/feedback.yml"),
                encoding: .utf8)
            #expect(!workflow.contains("secrets.") && !workflow.contains("token"))
            #expect(workflow.contains("permissions:\n  contents: read\n"))
            #expect(!workflow.contains(": write"))
        }

        @Test("Classroom 50's bundle, fetched by a learner's workflow, holds only the learner's template")
        func classroom50Bundle() throws {
            // Given
            let classroom = Self.shared
            let folder = classroom.repositories.folder.appendingPathComponent(
                "classroom50 \(UUID().uuidString.prefix(6))")

            // When
            let result = workspace.kata(["class", "classroom50", folder.path], in: classroom.kit)

            // Then
            #expect(result.ending == .exited(0), "\(result.output)")
            let kit = folder.appendingPathComponent("autograder/kit")
            #expect(FileTree.kind(at: folder.appendingPathComponent("autograder/autograder.py")) == .file)
            #expect(FileTree.kind(at: kit.appendingPathComponent("Solutions")) == nil)
            #expect(FileTree.kind(at: kit.appendingPathComponent("Tests/Mistakes")) == nil)
            #expect(FileTree.kind(at: kit.appendingPathComponent("Tests/Step09SpiesTests/RecentOrders")) == nil)
            let runtime = try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("runtime.json")))
                    as? [String: Any])
            #expect(runtime["runs-on"] as? String == PlatformAutograders.Classroom50Runtime.runnerLabel)
            #expect(FileTree.kind(at: folder.appendingPathComponent("image")) == nil)
        }

        @Test("In the template, the learner's runner works without solutions and says where they are")
        func templateWithoutSolutions() {
            // Given
            let classroom = Self.shared

            // When
            let diff = workspace.kata(["diff", "3", "--peek"], in: classroom.learner)
            let verify = workspace.kata(["verify"], in: classroom.learner)

            // Then
            #expect(diff.ending == .exited(66))
            #expect(diff.output.contains("the reference answers are with your instructor"))
            #expect(verify.ending == .exited(66))
            #expect(verify.output.contains("kata check --all"))
        }
    }

    /// A learner who tries every trick the grade of a class must resist.
    @Suite("Grading a class")
    struct ClassroomGrading {
        let workspace = ScratchWorkspace.shared

        @Test("A learner's five tricks give the starter's score or a needs-review finding, never more")
        func cheatsDoNotPay() throws {
            // Given
            let cheater = try Cheater(workspace: workspace)
            defer { cheater.remove() }
            defer { workspace.restore(path: "Package.swift") }

            // When
            let result = workspace.kata(
                ["grade", "--kit", workspace.original.path, "--json", "grade.json", "--allow-review"],
                in: cheater.folder)

            // Then
            // A grade that wrote no file says why in its output.
            let json = try #require(
                FileManager.default.contents(atPath: cheater.folder.appendingPathComponent("grade.json").path),
                "\(result.ending): \(result.output)")
            let grade = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any], "\(result.output)")
            #expect(result.ending == .exited(0), "\(result.output)")
            let steps = try #require(grade["steps"] as? [[String: Any]])
            func step(_ number: Int) -> [String: Any] { steps.first { $0["step"] as? Int == number } ?? [:] }
            func score(_ number: Int) -> [String: Int] { step(number)["score"] as? [String: Int] ?? [:] }
            // Nothing scores but what untouched starters pass on purpose, and every trick either fails or is flagged.
            #expect((grade["score"] as? [String: Int])?["passed"] == RealKit.keptChecks)
            // Totals never shrink: every step counts all of its checks, built or not.
            let declared = RealKit.steps.map { DeclaredCheck.all(of: $0, in: workspace.originalWorkspace).count }
            #expect((grade["score"] as? [String: Int])?["total"] == declared.reduce(0, +))
            for number in 1...RealKit.steps.count { #expect(score(number)["total"] == declared[number - 1]) }
            // 2: rewriting Package.swift while its checks ran: out of reach of an isolated run (the grading copy is
            // not in its view, and the kit's manifest is as it was); seen, by the scan and by the run, where not.
            let review3 = (step(3)["review"] as? [[String: Any]] ?? []).compactMap { $0["file"] as? String }
            if HostileTree.isolated(grade) {
                #expect(!review3.contains("Package.swift"))
            } else {
                #expect(step(3)["needsReview"] as? Bool == true)
                #expect(review3.contains("Package.swift"))
            }
            // 3: forging the event stream needs the process's arguments and a file handle: flagged.
            #expect(step(4)["needsReview"] as? Bool == true)
            let review4 = (step(4)["review"] as? [[String: Any]] ?? []).compactMap { $0["api"] as? String }
            // Named by the declarations the compiler resolved.
            #expect(review4.contains { $0.contains("CommandLine") })
            #expect(review4.contains { $0.contains("FileHandle") })
            // 4: a step folder that links to its solution is refused and named.
            let refused = (grade["refused"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
            #expect(refused.contains("Exercises/05-Configurator"))
            #expect(step(5)["status"] as? String == "buildFailed")
            // 5: steps that do not build count all their checks as failed.
            #expect(step(6)["status"] as? String == "buildFailed")
            #expect(step(7)["status"] as? String == "buildFailed")
            // 1: the version-specific manifest beside Package.swift was never read.
            #expect(!result.output.contains("Package@swift"))
        }
    }
}

/// A learner's tree with every trick of the grading issue in it at once, one per step.
struct Cheater {
    let folder: URL

    init(workspace: ScratchWorkspace) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kata cheater \(UUID().uuidString.prefix(8))")
        let manager = FileManager.default
        try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        try manager.copyItem(
            at: workspace.original.appendingPathComponent("Exercises"), to: folder.appendingPathComponent("Exercises"))
        try manager.copyItem(
            at: workspace.original.appendingPathComponent("Package.swift"),
            to: folder.appendingPathComponent("Package.swift"))

        // 1. A version-specific manifest SwiftPM would prefer, building the solutions.
        let package = try String(
            contentsOf: workspace.original.appendingPathComponent("Package.swift"), encoding: .utf8)
        try package.replacingOccurrences(of: "\"Exercises\"", with: "\"Solutions\"")
            .write(to: folder.appendingPathComponent("Package@swift-6.swift"), atomically: true, encoding: .utf8)

        // 2. Learner code that points Package.swift at the solutions while its checks run.
        try edit(
            "Exercises/03-Interactor/CreateIceCream/CreateIceCreamView.swift", after: "    func onAppear() {",
            insert: """
                        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                            .deletingLastPathComponent().deletingLastPathComponent()
                        let manifest = root.appendingPathComponent("Package.swift")
                        if let text = try? String(contentsOf: manifest, encoding: .utf8) {
                            try? text.replacingOccurrences(of: "\\"Exercises\\"", with: "\\"Solutions\\"")
                                .write(to: manifest, atomically: true, encoding: .utf8)
                        }
                """)

        // 3. Learner code that finds the event stream in its arguments and says every check passed.
        try edit(
            "Exercises/04-Presenter/CreateIceCream/CreateIceCreamPresenter.swift",
            after: "    func presentIceCream(response: CreateIceCream.LoadIceCream.Response) {",
            insert: """
                        let arguments = CommandLine.arguments
                        if let flag = arguments.firstIndex(of: "--event-stream-output-path"), flag + 1 < arguments.count,
                            let stream = FileHandle(forUpdatingAtPath: arguments[flag + 1])
                        {
                            let text = String(decoding: stream.readDataToEndOfFile(), as: UTF8.self)
                            var forged = ""
                            for line in text.split(separator: "\\n") where line.contains("\\"kind\\":\\"function\\"") {
                                guard let start = line.range(of: "\\"id\\":\\""),
                                    let end = line[start.upperBound...].firstIndex(of: "\\"")
                                else { continue }
                                let id = line[start.upperBound..<end]
                                for kind in ["testStarted", "testEnded"] {
                                    forged += "{\\"kind\\":\\"event\\",\\"payload\\":{\\"kind\\":\\"\\(kind)\\",\\"testID\\":\\"\\(id)\\"},\\"version\\":0}\\n"
                                }
                            }
                            stream.write(Data(forged.utf8))
                        }
                """)

        // 4. A step folder that is a link to its solution.
        let configurator = folder.appendingPathComponent("Exercises/05-Configurator")
        try manager.removeItem(at: configurator)
        try manager.createSymbolicLink(
            at: configurator, withDestinationURL: workspace.original.appendingPathComponent("Solutions/05-Configurator")
        )

        // 5. Steps that do not build, which used to drop out of the total.
        for step in ["06-Router", "07-Worker"] {
            try edit(
                "Exercises/\(step)/ContentView.swift", after: "struct ContentView {",
                insert: "    let broken: Int = \"no\"")
        }
    }

    private func edit(_ path: String, after anchor: String, insert code: String) throws {
        let url = folder.appendingPathComponent(path)
        // Foundation for URL and FileHandle, as a learner would add it.
        let text = "import Foundation\n" + (try String(contentsOf: url, encoding: .utf8))
        guard let range = text.range(of: anchor) else { throw CocoaError(.fileReadCorruptFile) }
        let lineEnd = text[range.upperBound...].firstIndex(of: "\n") ?? text.endIndex
        try (String(text[..<lineEnd]) + "\n" + code + String(text[lineEnd...]))
            .write(to: url, atomically: true, encoding: .utf8)
    }

    func remove() {
        try? FileManager.default.removeItem(at: folder)
    }
}
