import Foundation
import Testing

@testable import KataCore

extension KataBinaryTests {
    /// A learner who wants full marks without the work, by the routes that need no edited
    /// check: the results forged from inside the test process, code hidden from a reader of text,
    /// the same calls under other names, declarations that change what the checks mean, a
    /// suite that asks which mistake is on, and products rewritten for a later grade. Each route
    /// is tried in two disguises; the grade must give the starter's score or say needs review.
    /// The tree's code rewrites the products a grade keeps: under kata verify, the two suites run
    /// last on the starters' copy, the second from the products the first kept.
    @Suite("A hostile learner, graded against the kit")
    struct HostileLearnerAgainstTheKit {
        let workspace = ScratchWorkspace.shared

        @Test("Graded against the kit, every route scores the starter's points or is marked needs review")
        func againstTheKit() throws {
            // Given
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "kata hostile \(UUID().uuidString.prefix(8))")
            defer { try? FileManager.default.removeItem(at: folder) }
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for item in ["Exercises", "Package.swift"] {
                try FileManager.default.copyItem(
                    at: workspace.original.appendingPathComponent(item), to: folder.appendingPathComponent(item))
            }
            try HostileTree.write(into: folder)
            // A kit of its own, which route 8 writes to.
            let kit = folder.appendingPathComponent("kit")
            try FileManager.default.createDirectory(at: kit, withIntermediateDirectories: true)
            for item in PristineCopy.kitRoots {
                try FileManager.default.copyItem(
                    at: workspace.original.appendingPathComponent(item), to: kit.appendingPathComponent(item))
            }

            // When
            let result = workspace.kata(
                ["grade", "--kit", kit.path, "--json", "grade.json", "--allow-review"], in: folder)

            // Then
            let grade = try #require(
                try? Data(contentsOf: folder.appendingPathComponent("grade.json")), "\(result.output)")
            try HostileTree.expectFlagged(grade: grade, output: result)
            // The kit the grade was copied from: out of reach of an isolated run; written to by step 3's run, and
            // named with that step, where it is not.
            let document = try #require(try JSONSerialization.jsonObject(with: grade) as? [String: Any])
            let steps = try #require(document["steps"] as? [[String: Any]])
            let interactor = try #require(steps.first { $0["step"] as? Int == 3 })
            let reasons = (interactor["review"] as? [[String: Any]] ?? []).compactMap { $0["reason"] as? String }
            if HostileTree.isolated(document) {
                #expect(FileTree.kind(at: kit.appendingPathComponent("Tests/planted.txt")) == nil)
            } else {
                #expect(reasons.contains { $0.contains("Tests/planted.txt") }, "\(reasons)")
            }
        }
    }

    /// The same learner's tree, graded as the workspace stands (self-study).
    @Suite("A hostile learner, graded as the workspace stands")
    struct HostileLearnerAsItStands {
        let workspace = ScratchWorkspace.shared

        @Test("Graded as it stands (self-study), every route scores the starter's points or is marked needs review")
        func selfStudy() throws {
            // Given
            // The starters first: a grade against the kit syncs its learner's tree into this copy.
            for step in HostileTree.steps { workspace.restore(step) }
            defer { for step in HostileTree.steps { workspace.restore(step) } }
            try HostileTree.write(into: workspace.root)

            // When
            let result = workspace.kata(["grade", "--json", "grade.json", "--allow-review"])
            defer { try? FileManager.default.removeItem(at: workspace.url("grade.json")) }

            // Then
            let grade = try #require(try? Data(contentsOf: workspace.url("grade.json")), "\(result.output)")
            try HostileTree.expectFlagged(grade: grade, output: result)
        }
    }
}

/// The hostile learner's files: the starters, each with a file of tricks its code calls.
enum HostileTree {
    static let steps = ["01-Starter", "02-Model", "03-Interactor", "08-Migrate", "09-Spies"]

    /// Per step, what its review must name (a part of each finding's declaration).
    static let expected: [Int: [String]] = [
        1: ["FileHandle", "_exit", "atexit", "raise"],
        2: ["operator ==", "operator =="],
        3: ["ProcessInfo", "fopen", "NSClassFromString", "createFile", "exit", "removeItem", "ScoopsAndScones"],
        8: ["enumerator", "FileHandle"],
        9: ["ProcessInfo", "contentsOfFile"],
    ]

