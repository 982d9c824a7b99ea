import Foundation
import Testing

@testable import KataCore

/// The likely misconception, named from how the checks failed: what a failure says, how two
/// failures compare, when the diagnosis names one and when it stays silent.
@Suite("The likely misconception, named from the failures")
struct DiagnosisTests {
    /// A failing check of `key` whose first failure says `message`, with those arguments.
    static func failing(
        _ key: String, _ message: String, arguments: [String] = [], status: CheckResult.Status = .failed
    ) -> CheckResult {
        var check = CheckResult(
            target: "Step03InteractorTests", key: key, name: key, status: status, file: nil, line: 1)
        check.failures =
            arguments.isEmpty
            ? [.init(message: message)] : arguments.map { .init(message: message, argument: $0) }
        return check
    }

    static func signature(_ checks: [CheckResult]) -> FailureSignature {
        FailureSignature(failing: checks.map { FailureSignature(report: report($0))!.failing[0] })
    }

    static func report(_ checks: CheckResult...) -> StepReport {
        StepReport(
            step: Step(number: 3, name: "Interactor", app: "Scoops", scene: "CreateIceCream", lesson: ""),
            source: .exercises,
            status: .failed, checks: checks + [passing("Other/passes()")])
    }

    static func passing(_ key: String) -> CheckResult {
        CheckResult(target: "Step03InteractorTests", key: key, name: key, status: .passed, file: nil, line: 1)
    }

    /// A catalogue of step 3 with two misconceptions, three mistakes each, failing in their own ways.
    static let catalogue: MisconceptionCatalogue = {
        func example(_ name: String, _ misconception: String, _ checks: CheckResult...)
            -> MisconceptionCatalogue.Example
        {
            .init(
                mistake: name, misconception: misconception,
                signature: FailureSignature(report: report(checks[0]))!
                    .merged(
                        with: checks.dropFirst().reduce(FailureSignature(failing: [])) {
                            $0.merged(with: FailureSignature(report: report($1))!)
                        }))
        }
        let twice = "Expectation failed: (spy.requests.count → 2) == 1"
        let never = "Expectation failed: (spy.requests.count → 0) == 1"
        return MisconceptionCatalogue(
            misconceptions: [
                .init(id: "03-asks-again", step: 3, sentence: "The view asks again each time it appears."),
                .init(id: "03-asks-nothing", step: 3, sentence: "Appearing asks for nothing."),
            ],
            examples: [
                example("03-a.patch", "03-asks-again", failing("View/appearingLoadsOnce()", twice)),
                example(
                    "03-b.patch", "03-asks-again", failing("View/appearingLoadsOnce()", twice),
                    failing("View/reappearing()", "Expectation failed: (spy.requests.count → 3) == 1")),
                example("03-c.patch", "03-asks-again", failing("View/appearingLoadsOnce()", twice)),
                example(
                    "03-d.patch", "03-asks-nothing", failing("View/appearingLoadsOnce()", never),
                    failing("Interactor/presents()", "Expectation failed: (spy.presented → []) == [menu]")),
                example(
                    "03-e.patch", "03-asks-nothing", failing("View/appearingLoadsOnce()", never),
                    failing("Interactor/presents()", "Expectation failed: (spy.presented → []) == [menu]")),
                example("03-f.patch", "03-asks-nothing", failing("View/appearingLoadsOnce()", never)),
            ])
    }()

