import Foundation
import Testing

@testable import KataCore

/// A lesson where the learner writes the suites: its checks are the mistakes of a given
/// scene, each caught when the learner's tests fail on it.
@Suite("A lesson of suites")
struct SuiteLessonTests {
    /// A workspace with one lesson of suites: its list of mistakes and its copy of the scene.
    final class LessonFolder {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kata suites \(UUID().uuidString.prefix(8))")
        let step = Step(
            number: 9, name: "Spies", app: "Shop", scene: "Orders", lesson: "the spies", track: "shop",
            givenModules: ["Orders"], kind: .suites)
        var workspace: Workspace { Workspace(root: root) }

        init(mistakes: String, copy: String? = nil) throws {
            let tests = root.appendingPathComponent("Tests/\(step.testTarget)")
            try FileManager.default.createDirectory(at: tests, withIntermediateDirectories: true)
            try Data(mistakes.utf8).write(to: tests.appendingPathComponent("mistakes.json"))
            if let copy {
                let module = tests.appendingPathComponent("Orders")
                try FileManager.default.createDirectory(at: module, withIntermediateDirectories: true)
                try Data(copy.utf8).write(to: module.appendingPathComponent("OrdersInteractor.swift"))
            }
        }

        deinit { try? FileManager.default.removeItem(at: root) }
    }

    static let twoMistakes = """
        [{"id": "presentsTwice", "name": "Catches a second load presented twice",
          "missed": "a second load presents the orders twice", "lookIn": "OrdersInteractorTests.swift",
          "symbol": "struct OrdersInteractorTests", "hints": ["one", "two", "three"]},
         {"id": "oldestFirst", "name": "Catches orders listed oldest first",
          "missed": "the orders are listed oldest first", "lookIn": "OrdersPresenterTests.swift",
          "hints": ["one", "two"]}]
        """

    @Test(
        "The scene's copy with mistakes built in is the given module wherever no mistake is switched in",
        arguments: RealKit.steps.filter { $0.kind == .suites })
    func copyMatchesTheGivenModule(step: Step) throws {
        // Given
        let module = try #require(SuiteMistake.builtInCopy(of: step, in: RealKit.workspace))
        let given = Set(RealKit.workspace.allFiles(under: "Sources/\(module)").map { $0.dropFirst("Sources/".count) })
        let copy = Set(
            RealKit.workspace.allFiles(under: "Tests/\(step.testTarget)/\(module)").map {
                $0.dropFirst("Tests/\(step.testTarget)/".count)
            })

        // When
        let drifted = given.intersection(copy).sorted().filter { path in
            let copied = RealKit.workspace.bytes(of: "Tests/\(step.testTarget)/\(path)")
            let text = String(decoding: copied, as: UTF8.self)
            return !text.contains("Mistake.") && !text.contains("Variant.")
                && copied != RealKit.workspace.bytes(of: "Sources/\(path)")
        }

        // Then
        // A fix to the given scene made in one place only would grade suites against a scene nobody ships.
        #expect(drifted == [])
        #expect(given.subtracting(copy).sorted() == [])
        // The copy adds only the two switches: one for its mistakes, one for its correct variants.
        #expect(copy.subtracting(given).sorted() == ["\(module)/Mistake.swift", "\(module)/Variant.swift"])
    }

    @Test("Its checks are its mistakes, in the list's order, with their place and hints")
    func mistakesAreTheChecks() throws {
        // Given
        let lesson = try LessonFolder(mistakes: Self.twoMistakes)

        // When
        let checks = DeclaredCheck.all(of: lesson.step, in: lesson.workspace)

        // Then
        // Each mistake is one check, keyed by its id and named by its sentence.
        #expect(checks.map(\.key) == ["Mistakes/presentsTwice", "Mistakes/oldestFirst"])
        #expect(checks.map(\.name) == ["Catches a second load presented twice", "Catches orders listed oldest first"])
        // Its hints and the learner's file come from the list, as a check's annotations would.
        #expect(checks[0].annotations.file == "OrdersInteractorTests.swift")
        #expect(checks[0].annotations.symbol == "struct OrdersInteractorTests")
        #expect(checks[0].annotations.hints == ["one", "two", "three"])
    }

