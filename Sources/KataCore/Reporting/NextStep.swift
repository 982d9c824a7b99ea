/// The line `kata check` ends with: what to do next, after the reports of one step or of all.
struct NextStep {
    let all: Bool
    let source: Source

    func text(after reports: [StepReport], in kit: Kit, style: Style) -> String {
        if all {
            let passing = reports.filter(\.allPass).count
            let first = reports.first { !$0.allPass }
            return "\(passing) of \(reports.count) steps pass."
                + (first.map { " Next: " + style.bold("kata check \($0.step.number)") } ?? "")
        }
        let report = reports[0]
        switch report.status {
        case .passed:
            if source == .solutions { return "The reference solution passes." }
            // The app is what the checks were about: a step of a scene ends by seeing it work.
            let run =
                report.step.kind == .suites
                ? "" : "See your app work: " + style.bold("kata run \(report.step.number)") + ". "
            guard let next = kit.step(report.step.number + 1) else {
                return run + "That was the last step: every lesson is done. Run " + style.bold("kata")
                    + " to see them all."
            }
            return run + "Next: " + style.bold("kata check \(next.number)") + " (\(next.name): \(next.lesson))."
        case .failed where source == .solutions:
            return "The reference solution fails a check: the kit needs fixing (its solution in Solutions/"
                + "\(report.step.folder)/, or the check). kata verify lists every such problem."
        case .failed
        where report.checks.first(where: { !$0.status.isPass }).flatMap(MistakeHunt.reasonNothingCounts) != nil:
            // Not the first mistake's business: the suites as a whole must pass on a correct scene first.
            return
                "Next: make your suites pass on the scene as it is, and on its correct variants (the test and why are above), "
                + "then run " + style.bold("kata check \(report.step.number)") + " again."
        case .failed:
            let first = report.checks.first { !$0.status.isPass }
            let file =
                first.flatMap {
                    PlaceToLook(for: $0, of: report.step, source: report.source, in: kit, diagnosis: report.diagnosis)
                }.map {
                    " in Exercises/\(report.step.folder)/\($0.file)"
                } ?? ""
            let task =
                report.step.kind == .suites
                ? "write a test that catches the first mistake missed" : "make the first failing check pass"
            return "Next: \(task)\(file), then run " + style.bold("kata check \(report.step.number)")
                + " again. Stuck? " + style.bold("kata hint \(report.step.number)")
        case .buildFailed:
            return ""
        case .couldNotRun:
            let again = "kata check \(report.step.number)" + (source == .solutions ? " --solutions" : "")
            return "Next: fix what stopped the checks, then run " + style.bold(again) + " again."
        }
    }
}