    @Test(
        "A failure's message is read as its expectation without values, and its first value as a kind",
        arguments: [
            (
                "Expectation failed: (error.problem → .missing) == .unreadable", "(error.problem) == .unreadable",
                ".missing"
            ),
            ("Expectation failed: (spy.count → 2) == 1", "(spy.count) == 1", "more"),
            ("Expectation failed: (spy.count → 0) == (expected → 1)", "(spy.count) == (expected)", "zero"),
            (
                "Expectation failed: (spy.names → [\"a, b\"]) == (all → [\"a\", \"b\"])", "(spy.names) == (all)",
                "shorter list"
            ),
            (
                "Expectation failed: (view.alert → nil) == (text → \"No (such) account\")", "(view.alert) == (text)",
                "nil"
            ),
            ("Caught error: menu.json is not in the bundle", "caught error", nil),
            (
                "Expectation failed: expected error of type FileError, but \"DecodingError.typeMismatch: expected "
                    + "value of type Array<Any>. Path: cones.\" was thrown instead",
                "expected error of type FileError, but another was thrown", "another error"
            ),
            (
                "Expectation failed: expected error of type FileError, but \"Error Domain=NSCocoaErrorDomain Code=256 "
                    + "\"(null)\"UserInfo={NSFilePath=/tmp/a.json, NSURL=file:///tmp/a.json}\" was thrown instead",
                "expected error of type FileError, but another was thrown", "another error"
            ),
            (
                "Expectation failed: expected error of type Lost, but \".unknown\" of type SignInError was thrown instead",
                "expected error of type Lost, but another was thrown", ".unknown"
            ),
            (
                "Expectation failed: expected error of type Lost, but \".failed(No (such) account.)\" of type Mine was "
                    + "thrown instead",
                "expected error of type Lost, but another was thrown", ".failed"
            ),
            (
                "Expectation failed: an error was expected but none was thrown and \"x\" was returned",
                "no error thrown", nil
            ),
        ] as [(String, String, String?)])
    func messagesAreRead(message: String, expectation: String, actual: String?) {
        // Given
        let text = message

        // When
        let sut = FailureMessage(text)

        // Then
        #expect(sut.expectation == expectation)
        #expect(sut.actual == actual)
    }

    @Test(
        "A list is told by how its elements differ from the expected ones, never by what they hold",
        arguments: [
            ("(spies.map(\\.count) → [0, 0, 0]) == [1, 1, 1]", "0 0 0"),
            ("(spies.map(\\.count) → [2, 2, 1]) == [1, 1, 1]", "> > ="),
            ("(counts → [1, 1, 0]) == (expected → [1, 2, 1])", "= < 0"),
            ("(names → [\"b\", \"a\"]) == (expected → [\"a\", \"b\"])", "reordered"),
            ("(names → [\"a\", \"c\"]) == (expected → [\"a\", \"b\"])", "= x"),
            ("(messages → [.present(Home), .push(Help)]) == (expected → [.push(Home), .push(Help)])", "name ="),
            ("(messages → [.push(Help)]) == (expected → [.push(Home)])", "contents"),
            ("(messages → [.push(Help)]) == (expected → [.present(Home)])", "x"),
            (
                "(names → [\"a\", \"a\", \"b\"]) == (expected → [\"a\", \"b\"])",
                "holds all expected, only expected, repeats"
            ),
            ("(names → [\"a\"]) == (expected → [\"a\", \"b\"])", "only expected"),
            ("(names → [\"a, b\"]) == (expected → [\"a\", \"b\"])", nil),
            ("(names → []) == (expected → [\"a\"])", nil),
            ("(spy.count → 2) == 1", nil),
        ] as [(String, String?)])
    func listsAreReadByShape(expression: String, shape: String?) {
        // Given
        let message = "Expectation failed: " + expression

        // When
        let sut = FailureMessage(message)

        // Then
        #expect(sut.shape == shape)
    }

    @Test("The cases a message names are kept, not the members of the values it prints")
    func casesAreKept() {
        // Given
        let message =
            "Expectation failed: (spy.messages → [.presentLoading(isLoading: true), .presentLoading(isLoading: false)]) "
            + "== (expected → [.presentLoading(isLoading: true), .presentLoginResult(.failure(.unknownEmail))])"

        // When
        let cases = FailureMessage(message).cases

        // Then
        #expect(cases == [".presentLoading", ".presentLoginResult", ".failure", ".unknownEmail"])
    }

