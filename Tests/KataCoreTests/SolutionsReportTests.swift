import Foundation
import Testing

@testable import KataCore

@Suite("What kata check --solutions tells an author")
struct SolutionsReportTests {
    static let kit = RealKit.workspace

    static func failingReport(source: Source) -> StepReport {
        var check = CheckResult(
            target: "Step03InteractorTests", key: "CreateIceCreamViewTests/appearingLoadsOnce()",
            name: "Appearing asks the interactor to load the ice cream, once", status: .failed, file: nil, line: nil)
        check.failures = [CheckResult.Failure(message: "Expectation failed: 2 == 1")]
        return StepReport(step: RealKit.steps[2], source: source, status: .failed, checks: [check])
    }

    @Test("A failing reference solution is called the kit's to fix, with no learner's hint and no Exercises/")
    func failingSolution() throws {
        // Given
        let renderer = StepReportRenderer(
            kit: RealKit.opened(Self.kit), terminal: Terminal(isInteractive: false, usesColor: false, width: 100))
        let nextStep = NextStep(all: false, source: .solutions)

        // When
        let report = renderer.render(Self.failingReport(source: .solutions))
        let next = nextStep.text(
            after: [Self.failingReport(source: .solutions)], in: RealKit.opened(Self.kit), style: Style(enabled: false))

        // Then
        #expect(report.contains("This is the reference solution"))
        #expect(!report.contains("kata hint"))
        #expect(next.contains("Solutions/03-Interactor/"))
        #expect(!next.contains("Exercises/"))
    }

    @Test("A learner's failing check keeps its hint and points into Exercises/")
    func failingExercise() throws {
        // Given
        let renderer = StepReportRenderer(
            kit: RealKit.opened(Self.kit), terminal: Terminal(isInteractive: false, usesColor: false, width: 100))
        let nextStep = NextStep(all: false, source: .exercises)

        // When
        let report = renderer.render(Self.failingReport(source: .exercises))
        let next = nextStep.text(
            after: [Self.failingReport(source: .exercises)], in: RealKit.opened(Self.kit), style: Style(enabled: false))

        // Then
        #expect(report.contains("Hint"))
        #expect(next.contains("in Exercises/03-Interactor/"))
    }

    @Test(
        "A learner's passing step says how to see its app run before the next step; the reference solution's does not")
    func passingStepRunsItsApp() throws {
        // Given
        let kit = RealKit.opened(Self.kit)
        func passing(_ index: Int, _ source: Source) -> StepReport {
            StepReport(step: RealKit.steps[index], source: source, status: .passed, checks: [])
        }
        let style = Style(enabled: false)

        // When
        let third = NextStep(all: false, source: .exercises).text(
            after: [passing(2, .exercises)], in: kit, style: style)
        let suites = NextStep(all: false, source: .exercises).text(
            after: [passing(8, .exercises)], in: kit, style: style)
        let reference = NextStep(all: false, source: .solutions).text(
            after: [passing(2, .solutions)], in: kit, style: style)

        // Then
        // The README's step 5 of the way through a step: see the app, then go on.
        #expect(third.contains("kata run 3") && third.contains("kata check 4"))
        // A lesson of suites has no app of its own to run.
        #expect(!suites.contains("kata run"))
        #expect(!reference.contains("kata run"))
    }
}
