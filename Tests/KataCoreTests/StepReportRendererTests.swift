import Foundation
import Testing

@testable import KataCore

/// A step's report as a learner reads it, on the fixture course, at a fixed width and height.
@Suite("A step's report, as kata check and kata watch write it")
struct StepReportRendererTests {
    /// A report of the fixture's first step in which the checks named `failing` fail, the others pass; each story is
    /// that of a test whose Given sets up `given` lines.
    static func report(in fixture: FixtureCourse, passing: [String] = [], failing: [String], given: Int = 1)
        throws -> (Kit, StepReport)
    {
        let kit = try fixture.kit()
        let step = kit.steps[0]
        let file = "Tests/Step01SeedTests/LongStoryTests.swift"
        let setUp = (1...given).map { "    let seed\($0) = Seed()\n" }.joined()
        try fixture.write(
            file,
            "@Test func longStory() {\n    // Given\n" + setUp
                + "\n    // When\n    seed1.water()\n\n    // Then\n    // The seed is watered.\n    #expect(seed1.watered)\n}\n"
        )
        func check(_ name: String, passes: Bool) -> CheckResult {
            var check = CheckResult(
                target: step.testTarget, key: "SeedTests/\(name)()", name: name, status: passes ? .passed : .failed,
                file: fixture.root.appendingPathComponent(file).path, line: 1)
            if !passes {
                check.failures = [CheckResult.Failure(message: "Expectation failed: seed1.watered")]
            }
            return check
        }
        let checks = passing.map { check($0, passes: true) } + failing.map { check($0, passes: false) }
        return (kit, StepReport(step: step, source: .exercises, status: .failed, checks: checks))
    }

    static let failing = (1...13).map { "Failing check number \($0)" }