    @Test("The words a check's values had instead weigh one in all, so a long value does not outweigh the check")
    func wordsWeighOneInAll() throws {
        // Given
        let long = Self.failing(
            "View/greets()", "Expectation failed: (view.text → \"hello there dear learner of clean swift\") == \"Hi\"")
        let short = Self.failing("View/greets()", "Expectation failed: (view.text → \"hello\") == \"Hi\"")

        // When
        let features = try [long, short].map { try #require(FailureSignature(report: Self.report($0))).features }

        // Then
        let words = features.map { $0.filter { $0.key.hasPrefix("word ") }.values.reduce(0, +) }
        // Six words and one word each weigh one in all.
        #expect(words.map { ($0 * 1000).rounded() } == [1000, 1000])
        // The check itself still weighs most.
        #expect(features[0]["check View/greets()"] ?? 0 > words[0])
    }

    @Test("Failing the same check the same way makes two mistakes alike, whatever the words of their values")
    func detailsWeighLessThanHowItFailed() throws {
        // Given
        let mine = Self.failing("View/greets()", "Expectation failed: (view.text → \"hello\") == \"Hi\"")
        let theirs = Self.failing("View/greets()", "Expectation failed: (view.text → \"welcome\") == \"Hi\"")
        let elsewhere = Self.failing("View/waves()", "Expectation failed: (view.text → \"hello\") == \"Hi\"")

        // When
        let features = try [mine, theirs, elsewhere].map {
            try #require(FailureSignature(report: Self.report($0))).features
        }

        // Then
        // Which check failed and how count whole, the other words half: (1 + 1 + 0) / 2.5.
        #expect(Diagnoser.similarity(features[0], features[1]) == 0.8)
        // The same words in another check say little: nothing of which check, or how, is shared.
        #expect(Diagnoser.similarity(features[0], features[2]) == 0)
    }

    @Test("Two crashes of one kind in the same check compare as alike, whatever their own message names")
    func crashesCompareByKind() throws {
        // Given
        let mine = Self.failing(
            "Decode/malformed()", "It crashed: Fatal error: Failed to decode broken.json from the bundle",
            status: .crashed)
        let theirs = Self.failing(
            "Decode/malformed()", "It crashed: Fatal error: 'try!' expression unexpectedly raised an error",
            status: .crashed)
        let otherKind = Self.failing(
            "Decode/malformed()", "It crashed: Precondition failed: no menu", status: .crashed)

        // When
        let features = try [mine, theirs, otherKind].map {
            try #require(FailureSignature(report: Self.report($0))).features
        }

        // Then
        // Both are fatal errors: the file a message names, or its wording, is the learner's, not the mistake's.
        #expect(Diagnoser.similarity(features[0], features[1]) == 1)
        // A precondition is another kind of crash.
        #expect(Diagnoser.similarity(features[0], features[2]) < 1)
    }

    @Test("A learner who fails as the mistakes of one misconception did is told that misconception")
    func namesTheMisconception() throws {
        // Given
        let sut = Diagnoser(catalogue: Self.catalogue)
        let report = Self.report(
            Self.failing("View/appearingLoadsOnce()", "Expectation failed: (spy.requests.count → 2) == 1"))

        // When
        let diagnosis = try #require(sut.diagnose(report))

        // Then
        #expect(diagnosis.misconception == "03-asks-again")
        #expect(diagnosis.sentence == "The view asks again each time it appears.")
        #expect(diagnosis.confidence >= Diagnoser.threshold && diagnosis.confidence <= 1)
    }

    @Test("The same check failing with another kind of value names the other misconception")
    func valuesTellMisconceptionsApart() throws {
        // Given
        let sut = Diagnoser(catalogue: Self.catalogue)
        let report = Self.report(
            Self.failing("View/appearingLoadsOnce()", "Expectation failed: (spy.requests.count → 0) == 1"),
            Self.failing("Interactor/presents()", "Expectation failed: (spy.presented → []) == [menu]"))

        // When
        let diagnosis = try #require(sut.diagnose(report))

        // Then
        #expect(diagnosis.misconception == "03-asks-nothing")
    }

    @Test("Failures like no catalogued mistake's, or like two at once, are named as nothing")
    func silentWhenUnsure() {
        // Given
        let sut = Diagnoser(catalogue: Self.catalogue)
        let unknown = Self.report(Self.failing("Router/routes()", "Expectation failed: (router.calls → 0) == 1"))
        let both = Self.report(
            Self.failing("View/appearingLoadsOnce()", "Expectation failed: (spy.requests.count → 2) == 1"),
            Self.failing("Interactor/presents()", "Expectation failed: (spy.presented → []) == [menu]"),
            Self.failing("Router/routes()", "Expectation failed: (router.calls → 0) == 1"),
            Self.failing("Worker/asks()", "Expectation failed: (worker.calls → 0) == 1"))

        // When
        let named = (sut.diagnose(unknown), sut.diagnose(both))

        // Then
        #expect(named.0 == nil)
        #expect(named.1 == nil)
    }

    @Test("Failing somewhat like most of the mistakes of one misconception names it, where none fails nearly alike")
    func theNearestMistakesVote() throws {
        // Given
        func example(_ name: String, _ misconception: String, failing keys: String...) -> MisconceptionCatalogue.Example
        {
            .init(
                mistake: name, misconception: misconception,
                signature: Self.signature(keys.map { Self.failing($0, "Expectation failed: (view.count → 2) == 1") }))
        }
        let misconceptions: [MisconceptionCatalogue.Misconception] = [
            .init(id: "03-counts-twice", step: 3, sentence: "The view counts each row twice."),
            .init(id: "03-counts-headers", step: 3, sentence: "The view counts its headers as rows."),
        ]
        let twice = [
            example("03-a.patch", "03-counts-twice", failing: "View/a()", "View/b()", "View/c()"),
            example("03-b.patch", "03-counts-twice", failing: "View/a()", "View/b()", "View/c()"),
        ]
        let headers = example("03-c.patch", "03-counts-headers", failing: "View/a()", "View/b()")
        let asOften = [
            example("03-d.patch", "03-counts-headers", failing: "View/a()", "View/b()", "View/c()"),
            example("03-e.patch", "03-counts-headers", failing: "View/a()", "View/b()", "View/c()"),
        ]
        let sut = Diagnoser(
            catalogue: MisconceptionCatalogue(misconceptions: misconceptions, examples: twice + [headers]))
        let split = Diagnoser(
            catalogue: MisconceptionCatalogue(misconceptions: misconceptions, examples: twice + asOften))
        let report = Self.report(
            Self.failing("View/a()", "Expectation failed: (view.count → 2) == 1"),
            Self.failing("View/b()", "Expectation failed: (view.count → 2) == 1"),
            Self.failing("View/c()", "Expectation failed: (view.count → 2) == 1"),
            Self.failing("View/d()", "Expectation failed: (view.count → 2) == 1"))

        // When
        let diagnosis = try #require(sut.diagnose(report))
        let splitVote = split.diagnose(report)

        // Then
        // Three quarters alike to a and b, too little for either alone, and c is further: most of the vote is theirs.
        #expect(diagnosis.misconception == "03-counts-twice")
        #expect(diagnosis.confidence > Diagnoser.votingMajority && diagnosis.confidence < 1)
        // As many mistakes of another misconception fail as alike: neither has most of the vote.
        #expect(splitVote == nil)
    }

    /// Step 3 with mistakes that fail at the same places in the same way, each in its learner's own words.
    static let worded: MisconceptionCatalogue = {
        func example(_ name: String, _ misconception: String, greeting: String?, waves: Bool = true)
            -> MisconceptionCatalogue.Example
        {
            var checks: [CheckResult] = []
            if let greeting {
                checks.append(failing("View/greets()", "Expectation failed: (view.text → \"\(greeting)\") == \"Hi\""))
            }
            if waves { checks.append(failing("View/waves()", "Expectation failed: (view.waves → 2) == 1")) }
            return .init(mistake: name, misconception: misconception, signature: signature(checks))
        }
        return MisconceptionCatalogue(
            misconceptions: [
                .init(id: "03-greets-own-way", step: 3, sentence: "The view greets in its own words, twice."),
                .init(id: "03-greets-alone", step: 3, sentence: "The view greets in its own words."),
                .init(id: "03-waves-twice", step: 3, sentence: "The view waves twice."),
            ],
            examples: [
                example("03-a.patch", "03-greets-own-way", greeting: "hello there"),
                example("03-b.patch", "03-greets-own-way", greeting: "hello friend"),
                example("03-c.patch", "03-greets-alone", greeting: "good day", waves: false),
                example("03-d.patch", "03-greets-alone", greeting: "good evening", waves: false),
                example("03-e.patch", "03-waves-twice", greeting: nil),
            ])
    }()

    @Test("Failing at the same places in the same way as the mistakes of one misconception names it, in other words")
    func exactlyAlikeNamesIt() throws {
        // Given
        let sut = Diagnoser(catalogue: Self.worded)
        let report = Self.report(
            Self.failing("View/greets()", "Expectation failed: (view.text → \"hello you\") == \"Hi\""),
            Self.failing("View/waves()", "Expectation failed: (view.waves → 2) == 1"))

        // When
        let diagnosis = try #require(sut.diagnose(report))

        // Then
        #expect(diagnosis.misconception == "03-greets-own-way")
        // Its own words keep it further from a and b than the nearest mistake must otherwise be.
        #expect(diagnosis.confidence < Diagnoser.threshold)
    }

    @Test(
        "Failing exactly alike names nothing when as many mistakes of another misconception fail so; too little, it goes to the vote"
    )
    func exactlyAlikeIsNotEnough() throws {
        // Given
        var shared = Self.worded
        for (name, words) in [("03-f.patch", "hello all"), ("03-g.patch", "hello world")] {
            shared.examples.append(
                .init(
                    mistake: name, misconception: "03-waves-twice",
                    signature: Self.signature([
                        Self.failing("View/greets()", "Expectation failed: (view.text → \"\(words)\") == \"Hi\""),
                        Self.failing("View/waves()", "Expectation failed: (view.waves → 2) == 1"),
                    ])))
        }
        let twoChecks = Self.report(
            Self.failing("View/greets()", "Expectation failed: (view.text → \"hello you\") == \"Hi\""),
            Self.failing("View/waves()", "Expectation failed: (view.waves → 2) == 1"))
        let oneCheck = Self.report(
            Self.failing("View/greets()", "Expectation failed: (view.text → \"good night\") == \"Hi\""))
        let otherWords = Self.report(
            Self.failing("View/greets()", "Expectation failed: (view.text → \"welcome\") == \"Hi\""),
            Self.failing("View/waves()", "Expectation failed: (view.waves → 2) == 1"))
        var single = Self.worded
        single.examples.removeAll { $0.mistake == "03-b.patch" }

        // When
        let named = (
            Diagnoser(catalogue: shared).diagnose(twoChecks),
            try #require(Diagnoser(catalogue: Self.worded).diagnose(oneCheck)),
            try #require(Diagnoser(catalogue: single).diagnose(otherWords))
        )

        // Then
        // f and g, of another misconception, fail where and how a and b do: neither has most of the vote.
        #expect(named.0 == nil)
        // One check failing at one expectation is too little to go on, and only a fails so, with no word in common:
        // neither is named for failing exactly alike, but the mistakes most like each are of one misconception.
        #expect(named.1.misconception == "03-greets-alone")
        #expect(named.1.confidence < 1)
        #expect(named.2.misconception == "03-greets-own-way")
        #expect(named.2.confidence < Diagnoser.threshold)
    }

    @Test("Details that share exactly a fifth are enough, however the sums of their weights fall")
    func aFifthSharedIsAFifth() throws {
        // Given
        func greeting(_ words: String) -> [CheckResult] {
            [
                Self.failing("View/greets()", "Expectation failed: (view.text → \"\(words)\") == \"Hi\""),
                Self.failing("View/waves()", "Expectation failed: (view.waves → 2) == 1"),
            ]
        }
        var catalogue = Self.worded
        catalogue.examples = [
            .init(
                mistake: "03-a.patch", misconception: "03-greets-own-way",
                signature: Self.signature(greeting("alpha bravo charlie delta echo foxtrot")))
        ]
        let sut = Diagnoser(catalogue: catalogue)
        let report = StepReport(
            step: Self.report().step, source: .exercises, status: .failed, checks: greeting("alpha bravo"))

        // When
        let diagnosis = try #require(sut.diagnose(report))

        // Then
        // Two sixths shared of a half each: a fifth, which adding up the weights in floating point makes 0.19999…
        #expect(diagnosis.misconception == "03-greets-own-way")
    }

    @Test("Two mistakes failing exactly alike, each in its own words, name their misconception with no word in common")
    func exactlyAlikeTwiceNamesIt() throws {
        // Given
        let sut = Diagnoser(catalogue: Self.worded)
        let report = Self.report(
            Self.failing("View/greets()", "Expectation failed: (view.text → \"welcome\") == \"Hi\""),
            Self.failing("View/waves()", "Expectation failed: (view.waves → 2) == 1"))

        // When
        let diagnosis = try #require(sut.diagnose(report))

        // Then
        // a and b fail where and how it does, in words of their own: the words are the learner's, not the mistake.
        #expect(diagnosis.misconception == "03-greets-own-way")
    }

    @Test("Leave-one-out names each mistake from the others, and counts what it names wrongly and what it leaves")
    func leaveOneOut() {
        // Given
        let catalogue = Self.catalogue

        // When
        let sut = DiagnosisMeasure(catalogue: catalogue)

        // Then
        let total = sut.total
        #expect(total.mistakes == 6)
        #expect(total.named >= total.right)
        #expect(total.right >= 4, "a, c, d and e each have a twin that fails alike")
        #expect(sut.wrong.isEmpty)
        #expect(
            DiagnosisMeasure.summaryLine(total).hasPrefix("diagnosis: top-1 ")
                && DiagnosisMeasure.summaryLine(total).contains("% of 6 (leave-one-out), precision "))
    }

