/// What `kata mistakes --diagnosis` prints: per step, how often the misconception named from
/// the other mistakes is the right one, and the line the figure is read from.
struct DiagnosisReport {
    let measure: DiagnosisMeasure
    let steps: [Step]

    /// The goal: right for 80 of 100 mistakes, and for 95 of 100 of those named.
    static let goal = (topOne: 80.0, precision: 95.0)

    var meetsGoal: Bool {
        let total = measure.total
        return total.mistakes > 0 && total.topOne >= Self.goal.topOne && total.precision >= Self.goal.precision
    }

    func text(style: Style) -> String {
        var lines = [style.bold("The diagnosis, each mistake named from the others alone"), ""]
        if measure.copies > 0 {
            // A copy names its twin rightly every time: counted as another mistake, it would flatter the figure.
            lines += [
                "\(measure.copies) mistakes make the same change as another file of the catalogue: each is named "
                    + "without its copies.", "",
            ]
        }
        lines += table(measure.byStep, pairs: true, style: style)
        if !measure.heldOutByStep.isEmpty {
            lines += [
                "", style.bold("The held-out round (Held-out: yes), named from the whole catalogue but its twins"), "",
            ]
            lines += table(measure.heldOutByStep, pairs: false, style: style)
            lines += [
                "", DiagnosisMeasure.summaryLine(measure.heldOutTotal, measured: "held out, written blind"),
                DiagnosisMeasure.summaryLine(
                    measure.heldOutAsChecked, measured: "held out, as kata check names them, twins included"),
            ]
        }
        if !measure.wrong.isEmpty {
            lines += ["", style.fail("Named wrongly (the mistake, what was named, what it shows):")]
            lines += measure.wrong.map { "  - \($0.mistake): \($0.named), not \($0.truth)" }
        }
        lines += ["", DiagnosisMeasure.summaryLine(measure.total)]
        return lines.joined(separator: "\n") + "\n"
    }

    /// A row per step measured: its mistakes, how many named rightly, precision, silences, and pairs named as one
    /// (as one of the two, which is all their failures show, or as neither).
    private func table(_ byStep: [Int: DiagnosisMeasure.Figures], pairs: Bool, style: Style) -> [String] {
        var lines = [
            style.bold(row(["Step", "Mistakes", "Right", "Precision", "Abstained", pairs ? "Pairs named" : ""]))
        ]
        for step in steps {
            guard let figures = byStep[step.number] else { continue }
            lines.append(
                row([
                    "\(step.number) \(step.name)", "\(figures.mistakes)", percent(figures.topOne),
                    percent(figures.precision), percent(figures.abstained),
                    pairs ? "\(figures.pairsNamed) of \(figures.pairs), \(figures.pairsNamedAsNeither) neither" : "",
                ]))
        }
        return lines
    }

    private func percent(_ value: Double) -> String { DiagnosisMeasure.format(value) + "%" }

    private func row(_ cells: [String]) -> String { columns(cells, widths: [17, 10, 8, 11, 11, 21]) }
}