    @Test("kata check tells the first failing check in full and names each other one on a line of its own")
    func firstFailureInFull() throws {
        // Given
        let fixture = try FixtureCourse()
        var (kit, report) = try Self.report(in: fixture, failing: Self.failing)
        report.problem = String(repeating: "A sentence about the step as a whole, said under its checks. ", count: 4)
        let sut = StepReportRenderer(kit: kit, terminal: Terminal(isInteractive: false, usesColor: false, width: 80))

        // When
        let lines = sut.render(report).components(separatedBy: "\n")

        // Then
        // What is said of the step as a whole wraps like the rest (a missing file's way back ran off the screen).
        #expect(lines.allSatisfy { $0.count <= 80 })
        #expect(lines.contains { $0.hasPrefix("A sentence about the step as a whole") })
        // One story, the first check's; every other failing check has one line, its name, and nothing under it.
        #expect(lines.filter { $0.hasPrefix("      Given") }.count == 1)
        #expect(lines.filter { $0.hasPrefix("      Failed") }.count == 1)
        #expect(lines[2] == "  ✘ Failing check number 1")
        for name in Self.failing.dropFirst() {
            let index = try #require(lines.firstIndex(of: "  ✘ " + name))
            #expect(!lines[index + 1].hasPrefix("      "))
        }
        #expect(
            lines.contains { $0.contains("kata check 1 --all-failures") },
            "The learner is told how to see every failure in full")
    }

    @Test("With --all-failures, kata check tells every failing check in full")
    func everyFailureInFull() throws {
        // Given
        let fixture = try FixtureCourse()
        let (kit, report) = try Self.report(in: fixture, failing: Self.failing)
        var sut = StepReportRenderer(kit: kit, terminal: .plain)
        sut.tellsEveryFailure = true

        // When
        let text = sut.render(report)

        // Then
        #expect(text.components(separatedBy: "\n").filter { $0.hasPrefix("      Given") }.count == 13)
        #expect(sut.toldChecks(report).count == 13)
        #expect(!text.contains("--all-failures"))
    }

    @Test("kata check tells one failure of the first check, a long value cut; --all-failures tells each in full")
    func oneFailureOfTheCheck() throws {
        // Given
        let fixture = try FixtureCourse()
        var (kit, report) = try Self.report(in: fixture, failing: ["First"])
        let flavours = (1...150).map { "\"Flavour number \($0)\"" }.joined(separator: ", ")
        report.checks[0].failures = [
            CheckResult.Failure(message: "Expectation failed: (shown → [\(flavours)]) == (menu → [\(flavours)])"),
            CheckResult.Failure(message: "Expectation failed: (count → 2) == 1"),
            CheckResult.Failure(message: "Expectation failed: (loading → true) == false"),
        ]
        let plain = StepReportRenderer(kit: kit, terminal: .plain)
        var full = plain
        full.tellsEveryFailure = true

        // When
        let brief = plain.render(report)
        let told = full.render(report)

        // Then
        // Three near-alike failures of one check, each told, ran a first failure to 95 lines: one is enough to start.
        #expect(brief.components(separatedBy: "\n").filter { $0.hasPrefix("      Failed") }.count == 1)
        #expect(!brief.contains("(count → 2) == 1"))
        #expect(brief.contains("… and 2 more failures of this check"))
        // A value of a hundred lines is cut, saying where the rest is.
        #expect(brief.components(separatedBy: "\n").count < 45)
        #expect(!brief.contains("Flavour number 150"))
        #expect(brief.contains("kata check 1 --all-failures"))
        // Asked for every failure, every one is told, and whole.
        #expect(told.contains("(count → 2) == 1") && told.contains("(loading → true) == false"))
        #expect(told.contains("Flavour number 150"))
    }

    @Test("kata check cuts a long Given to its first lines and says where the rest is; --all-failures tells it whole")
    func longGivenCut() throws {
        // Given
        let fixture = try FixtureCourse()
        let (kit, report) = try Self.report(in: fixture, failing: ["First"], given: 40)
        let plain = StepReportRenderer(kit: kit, terminal: .plain)
        var full = plain
        full.tellsEveryFailure = true

        // When
        let brief = plain.render(report).components(separatedBy: "\n")
        let told = full.render(report)

        // Then
        // Fifty lines of a generator's set-up hid what failed: the first lines say what kind of set-up it is.
        let given = try #require(brief.firstIndex { $0.hasPrefix("      Given") })
        let when = try #require(brief.firstIndex { $0.hasPrefix("      When") })
        #expect(when - given <= StepReportRenderer.storyLines + 1)
        #expect(brief.contains("      Given  let seed1 = Seed()"))
        #expect(!brief.contains { $0.hasSuffix("let seed40 = Seed()") })
        // The cut says how much is left out and where to read it.
        #expect(
            brief[when - 1].contains("lines more")
                && brief[when - 1].contains("Tests/Step01SeedTests/LongStoryTests.swift:1"))
        // The What failed and the When stay.
        #expect(brief.contains { $0.hasPrefix("      When   seed1.water()") })
        #expect(brief.contains { $0.hasPrefix("      Failed") })
        // Asked for every failure, the Given is whole.
        #expect(told.contains("let seed40 = Seed()"))
        #expect(!told.contains("lines more"))
    }

    @Test("A failing check's Then says what its failing expectation promised; --all-failures tells the whole Then")
    func thenOfTheFailure() throws {
        // Given
        let fixture = try FixtureCourse()
        var (kit, report) = try Self.report(in: fixture, failing: ["First"])
        let file = "Tests/Step01SeedTests/ThreePromisesTests.swift"
        try fixture.write(
            file,
            """
            @Test func threePromises() {
                // Given
                let seed = Seed()
                // When
                seed.water()
                // Then
                // The seed is watered.
                #expect(seed.watered)
                // It keeps no water for later: a seed holding water rots.
                #expect(seed.storedWater == 0)
                // It is watered once.
                #expect(seed.waterings == 1)
            }
            """)
        report.checks[0] = CheckResult(
            target: report.checks[0].target, key: "SeedTests/threePromises()", name: "First", status: .failed,
            file: fixture.root.appendingPathComponent(file).path, line: 1)
        report.checks[0].failures = [
            CheckResult.Failure(
                message: "Expectation failed: (seed.storedWater → 3) == 0",
                details: ["It keeps no water for later: a seed holding water rots."], line: 10)
        ]
        let plain = StepReportRenderer(kit: kit, terminal: .plain)
        var full = plain
        full.tellsEveryFailure = true

        // When
        let brief = plain.render(report)
        let told = full.render(report)

        // Then
        // The promise that failed is the Then: the others, true of the learner's code, sent a learner the wrong way.
        #expect(brief.contains("Then   It keeps no water for later"))
        #expect(!brief.contains("The seed is watered.") && !brief.contains("It is watered once."))
        #expect(brief.contains("… 2 more in its Then: kata check 1 --all-failures"))
        // Asked for everything, the Then is whole, in its order.
        #expect(told.contains("Then   The seed is watered."))
        #expect(told.contains("It is watered once."))
    }

    @Test("A check's name longer than the terminal is wrapped under itself, never cut")
    func longNamesWrap() throws {
        // Given
        let fixture = try FixtureCourse()
        let long = "A check whose name goes on and on, well past the eighty columns of the terminal it is shown on"
        let (kit, report) = try Self.report(in: fixture, failing: ["First", long])
        let sut = StepReportRenderer(kit: kit, terminal: .plain)

        // When
        let lines = sut.render(report).components(separatedBy: "\n")

        // Then
        #expect(lines.allSatisfy { $0.count <= 80 })
        let start = try #require(lines.firstIndex { $0.hasPrefix("  ✘ A check whose name") })
        #expect(lines[start] + " " + lines[start + 1].trimmingCharacters(in: .whitespaces) == "  ✘ " + long)
        #expect(lines[start + 1].hasPrefix("    "))
    }

    @Test("kata watch's screen starts with the step and the failing check's title, and cuts its story's Given to fit")
    func screenFitsItsHeight() throws {
        // Given
        let fixture = try FixtureCourse()
        let (kit, report) = try Self.report(
            in: fixture, passing: ["Passing check"], failing: Array(Self.failing.prefix(4)), given: 40)
        let sut = StepReportRenderer(kit: kit, terminal: Terminal(isInteractive: true, usesColor: false, width: 80))

        // When
        let lines = sut.screen(report, height: 20).components(separatedBy: "\n").dropLast()

        // Then
        #expect(lines.count == 20)
        #expect(lines[0].hasPrefix("Step 1 · Seed"))
        #expect(lines[2] == "  ✘ Failing check number 1")
        #expect(lines[3] == "      Given  let seed1 = Seed()")
        // What failed stays in sight, under what is left of the story.
        #expect(lines.contains { $0.contains("… (kata check 1 shows the rest)") })
        // The story is cut from its Given: what should hold (its Then) stays whole.
        #expect(lines.contains { $0.hasPrefix("      Then ") })
        let cut = try #require(lines.firstIndex { $0.contains("… (kata check 1 shows the rest)") })
        #expect(lines[cut + 1].hasPrefix("      When ") || lines[cut + 1].hasPrefix("      Then "))
        #expect(lines.contains("      Failed Expectation failed: seed1.watered"))
        // Every other check keeps its line, after the story.
        for name in ["Passing check"] + Self.failing[1..<4] {
            #expect(lines.contains { $0.hasSuffix(" " + name) }, "\(name)")
        }
        #expect(lines.last?.hasPrefix("Step 1: 1/5 checks pass") == true)
    }

    @Test("On a short screen with many failing checks, what failed stays in sight and the checks left out are counted")
    func screenCountsFailingChecks() throws {
        // Given
        let fixture = try FixtureCourse()
        let (kit, report) = try Self.report(in: fixture, failing: Self.failing, given: 6)
        let sut = StepReportRenderer(kit: kit, terminal: Terminal(isInteractive: true, usesColor: false, width: 80))

        // When
        let lines = sut.screen(report, height: 20).components(separatedBy: "\n").dropLast()

        // Then
        #expect(lines.count <= 20)
        #expect(lines[2] == "  ✘ Failing check number 1")
        #expect(lines.contains("      Failed Expectation failed: seed1.watered"))
        #expect(lines.contains("  ✘ Failing check number 2"))
        #expect(lines.contains { $0.hasPrefix("  … and ") && $0.hasSuffix(" more (kata check 1 names them)") })
    }

    @Test("On watch's screen a long failure is cut before the hint, which says what to do")
    func screenKeepsTheHint() throws {
        // Given
        let fixture = try FixtureCourse()
        let kit = try fixture.kit()
        let step = kit.steps[0]
        let declared = try #require(kit.course.checks(of: step).first { $0.key == "SeedTests/remembersWater()" })
        var check = CheckResult(
            target: step.testTarget, key: declared.key, name: declared.name, status: .failed,
            file: fixture.root.appendingPathComponent(declared.file).path, line: declared.line)
        check.failures = [
            CheckResult.Failure(
                message: "Expectation failed: " + String(repeating: "a value that prints at length, ", count: 30))
        ]
        let report = StepReport(step: step, source: .exercises, status: .failed, checks: [check])
        let sut = StepReportRenderer(kit: kit, terminal: Terminal(isInteractive: true, usesColor: false, width: 80))

        // When
        let lines = sut.screen(report, height: 14).components(separatedBy: "\n").dropLast()

        // Then
        #expect(lines.count <= 14)
        #expect(lines.contains { $0.hasPrefix("      Failed Expectation failed: a value") })
        #expect(lines.contains("      Hint   \(FixtureCourse.seedHints[0])"))
    }

    @Test("On watch's screen a step that passes has its checks counted when they do not fit a line each")
    func screenOfAPass() throws {
        // Given
        let fixture = try FixtureCourse()
        let (kit, failed) = try Self.report(
            in: fixture, passing: (1...30).map { "Passing check number \($0)" }, failing: [])
        let report = StepReport(step: failed.step, source: .exercises, status: .passed, checks: failed.checks)
        let sut = StepReportRenderer(kit: kit, terminal: Terminal(isInteractive: true, usesColor: false, width: 80))

        // When
        let lines = sut.screen(report, height: 12).components(separatedBy: "\n").dropLast()

        // Then
        #expect(lines.count <= 12)
        #expect(lines.contains("  ✔ 30 checks pass"))
        #expect(lines.last == "Step 1: 30/30 checks pass")
    }

    @Test("On a screen too short for every check's line, the passing checks are counted on one")
    func screenCountsPassingChecks() throws {
        // Given
        let fixture = try FixtureCourse()
        let passing = (1...30).map { "Passing check number \($0)" }
        let (kit, report) = try Self.report(in: fixture, passing: passing, failing: ["Failing now", "Failing next"])
        let sut = StepReportRenderer(kit: kit, terminal: Terminal(isInteractive: true, usesColor: false, width: 80))

        // When
        let lines = sut.screen(report, height: 16).components(separatedBy: "\n").dropLast()

        // Then
        #expect(lines.count <= 16)
        #expect(lines[2] == "  ✘ Failing now")
        #expect(lines.contains("  ✔ 30 checks pass"))
        #expect(lines.contains("  ✘ Failing next"))
    }

    @Test("On watch's screen a check's name is cut to the terminal's width, so each takes one line")
    func screenCutsLongNames() throws {
        // Given
        let fixture = try FixtureCourse()
        let long = "A check whose name goes on and on, well past the eighty columns of the terminal it is shown on"
        let (kit, report) = try Self.report(in: fixture, failing: ["First", long])
        let sut = StepReportRenderer(kit: kit, terminal: Terminal(isInteractive: true, usesColor: false, width: 80))

        // When
        let lines = sut.screen(report, height: 40).components(separatedBy: "\n")

        // Then
        let line = try #require(lines.first { $0.hasPrefix("  ✘ A check whose name") })
        #expect(line.count == 80)
        #expect(line.hasSuffix("…"))
    }

    @Test(
        "A check that crashed or hung in a file of the learner's sends them to that file, not the one its guide names")
    func lookWhereItStopped() throws {
        // Given
        // The guide of this check says Seed.swift; the crash was in another file of the step.
        let fixture = try FixtureCourse()
        let kit = try fixture.kit()
        let step = kit.steps[0]
        let test = fixture.root.appendingPathComponent("Tests/Step01SeedTests/SeedTests.swift").path
        func report(_ status: CheckResult.Status, at file: String) -> StepReport {
            var check = CheckResult(
                target: step.testTarget, key: "SeedTests/remembersWater()", name: "A watered seed remembers it",
                status: status, file: test, line: 10)
            check.failures = [CheckResult.Failure(message: "It crashed: Fatal error", file: file, line: 5)]
            return StepReport(step: step, source: .exercises, status: .failed, checks: [check])
        }
        let helper = fixture.root.appendingPathComponent("Exercises/01-Seed/Helpers/Watering.swift").path
        let sut = StepReportRenderer(kit: kit, terminal: Terminal(isInteractive: false, usesColor: false, width: 100))
        let next = NextStep(all: false, source: .exercises)

        // When
        let crashed = report(.crashed, at: helper)
        let failed = report(.failed, at: test)
        let said = [crashed, failed].map {
            sut.render($0) + next.text(after: [$0], in: kit, style: Style(enabled: false))
        }

        // Then
        // Where it crashed is where to look, in the hint and in what to do next.
        #expect(said[0].contains("Look in Helpers/Watering.swift, where it stopped. More: kata hint 1"))
        #expect(said[0].contains("make the first failing check pass in Exercises/01-Seed/Helpers/Watering.swift"))
        // A failed expectation is placed in the checks: the guide's file is where to look.
        #expect(said[1].contains("Look in Seed.swift. More: kata hint 1"))
        #expect(said[1].contains("make the first failing check pass in Exercises/01-Seed/Seed.swift"))
    }

    /// What kata check and the next step say of failures of "A watered seed remembers it", each with the likely
    /// misconception beside it, where step 1 has a helper (Helpers/Watering.swift) beside the guide's Seed.swift.
    private static func saidOfWatering(_ failures: [(CheckResult.Failure, Diagnosis?)]) throws -> [String] {
        let fixture = try FixtureCourse()
        let kit = try fixture.kit()
        let step = kit.steps[0]
        try FileManager.default.createDirectory(
            at: fixture.root.appendingPathComponent("Exercises/01-Seed/Helpers"), withIntermediateDirectories: true)
        try fixture.write("Exercises/01-Seed/Helpers/Watering.swift", "// The learner's helper.\n")
        let sut = StepReportRenderer(kit: kit, terminal: Terminal(isInteractive: false, usesColor: false, width: 100))
        let next = NextStep(all: false, source: .exercises)
        return failures.map { failure, diagnosis in
            var check = CheckResult(
                target: step.testTarget, key: "SeedTests/remembersWater()", name: "A watered seed remembers it",
                status: .failed, file: nil, line: nil)
            check.failures = [failure]
            var report = StepReport(step: step, source: .exercises, status: .failed, checks: [check])
            report.diagnosis = diagnosis
            return sut.render(report) + next.text(after: [report], in: kit, style: Style(enabled: false))
        }
    }

    @Test("A failed expectation whose comment names a file of the step sends the learner to it, not to the guide's")
    func lookWhereTheExpectationSays() throws {
        // Given
        // The guide of this check says Seed.swift; what failed is about a property in another file of the step.
        func failure(saying details: [String]) -> (CheckResult.Failure, Diagnosis?) {
            (CheckResult.Failure(message: "Expectation failed: seed.watered", details: details), nil)
        }

        // When
        let said = try Self.saidOfWatering([
            failure(saying: ["The can keeps its water: `var water` in Watering.swift is strong."]),
            failure(saying: ["The seed remembers it was watered."]),
            failure(saying: ["Nothing.swift, which the step does not have, holds it."]),
        ])

        // Then
        // The file the failing expectation names, in the hint and in what to do next.
        #expect(said[0].contains("Look in Helpers/Watering.swift. More: kata hint 1"))
        #expect(said[0].contains("make the first failing check pass in Exercises/01-Seed/Helpers/Watering.swift"))
        // No file named, or none the step has: the guide's.
        #expect(said[1].contains("Look in Seed.swift. More: kata hint 1"))
        #expect(said[2].contains("Look in Seed.swift. More: kata hint 1"))
    }

    @Test("A likely misconception sends the learner to the file its catalogued mistakes change, if the step has it")
    func lookWhereTheMisconceptionWasMade() throws {
        // Given
        // The guide of this check says Seed.swift; the mistakes of the misconception named were made in another file.
        func failure(placed file: String?) -> (CheckResult.Failure, Diagnosis?) {
            let diagnosis = Diagnosis(
                misconception: "01-can-kept-dry", sentence: "The can is never filled.", confidence: 0.95, file: file)
            return (CheckResult.Failure(message: "Expectation failed: seed.watered"), diagnosis)
        }

        // When
        let said = try Self.saidOfWatering([
            failure(placed: "Helpers/Watering.swift"), failure(placed: "Gone.swift"), failure(placed: nil),
        ])

        // Then
        // Where the mistakes like the learner's were made, in the hint and in what to do next.
        #expect(said[0].contains("Look in Helpers/Watering.swift. More: kata hint 1"))
        #expect(said[0].contains("make the first failing check pass in Exercises/01-Seed/Helpers/Watering.swift"))
        // A file the learner's step does not have, or none: the guide's.
        #expect(said[1].contains("Look in Seed.swift. More: kata hint 1"))
        #expect(said[2].contains("Look in Seed.swift. More: kata hint 1"))
    }

    @Test("Values are told without the modules that qualify their types; the checks' own words stay as they are")
    func valuesWithoutModules() throws {
        // Given
        let fixture = try FixtureCourse()
        let (kit, base) = try Self.report(in: fixture, failing: ["Failing"])
        var report = base
        let value =
            "Expectation failed: (spy.messages → [Step01SeedTests.SeedSpy.Message.watered(Swift.Result<Swift.Array<"
            + "Step01Seed.Seed>, Foundation.CocoaError>.success([Step01Seed.Seed(watered: true)]))]) == []"
        report.checks[0].failures = [CheckResult.Failure(message: value)]
        let sut = StepReportRenderer(kit: kit, terminal: Terminal(isInteractive: false, usesColor: false, width: 200))

        // When
        let text = sut.render(report)

        // Then
        // The types read as the learner wrote them; what the check compares is untouched.
        #expect(
            text.contains("[SeedSpy.Message.watered(Result<Array<Seed>, CocoaError>.success([Seed(watered: true)]))]"))
        #expect(text.contains("(spy.messages → "))
    }

    @Test("A failed cast names the type it asked for, not a value of that type that reads like success")
    func castsReadAsAsked() throws {
        // Given
        let fixture = try FixtureCourse()
        let (kit, base) = try Self.report(in: fixture, failing: ["Failing"])
        var report = base
        report.checks[0].failures = [
            CheckResult.Failure(
                message:
                    "Expectation failed: (garden.seed → nil) as? (Step01Seed.Seed → Optional<any Step01Seed.Growing>)"),
            CheckResult.Failure(message: "Expectation failed: ((sut as Any) → Pot) as? (any Growing → Pot)"),
        ]
        var sut = StepReportRenderer(kit: kit, terminal: Terminal(isInteractive: false, usesColor: false, width: 200))
        sut.tellsEveryFailure = true

        // When
        let text = sut.render(report)

        // Then
        // What was there, and the type asked for: "as? (Seed → Optional<…>)" read as if the cast had worked.
        #expect(text.contains("(garden.seed → nil) as? Seed"))
        #expect(text.contains("((sut as Any) → Pot) as? any Growing"))
        #expect(!text.contains("Optional<any Growing>"))
    }

    @Test("Two long texts that differ by a little say where they first differ")
    func whereTextsDiffer() throws {
        // Given
        let fixture = try FixtureCourse()
        let (kit, base) = try Self.report(in: fixture, failing: ["Failing"])
        var report = base
        let message =
            #"Expectation failed: (viewSpy.confirmation → "We sent a link to ada@scoops.example, check your inbox") == "#
            + #"("We sent a link to ada@scoops.example, check your inbox." → "We sent a link to ada@scoops.example, "#
            + #"check your inbox.")"#
        report.checks[0].failures = [CheckResult.Failure(message: message)]
        let sut = StepReportRenderer(kit: kit, terminal: Terminal(isInteractive: false, usesColor: false, width: 200))

        // When
        let text = sut.render(report)

        let listed =
            #"Expectation failed: (screen.texts → ["Type your email.", "We sent a link to ada@scoops.example"])"#
            + #".contains(sent → "We sent a link to ada@scoops.example.")"#
        report.checks[0].failures = [CheckResult.Failure(message: listed)]
        let listText = sut.render(report)

        // Then
        // The place is named with what comes before it, and what each text has there.
        #expect(
            text.contains(
                #"The texts part after “…ada@scoops.example, check your inbox”: here the text ends, expected “.”"#))
        // Looked for in a list of texts, the nearest of them is compared.
        #expect(listText.contains(#"The texts part after “…to ada@scoops.example”: here the text ends, expected “.”"#))
    }
}