    @Test(
        "A mistake is never named from a copy of itself: catalogue files that make the same change are left out together"
    )
    func copiesLeftOutTogether() {
        // Given
        var catalogue = Self.catalogue
        // f has a twin, g, another file with the same change: only its copy fails as it does.
        let copy = Self.failing("Router/routes()", "Expectation failed: (router.calls → 0) == 1")
        catalogue.examples += [
            .init(mistake: "03-g.patch", misconception: "03-asks-nothing", signature: Self.signature([copy])),
            .init(mistake: "03-h.patch", misconception: "03-asks-nothing", signature: Self.signature([copy])),
        ]
        catalogue.heldOut = [
            .init(mistake: "03-fresh.patch", misconception: "03-asks-nothing", signature: Self.signature([copy]))
        ]
        let sameChange = ["03-g.patch": "one change", "03-h.patch": "one change", "03-fresh.patch": "one change"]

        // When
        let counted = DiagnosisMeasure(catalogue: catalogue)
        let sut = DiagnosisMeasure(catalogue: catalogue, sameChange: sameChange)

        // Then
        // Counted as others, each copy names the other: two right answers the catalogue did not earn.
        #expect(counted.total.right == sut.total.right + 2)
        // Left out with its copies, neither has anything that fails alike, and nothing is named for it.
        #expect(sut.total.named == counted.total.named - 2)
        // A held-out mistake is not named from its copy in the catalogue either.
        #expect(counted.heldOutTotal.right == 1)
        #expect(sut.heldOutTotal.right == 0)
        // As kata check meets it, a learner's mistake that a catalogued one already makes is named from it.
        #expect(sut.heldOutAsChecked.right == 1)
        // The copies are counted, so the report can say how many there are.
        #expect(sut.copies == 3)
    }