    static func write(into root: URL) throws {
        func add(_ path: String, _ text: String) throws {
            let url = root.appendingPathComponent("Exercises/\(path)")
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        func call(in path: String, after anchor: String) throws {
            let url = root.appendingPathComponent("Exercises/\(path)")
            let text = try String(contentsOf: url, encoding: .utf8)
            guard let range = text.range(of: anchor) else { throw CocoaError(.fileReadCorruptFile) }
            let lineEnd = text[range.upperBound...].firstIndex(of: "\n") ?? text.endIndex
            try (String(text[..<lineEnd]) + "\n        runTricks()" + String(text[lineEnd...]))
                .write(to: url, atomically: true, encoding: .utf8)
        }

        // Route 1: the run's results written through a descriptor the process holds, then leaving
        // unseen (by _exit through a function reference, or a signal after a handler at exit).
        try add(
            "01-Starter/Extensions/Bundle+Tricks.swift",
            """
            import Foundation

            typealias Channel = FileHandle

            nonisolated func runTricks() {
                let held = Channel(fileDescriptor: 3, closeOnDealloc: false)
                held.write(Data("{\\"kind\\":\\"event\\"}\\n".utf8))
                atexit { _ = raise(SIGKILL) }
                let leave: (Int32) -> Never = _exit
                leave(0)
            }

            """)
        try call(in: "01-Starter/Extensions/Bundle+Decode.swift", after: "// TODO: find the file")

        // Route 4: every comparison of the given menu, and of lists of names, says "equal".
        try add(
            "02-Model/CreateIceCream/CreateIceCreamModels+Tricks.swift",
            """
            import ScoopsAndScones

            func == (lhs: IceCream, rhs: IceCream) -> Bool { true }

            extension Array where Element == String {
                static func == (lhs: Self, rhs: Self) -> Bool { true }
            }

            nonisolated func runTricks() {}

            """)

        // Route 3: the process, files and loader by other names.
        try add(
            "03-Interactor/CreateIceCream/CreateIceCreamInteractor+Tricks.swift",
            """
            import Foundation

            typealias Settings = ProcessInfo

            nonisolated func runTricks() {
                let open = fopen
                let named: AnyClass? = NSClassFromString("NS" + "FileHandle")
                _ = (Settings.processInfo.arguments, open, named)
                readNote()
                // Route 8: the kit a later grade reads, found on the grading process's command line.
                var process = "self"
                for _ in 0..<4 {
                    let data = FileManager.default.contents(atPath: "/proc/\\(process)/stat") ?? Data()
                    let stat = String(decoding: data, as: UTF8.self)
                    guard let end = stat.lastIndex(of: ")") else { return }
                    process = String(stat[stat.index(after: end)...].split(separator: " ").dropFirst().first ?? "")
                    let line = FileManager.default.contents(atPath: "/proc/\\(process)/cmdline") ?? Data()
                    let words = line.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
                    if let flag = words.firstIndex(of: "--kit"), flag + 1 < words.count {
                        FileManager.default.createFile(atPath: words[flag + 1] + "/Tests/planted.txt", contents: Data())
                        return
                    }
                }
            }

            """)
        try call(in: "03-Interactor/CreateIceCream/CreateIceCreamInteractor.swift", after: "// TODO: decode menuFile")

        // Route 2 (in step 3 too, so that the tree builds few steps): code beside literals a
        // reader of text misreads, and inside an interpolation.
        try add(
            "03-Interactor/CreateIceCream/CreateIceCreamInteractor+Literals.swift",
            ##"""
            import Foundation

            let caption = #"a quote \" and a brace \( not code )"#; func quit() { exit(0) }

            nonisolated func readNote() {
                let note = "\(String(describing: try? FileManager.default.removeItem(atPath: "/tmp/none")))"
                _ = note
            }

            """##)

        // Route 5 (in step 3 too): a name the checks' imports resolve to, taken by a constant. (A
        // type named Testing takes every macro expansion's too, so the step no longer builds and
        // scores nothing: the review's own fixtures name it.)
        try add("03-Interactor/CreateIceCream/CreateIceCreamInteractor+Names.swift", "let ScoopsAndScones = 0\n")

        // Route 7: the products kept for later grades rewritten: the next step's checks, and the
        // record of what its review found.
        try add(
            "08-Migrate/ForgotPassword/ForgotPasswordWorker+Tricks.swift",
            """
            import Foundation

            nonisolated func runTricks() {
                var root = URL(fileURLWithPath: #filePath)
                for _ in 0..<4 { root.deleteLastPathComponent() }
                let kept = root.appendingPathComponent(".build/kata-grading")
                let files = FileManager.default.enumerator(atPath: kept.path)
                while let name = files?.nextObject() as? String {
                    guard name.hasPrefix("09-") else { continue }
                    let handle = FileHandle(forUpdatingAtPath: kept.appendingPathComponent(name).path)
                    handle?.seekToEndOfFile()
                    handle?.write(Data("[]".utf8))
                }
            }

            """)
        try call(in: "08-Migrate/ForgotPassword/ForgotPasswordWorker.swift", after: "// TODO: ask the service")

        // Route 6: suites that fail exactly when a mistake is switched on, by asking the process.
        let spies = root.appendingPathComponent("Exercises/09-Spies")
        for name in try FileManager.default.contentsOfDirectory(atPath: spies.path) where name.hasSuffix(".swift") {
            try FileManager.default.removeItem(at: spies.appendingPathComponent(name))
        }
        try add(
            "09-Spies/OrdersInteractorTests.swift",
            """
            import Foundation
            import Testing

            struct OrdersInteractorTests {
                @Test func theSceneIsAsWritten() {
                    let environment = ProcessInfo.processInfo.environment
                    #expect(!environment.values.contains { $0.hasPrefix("mistake:") })
                    #expect(environment["KATA_MISTAKE"] == nil)
                    #expect((environment["KATA_SCENE_SWITCH"] ?? "none") == "none")
                }

                @Test func theProcessWasStartedPlainly() {
                    let started = (try? String(contentsOfFile: "/proc/self/environ", encoding: .utf8)) ?? ""
                    #expect(!started.contains("mistake"))
                }
            }

            """)
    }

    /// Whether the grade says learner code ran isolated.
    static func isolated(_ grade: [String: Any]) -> Bool {
        (grade["isolation"] as? [String: Any])?["isolated"] as? Bool == true
    }

    /// The grade gives no route a point the starter does not get, and every route is named.
    static func expectFlagged(grade data: Data, output: CommandResult) throws {
        let grade = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any], "\(output.output)")
        let steps = try #require(grade["steps"] as? [[String: Any]])
        for (number, names) in expected.sorted(by: { $0.key < $1.key }) {
            let step = try #require(steps.first { $0["step"] as? Int == number })
            let findings = step["review"] as? [[String: Any]] ?? []
            let review = findings.compactMap { $0["api"] as? String }
            // Every route's step builds, so what its review names is what is tested.
            #expect(step["status"] as? String != "buildFailed", "step \(number): \(step["problem"] ?? "")")
            #expect(step["needsReview"] as? Bool == true, "step \(number): \(step["status"] ?? "")")
            for name in Set(names) {
                #expect(review.contains { $0.contains(name) }, "step \(number) names \(name): \(findings)")
            }
        }
        // The suites that ask the process which mistake is on catch none: nothing tells them.
        let spies = try #require(steps.first { $0["step"] as? Int == 9 })
        #expect((spies["score"] as? [String: Int])?["passed"] == 0, "\(spies)")
        // Products kept for later grades: out of reach of an isolated run; where it is not, those step 8's code
        // rewrote are named with that step.
        let migrate = try #require(steps.first { $0["step"] as? Int == 8 })
        let anomalies = (migrate["review"] as? [[String: Any]] ?? []).compactMap { $0["reason"] as? String }
        if isolated(grade) {
            #expect(!anomalies.contains { $0.contains("kept for later grades") }, "\(anomalies)")
        } else {
            #expect(anomalies.contains { $0.contains("kept for later grades") }, "\(anomalies)")
        }
        // A step nobody is asked to look at scores no more than its untouched starter.
        for step in steps where step["needsReview"] as? Bool != true {
            let number = step["step"] as? Int ?? 0
            let passed = (step["score"] as? [String: Int])?["passed"] ?? 0
            #expect(
                passed <= RealKit.keptChecks(of: RealKit.steps[number - 1]), "step \(number): \(step["score"] ?? "")")
        }
    }
}