    @Test("kata verify names a mistake listed twice, one not built into the copy, and one without three hints")
    func auditFindsBrokenLists() throws {
        // Given
        let doubled = Self.twoMistakes.replacingOccurrences(of: "oldestFirst", with: "presentsTwice")
        let lesson = try LessonFolder(
            mistakes: doubled, copy: #"if Mistake.isOn("presentsTwice") { present() }"#)

        // When
        let problems = SuiteAudit.problems(step: lesson.step, workspace: lesson.workspace)

        // Then
        // The duplicate and the short hints are both named.
        #expect(problems.contains { $0.contains("presentsTwice is listed twice") })
        #expect(problems.contains { $0.contains("has 2 hints, not 3") })
    }

    @Test("kata verify names a mistake the copy of the scene does not have, and a lesson with no copy")
    func auditFindsMissingMistakes() throws {
        // Given
        let withCopy = try LessonFolder(mistakes: Self.twoMistakes, copy: #"Mistake.isOn("presentsTwice")"#)
        let withoutCopy = try LessonFolder(mistakes: Self.twoMistakes)

        // When
        let missing = SuiteAudit.problems(step: withCopy.step, workspace: withCopy.workspace)
        let noCopy = SuiteAudit.problems(step: withoutCopy.step, workspace: withoutCopy.workspace)

        // Then
        // oldestFirst is listed but never switched on in the copy.
        #expect(missing.contains { $0.contains("oldestFirst is not built into the copy of Orders") })
        #expect(!missing.contains { $0.contains("presentsTwice is not built") })
        // Without the copy there is nothing to grade the suites by.
        #expect(noCopy.count == 1 && noCopy[0].contains("no copy of"))
    }

    @Test(
        "The kit's lesson of suites lists its mistakes whole, and each variant's freedom in its guide",
        arguments: RealKit.steps.filter { $0.kind == .suites })
    func kitLessonPassesItsAudit(step: Step) {
        // When
        let problems = SuiteAudit.problems(step: step, workspace: RealKit.workspace)

        // Then
        // Each freedom a variant takes away is one a learner can read in the guide's list.
        #expect(problems == [])
        #expect(SuiteVariant.all(of: step, in: RealKit.workspace).count >= 9)
    }

    @Test("kata check names a suite that @testable imports, which only a grade's review would have said")
    func testableImportIsNamed() throws {
        // Given
        let lesson = try LessonFolder(mistakes: Self.twoMistakes)
        let folder = lesson.workspace.folder(of: lesson.step)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("import Testing\n  @testable import Orders\n".utf8).write(to: folder.appendingPathComponent("B.swift"))
        try Data("import Orders\n// @testable import Orders\n".utf8).write(to: folder.appendingPathComponent("A.swift"))

        // When
        let named = StepChecker.testableImports(of: lesson.step, source: .exercises, in: lesson.workspace)

        // Then
        // The file that imports so is named; a comment that mentions it is not an import.
        #expect(named == ["Exercises/\(lesson.step.folder)/B.swift"])
    }

    @Test("kata verify names a variant whose freedom the guide does not list, and a freedom marked but never run")
    func auditFindsVariantsOffTheGuide() throws {
        // Given
        let lesson = try LessonFolder(
            mistakes: Self.twoMistakes,
            copy: """
                Mistake.isOn("presentsTwice"); Mistake.isOn("oldestFirst")
                Variant.inEitherOrder("asksFirst", { on() }, { ask() })
                _ = Variant.read(
                    "readsTwice") { orders }
                Variant.keep("notListed") { last = id }
                """)
        let variants = """
            [{"id": "asksFirst", "differs": "asks first", "freedom": "The interactor may ask its worker first."},
             {"id": "readsTwice", "differs": "reads twice", "freedom": "The router may read as often as it likes."}]
            """
        try Data(variants.utf8).write(
            to: lesson.root.appendingPathComponent("Tests/\(lesson.step.testTarget)/variants.json"))
        let guide = lesson.workspace.folder(of: lesson.step)
        try FileManager.default.createDirectory(at: guide, withIntermediateDirectories: true)
        try Data("- The interactor may ask its\n  worker first.\n".utf8).write(
            to: guide.appendingPathComponent("README.md"))

        // When
        let problems = SuiteAudit.problems(step: lesson.step, workspace: lesson.workspace)

        // Then
        // A freedom is found in the guide however its lines wrap; one the guide never states is named.
        #expect(!problems.contains { $0.contains("asksFirst's freedom") })
        #expect(problems.contains { $0.contains("readsTwice's freedom is not, word for word, in the guide") })
        // Both rules' marks count as built in; a mark variants.json does not list would never be run.
        #expect(!problems.contains { $0.contains("is not built into the copy") })
        #expect(problems.contains { $0.contains("marks a variant notListed") })
    }

    static func test(_ name: String, _ status: CheckResult.Status, message: String? = nil) -> CheckResult {
        CheckResult(
            target: "Step09SpiesTests", key: "OrdersTests/\(name)()", name: name, status: status,
            failures: message.map { [CheckResult.Failure(message: $0, file: "/w/OrdersTests.swift", line: 12)] } ?? [],
            file: "/w/OrdersTests.swift", line: 10)
    }

    @Test(
        "Suites that fail on the correct scene, stop there, or have no tests catch nothing, and say why",
        arguments: [
            (
                [test("loads", .passed), test("presents once", .failed, message: "Expectation failed: count == 1")],
                nil, "Your test “presents once” fails on the scene as it is"
            ),
            ([test("loads", .passed)], "The test process crashed (SIGSEGV).", "Your suites stopped on the scene"),
            ([], nil, "Your suites have no tests yet"),
        ] as [([CheckResult], String?, String)])
    func nothingCountsWithoutAPassingSuite(tests: [CheckResult], stoppedBy: String?, expected: String) {
        // Given
        let scene = StepChecker.TestRun(checks: tests, stoppedBy: stoppedBy)

        // When
        let reason = MistakeHunt.reasonNothingCounts(scene, hasMistakesBuiltIn: true)

        // Then
        // The reason names what to fix first.
        #expect(reason?.message.hasPrefix(expected) == true)
    }

    @Test("A failing test on the correct scene is named where it failed, with its message")
    func failingTestIsNamed() throws {
        // Given
        let scene = StepChecker.TestRun(checks: [Self.test("presents once", .failed, message: "count → 2 == 1")])

        // When
        let reason = try #require(MistakeHunt.reasonNothingCounts(scene, hasMistakesBuiltIn: true))

        // Then
        // The learner sees their own test's failure, where it is.
        #expect(reason.message.hasSuffix(": count → 2 == 1"))
        #expect(reason.file == "/w/OrdersTests.swift" && reason.line == 12)
    }

    @Test("A test that fails on a correct variant of the scene is named, with how the variant differs and the freedom")
    func overSpecifiedTestIsNamed() throws {
        // Given
        let variant = SuiteVariant(
            id: "datesFromComponents", differs: "the dates are built from calendar components",
            freedom: "The presenter may write dates with arithmetic of its own.")
        let run = StepChecker.TestRun(
            checks: [
                Self.test("loads", .passed),
                Self.test("formats with a DateFormatter", .failed, message: "no formatter"),
            ])

        // When
        let reason = try #require(MistakeHunt.overSpecified(run, on: variant))
        let passing = MistakeHunt.overSpecified(StepChecker.TestRun(checks: [Self.test("loads", .passed)]), on: variant)

        // Then
        // The learner reads which test asks for more than the guide promises, on which correct scene, and why it counts.
        #expect(
            reason.message.hasPrefix(
                "Your test “formats with a DateFormatter” fails on a correct scene written otherwise"))
        #expect(reason.message.contains("the dates are built from calendar components"))
        #expect(reason.message.contains("expects something the guide leaves free"))
        // The freedom it takes away, in the guide's words, so the learner finds it in the guide's list.
        #expect(
            reason.details.first
                == "The guide leaves this free: “The presenter may write dates with arithmetic of its own.”")
        // kata hint says why in a sentence, without the values the test printed: kata check shows them.
        #expect(
            MistakeHunt.briefly(reason.message)
                == "Your test “formats with a DateFormatter” fails on a correct scene written otherwise (the dates are "
                + "built from calendar components): it expects something the guide leaves free, so no mistake counts "
                + "as caught.")
        // Suites that pass on the variant stand in nothing's way.
        #expect(passing == nil)
    }

    @Test("Passing suites are graded by the mistakes, or told that this copy of the kit has none")
    func passingSuitesGoOn() {
        // Given
        let scene = StepChecker.TestRun(checks: [Self.test("loads", .passed)])

        // When
        let withMistakes = MistakeHunt.reasonNothingCounts(scene, hasMistakesBuiltIn: true)
        let withoutMistakes = MistakeHunt.reasonNothingCounts(scene, hasMistakesBuiltIn: false)

        // Then
        // With the mistakes built in, nothing stands in the way.
        #expect(withMistakes == nil)
        // A class's copy has no mistakes: the suites pass, and the grade is the kit's to give.
        #expect(withoutMistakes?.message.contains("no mistakes built in") == true)
    }

    @Test("SwiftPM is told when the course changes, which its cache of Package.swift would not see")
    func courseDigestFollowsTheCourse() throws {
        // Given
        let lesson = try LessonFolder(mistakes: Self.twoMistakes)
        let course = lesson.root.appendingPathComponent(Course.path)
        try Data(#"{"lessons": [1]}"#.utf8).write(to: course)
        let package = SwiftPackage(
            workspace: lesson.workspace, source: .exercises, toolchain: Toolchain(environment: [:]))
        let before = package.courseDigest

        // When
        try Data(#"{"lessons": [1, 2]}"#.utf8).write(to: course)

        // Then
        // A lesson more is a new digest, so SwiftPM reads Package.swift again.
        #expect(package.courseDigest != before)
    }

    @Test("Mistakes run side by side come back in the list's order")
    func parallelRunsKeepOrder() {
        // Given
        let items = Array(0..<23)

        // When
        let results = MistakeHunt.inParallel(items, width: 4) { $0 * $0 }

        // Then
        #expect(results == items.map { $0 * $0 })
    }

    @Test("A correct answer in another style is marked Passes: yes, and holds only when every check passes")
    func correctAnswersInAnotherStyle() throws {
        // Given
        let text = MistakeTests.patchText.replacingOccurrences(
            of:
                "Caught-by: CreateIceCreamViewTests/appearingLoadsOnce(), CreateIceCreamViewTests/fetchSendsOneRequest()",
            with: "Passes: yes")
        let mistake = try Mistake.read(name: "03-another-style.patch", text: text, in: RealKit.course).get()
        let step = try #require(RealKit.course.step(3))
        let failing = StepReport(step: step, source: .solutions, status: .failed, checks: [Self.test("loads", .failed)])

        let passing = StepReport(step: step, source: .solutions, status: .passed)
        let finding = ReviewFinding(file: "Solutions/03-Interactor/X.swift", line: 3, api: "exit", reason: "no")

        // When
        let holds = KitCopy.verdict(of: Self.outcome(passing), for: mistake)
        let rejected = KitCopy.verdict(of: Self.outcome(failing), for: mistake)
        let reviewed = KitCopy.verdict(of: Self.outcome(passing, review: [finding]), for: mistake)

        // Then
        // It needs no Caught-by, and it must pass every check of its step.
        #expect(mistake.passes && mistake.caughtBy.isEmpty)
        #expect(holds == .holds)
        #expect(rejected == .rejected(by: ["OrdersTests/loads()"]))
        // And its code must pass the review: a correct answer the review would flag is not judged correct.
        #expect(
            reviewed
                == .notJudged("it is meant to be a correct answer, and the review finds in it: \(finding.sentence)"))
    }

    @Test(
        "An over-specified suite in the catalogue is caught only when nothing counts and its variant's freedom is named"
    )
    func overSpecifiedSuitesNameTheirFreedom() throws {
        // Given
        let text = MistakeTests.patchText.replacingOccurrences(
            of:
                "Caught-by: CreateIceCreamViewTests/appearingLoadsOnce(), CreateIceCreamViewTests/fetchSendsOneRequest()",
            with: "Over-specifies: asksFirst")
        let mistake = try Mistake.read(name: "03-over-specified.patch", text: text, in: RealKit.course).get()
        let step = try #require(RealKit.course.step(3))
        let asksFirst = SuiteVariant(id: "asksFirst", differs: "asks first", freedom: "The order of asking is free.")
        let readsTwice = SuiteVariant(id: "readsTwice", differs: "reads twice", freedom: "Reads are free.")
        func report(failingOn variant: SuiteVariant?) -> StepReport {
            var check = Self.test("Catches a mistake", .failed)
            check.failures = [
                variant.map {
                    MistakeHunt.overSpecified(StepChecker.TestRun(checks: [Self.test("t", .failed)]), on: $0)!
                }
                    ?? CheckResult.Failure(message: "Your suites still pass when the mistake is on.")
            ]
            return StepReport(step: step, source: .solutions, status: .failed, checks: [check])
        }

        // When
        let verdicts = [asksFirst, readsTwice, nil].map {
            KitCopy.verdict(of: Self.outcome(report(failingOn: $0)), for: mistake, variants: [asksFirst, readsTwice])
        }
        let passing = KitCopy.verdict(
            of: Self.outcome(StepReport(step: step, source: .solutions, status: .passed)), for: mistake,
            variants: [asksFirst])

        // Then
        // It needs no Caught-by: the variant it over-specifies is what must stop it.
        #expect(mistake.overSpecifies == "asksFirst" && mistake.caughtBy.isEmpty)
        #expect(verdicts[0] == .caught(by: ["asksFirst"]))
        // Stopped by another freedom, or scoring by the mistakes, is not the catalogue's verdict.
        #expect(verdicts[1] == .caughtElsewhere(by: ["readsTwice"]))
        #expect(verdicts[2] == .survived)
        #expect(passing == .survived)
    }

    /// A grade's outcome for a report, with what its review found.
    static func outcome(_ report: StepReport, review: [ReviewFinding] = []) -> GradingRun.Outcome {
        GradingRun.Outcome(report: report, declared: [], review: review, changedDuringRun: [], reusedProduct: false)
    }
}