    @Test("Two mistakes at once named as one of the two are told apart from two named as a third")
    func pairsNamedAsNeither() {
        // Given
        var catalogue = Self.catalogue
        // A third misconception fails as asks-again and asks-nothing do together.
        catalogue.misconceptions.append(.init(id: "03-asks-blindly", step: 3, sentence: "It asks without looking."))
        catalogue.examples.append(
            .init(
                mistake: "03-g.patch", misconception: "03-asks-blindly",
                signature: Self.signature([
                    Self.failing("View/appearingLoadsOnce()", "Expectation failed: (spy.requests.count → 2) == 1"),
                    Self.failing("Interactor/presents()", "Expectation failed: (spy.presented → []) == [menu]"),
                ])))

        // When
        let sut = DiagnosisMeasure(catalogue: catalogue).total

        // Then
        // a with f fails as a alone does: named asks-again, which is one of the two.
        #expect(sut.pairsNamed > sut.pairsNamedAsNeither)
        // a with d fails as g does: named asks-blindly, which is neither.
        #expect(sut.pairsNamedAsNeither >= 1)
    }

    @Test("Pairs made at once are taken from across the step, not all with its first mistake")
    func pairsSpreadOverTheStep() {
        // Given
        let examples = Self.catalogue.examples

        // When
        let sut = DiagnosisMeasure.pairs(of: examples, count: 4)

        // Then
        // As many pairs as asked for, each of two misconceptions.
        #expect(sut.count == 4)
        #expect(sut.allSatisfy { $0.0.misconception != $0.1.misconception })
        // Not every pair holds the first mistake: the pairs reach the later ones too.
        #expect(Set(sut.flatMap { [$0.0.mistake, $0.1.mistake] }).count > 4)
        // No pair is taken twice.
        #expect(Set(sut.map { $0.0.mistake + " " + $0.1.mistake }).count == 4)
    }

    @Test("A held-out round is named from the whole catalogue and measured apart; silence is right where none fits")
    func heldOutRound() {
        // Given
        var catalogue = Self.catalogue
        let twice = Self.failing("View/appearingLoadsOnce()", "Expectation failed: (spy.requests.count → 2) == 1")
        let elsewhere = Self.failing("Router/routes()", "Expectation failed: (router.calls → 0) == 1")
        catalogue.heldOut = [
            .init(mistake: "03-fresh-a.patch", misconception: "03-asks-again", signature: Self.signature([twice])),
            .init(mistake: "03-fresh-b.patch", misconception: "none", signature: Self.signature([elsewhere])),
            .init(mistake: "03-fresh-c.patch", misconception: "03-asks-nothing", signature: Self.signature([twice])),
        ]

        // When
        let sut = DiagnosisMeasure(catalogue: catalogue)

        // Then
        // a is named rightly, b rightly left unnamed, c named wrongly (it fails as a and asks-again do).
        #expect(sut.heldOutTotal.mistakes == 3)
        #expect(sut.heldOutTotal.right == 2)
        #expect(sut.heldOutTotal.named == 2)
        #expect(sut.wrong.map(\.mistake) == ["03-fresh-c.patch"])
        #expect(sut.total.mistakes == 6, "held-out mistakes are never examples")
    }