/// What the learner reads at the end of a migration's or a lesson of suites' report.
@Suite("The switch of a lesson of suites")
struct SceneSwitchTests {
    @Test("Every run's switch has one length, so the blank it leaves in the process says nothing of the run")
    func switchesHaveOneLength() throws {
        // Given
        let step = try #require(RealKit.steps.first { $0.kind == .suites })
        let switches =
            [SceneSwitch.none] + SuiteMistake.all(of: step, in: RealKit.workspace).map(SceneSwitch.mistake)
            + SuiteVariant.all(of: step, in: RealKit.workspace).map(SceneSwitch.variant)

        // When
        let lengths = Set(switches.map(\.value.utf8.count))

        // Then
        // A suite could otherwise read the length of the blank in /proc/self/environ and tell a mistake's run apart.
        #expect(switches.count > 2)
        #expect(lengths == [SceneSwitch.width])
    }
}

@Suite("The reports of a migration and of a lesson of suites")
struct LessonKindReportTests {
    static let renderer = StepReportRenderer(
        kit: RealKit.kit, terminal: Terminal(isInteractive: false, usesColor: false, width: 100))

    /// Every declared check of `step`, passing where `passes` says.
    static func report(of step: Step, passes: (DeclaredCheck) -> Bool, status: CheckResult.Status = .failed)
        -> StepReport
    {
        let checks = DeclaredCheck.all(of: step, in: RealKit.workspace).map { declared in
            CheckResult(
                target: step.testTarget, key: declared.key, name: declared.name,
                status: passes(declared) ? .passed : status,
                failures: passes(declared) ? [] : [CheckResult.Failure(message: "Why it did not pass.")],
                file: nil, line: nil)
        }
        return StepReport(step: step, source: .exercises, status: .failed, checks: checks)
    }