    @Test("The kit's own diagnosis is current: every mistake grouped, every sentence its own, the record up to date")
    func kitDiagnosisIsCurrent() {
        // Given
        let (mistakes, _) = Mistake.catalogue(in: RealKit.kit)

        // When
        let problems = DiagnosisRecording.audit(mistakes: mistakes, in: RealKit.kit)

        // Then
        // What kata verify would say, said without grading anything: a catalogue or check change is re-recorded.
        #expect(problems == [])
    }

    @Test("The recorded catalogue reads back as it was written, one mistake a line")
    func catalogueRoundTrips() throws {
        // Given
        let sut = Self.catalogue

        // When
        let data = sut.encoded()
        let read = try JSONDecoder().decode(MisconceptionCatalogue.self, from: data)

        // Then
        #expect(read == sut)
        #expect(String(decoding: data, as: UTF8.self).components(separatedBy: "\n").count >= sut.examples.count + 4)
    }

    @Test(
        "Each misconception is placed in the file most of its catalogued mistakes change, and in none when they differ")
    func misconceptionsArePlaced() {
        // Given
        func mistake(_ name: String, changing files: String...) -> Mistake {
            let diff = files.map {
                "--- a/Solutions/03-Interactor/\($0)\n+++ b/Solutions/03-Interactor/\($0)\n@@ -1 +1 @@\n-a\n+b\n"
            }
            return Mistake(
                name: name, step: 3, description: name, caughtBy: [], fast: false, patch: UnifiedPatch(diff.joined()))
        }
        let mistakes = [
            mistake("03-a.patch", changing: "Scene/View.swift"),
            mistake("03-b.patch", changing: "Scene/Interactor.swift", "Scene/View.swift"),
            mistake("03-c.patch", changing: "Scene/View.swift"),
            mistake("03-d.patch", changing: "Scene/Interactor.swift"),
            mistake("03-e.patch", changing: "Scene/View.swift"),
            mistake("03-f.patch", changing: "Scene/Presenter.swift"),
        ]

        // When
        let sut = DiagnosisRecording.placed(Self.catalogue, mistakes: mistakes)

        // Then
        // All three mistakes of asking again change the view, one also the interactor.
        #expect(sut.misconception("03-asks-again")?.file == "Scene/View.swift")
        // Asking nothing was written in three files, one each: no one file to send the learner to.
        #expect(sut.misconception("03-asks-nothing")?.file == nil)
        // All six fail appearing first: placed so again by that check, as they are everywhere.
        #expect(
            sut.misconception("03-asks-again")?.places == [
                "View/appearingLoadsOnce()": "Scene/View.swift",
                "View/appearingLoadsOnce() at (spy.requests.count) == 1": "Scene/View.swift",
            ])
        #expect(sut.misconception("03-asks-nothing")?.places == nil)
        #expect(sut.examples == Self.catalogue.examples)
    }

    @Test(
        "A misconception shown in two parts sends the learner to the part that the check or expectation they fail first is about"
    )
    func placedByTheCheckFailedFirst() throws {
        // Given
        func mistake(_ name: String, changing file: String) -> Mistake {
            let diff =
                "--- a/Solutions/03-Interactor/\(file)\n+++ b/Solutions/03-Interactor/\(file)\n@@ -1 +1 @@\n-a\n+b\n"
            return Mistake(
                name: name, step: 3, description: name, caughtBy: [], fast: false, patch: UnifiedPatch(diff))
        }
        let asksTwice = Self.failing("View/appearingLoadsOnce()", "Expectation failed: (spy.requests.count → 2) == 1")
        let presentsTwice = Self.failing("Interactor/presents()", "Expectation failed: (spy.presented.count → 2) == 1")
        let titledTwice = Self.failing("View/appearingLoadsOnce()", "Expectation failed: (view.titles.count → 2) == 1")
        let catalogue = MisconceptionCatalogue(
            misconceptions: [.init(id: "03-twice-to-be-safe", step: 3, sentence: "Things are done twice to be safe.")],
            examples: [
                .init(
                    mistake: "03-a.patch", misconception: "03-twice-to-be-safe", signature: Self.signature([asksTwice])),
                .init(
                    mistake: "03-b.patch", misconception: "03-twice-to-be-safe", signature: Self.signature([asksTwice])),
                .init(
                    mistake: "03-c.patch", misconception: "03-twice-to-be-safe",
                    signature: Self.signature([presentsTwice])),
                .init(
                    mistake: "03-d.patch", misconception: "03-twice-to-be-safe",
                    signature: Self.signature([titledTwice])),
            ])
        let mistakes = [
            mistake("03-a.patch", changing: "Scene/View.swift"), mistake("03-b.patch", changing: "Scene/View.swift"),
            mistake("03-c.patch", changing: "Scene/Interactor.swift"),
            mistake("03-d.patch", changing: "Scene/Title.swift"),
        ]
        let sut = Diagnoser(catalogue: DiagnosisRecording.placed(catalogue, mistakes: mistakes))

        // When
        let inTheView = try #require(sut.diagnose(Self.report(asksTwice)))
        let inTheInteractor = try #require(sut.diagnose(Self.report(presentsTwice)))
        let inTheTitle = try #require(sut.diagnose(Self.report(titledTwice)))

        // Then
        // Two of four mistakes change the view, too few to place the misconception, but the interactor's check says
        // more, and the view's check at each of its expectations.
        #expect(inTheView.file == "Scene/View.swift")
        #expect(inTheInteractor.file == "Scene/Interactor.swift")
        #expect(inTheTitle.file == "Scene/Title.swift")
    }

    @Test("The authors' sentences are read one a line, and a line without an id is a problem that names it")
    func sentencesAreRead() throws {
        // Given
        let good = "# comment\n03-a: The view asks twice.\n\n04-b: The presenter keeps its view.\n"
        let bad = "03-a: The view asks twice.\nno id here\n"

        // When
        let read = MisconceptionCatalogue.sentences(from: good)
        let refused = MisconceptionCatalogue.sentences(from: bad)

        // Then
        let misconceptions = try read.get()
        #expect(misconceptions.map(\.id) == ["03-a", "04-b"])
        #expect(misconceptions.map(\.step) == [3, 4])
        guard case .failure(let problem) = refused else {
            Issue.record("a line without an id was read")
            return
        }
        #expect(problem.sentence.contains(":2 "))
    }

    @Test("A sentence that says what a check's name says is a restatement, not a misconception")
    func restatementsAreFound() {
        // Given
        let check = "Appearing loads the menu once, however often the view appears"

        // When
        let restated = DiagnosisRecording.restates("The menu loads once however often the view appears", check)
        let named = DiagnosisRecording.restates("The view asks the interactor from its initializer", check)

        // Then
        #expect(restated)
        #expect(!named)
    }

    @Test("kata check tells the likely misconception under the first failing check, and the JSON carries it")
    func checkTellsIt() throws {
        // Given
        let fixture = try FixtureCourse()
        var (kit, report) = try StepReportRendererTests.report(in: fixture, failing: ["First", "Second"])
        report.diagnosis = Diagnosis(
            misconception: "01-seed-dry", sentence: "The seed is planted but never watered.", confidence: 0.9)
        let sut = StepReportRenderer(kit: kit, terminal: .plain)

        // When
        let lines = sut.render(report).components(separatedBy: "\n")
        let json = StepDocument(report, workspace: kit.workspace).line()

        // Then
        let told = try #require(lines.firstIndex(of: "  ✘ First"))
        let second = try #require(lines.firstIndex(of: "  ✘ Second"))
        let looks = try #require(lines.firstIndex { $0.contains("This looks like: The seed is planted") })
        #expect(told < looks && looks < second)
        #expect(lines.filter { $0.contains("This looks like") }.count == 1)
        #expect(json.contains("\"diagnosis\":{\"confidence\":0.9,\"misconception\":\"01-seed-dry\""))
        _ = kit
    }
}