    @Test("A migration's starter reads as behaviour kept and structure to do")
    func migrationStarter() throws {
        // Given
        let migration = RealKit.steps.first { RealKit.keptChecks(of: $0) > 0 }
        let step = try #require(migration)
        let kept = RealKit.keptChecks(of: step)
        let total = DeclaredCheck.all(of: step, in: RealKit.workspace).count

        // When
        let text = Self.renderer.render(Self.report(of: step, passes: \.annotations.starterPasses))

        // Then
        // The summary tells the kept behaviour apart from the new structure.
        #expect(
            text.contains(
                "Step \(step.number): \(kept)/\(total) checks pass (behaviour kept: \(kept)/\(kept); "
                    + "the new structure: 0/\(total - kept))"))
    }

    @Test("Suites that fail on the scene are told under a heading of their own, no mistake named, and Next says so")
    func suitesFailingOnTheScene() throws {
        // Given
        let suites = RealKit.steps.first { $0.kind == .suites }
        let step = try #require(suites)
        var report = Self.report(of: step, passes: { _ in false })
        report.checks[0].failures = [
            CheckResult.Failure(
                message: MistakeHunt.failingPrefix + "A failure shows its message” fails on the scene as it is, "
                    + "so no mistake counts as caught.",
                file: "/kit/Exercises/09-Spies/OrdersPresenterTests.swift", line: 65)
        ]
        let nextStep = NextStep(all: false, source: .exercises)

        // When
        let text = Self.renderer.render(report)
        let next = nextStep.text(after: [report], in: RealKit.kit, style: Style(enabled: false))

        // Then
        // The first mistake's hint would send the learner to the wrong suite: the reason stands alone.
        #expect(!text.contains("Hint"))
        // No mistake's title heads the reason, and no mistake is listed as if it were missed: none was tried.
        #expect(!text.contains(report.checks[0].name) && !text.contains(report.checks[1].name))
        #expect(
            text.contains(
                "  ✘ Your suites must pass on the scene, and on its correct variants, before a mistake counts"))
        #expect(text.contains("A failure shows its message” fails on the scene as it is"))
        #expect(text.contains("None of the \(report.checks.count) mistakes was tried."))
        #expect(next.hasPrefix("Next: make your suites pass on the scene as it is"))
    }

    @Test("A lesson of suites counts mistakes caught, and says once why checks did not run")
    func suitesReport() throws {
        // Given
        let suites = RealKit.steps.first { $0.kind == .suites }
        let step = try #require(suites)
        let total = DeclaredCheck.all(of: step, in: RealKit.workspace).count

        // When
        let caughtOne = Self.renderer.render(Self.report(of: step, passes: { $0.line == 1 }))
        let notRun = Self.renderer.render(Self.report(of: step, passes: { _ in false }, status: .notRun))

        // Then
        // The count is of mistakes caught, not checks passed.
        #expect(caughtOne.contains("Step \(step.number): 1/\(total) mistakes caught"))
        // The shared reason is shown once, under the first check that did not run.
        #expect(notRun.components(separatedBy: "Why it did not pass.").count == 2)
    }
}
