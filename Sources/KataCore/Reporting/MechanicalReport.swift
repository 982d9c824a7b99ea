/// What became of the mutants, per step, and the line the figure is read from.
struct MechanicalReport {
    let steps: [Step]
    let mutants: [Mutant]
    let verdicts: [String: KitCopy.Verdict]
    let equivalents: [String: String]
    let unavailable: [String]

    struct Tally {
        var killed = 0
        var survived: [Mutant] = []
        var equivalent = 0
        var stillborn = 0
        var notJudged: [String] = []
        /// Listed as equivalent, yet a check caught it: the list is out of date.
        var wronglyListed: [Mutant] = []

        var judged: Int { killed + survived.count }
        var share: Double { judged == 0 ? 1 : Double(killed) / Double(judged) }
    }

    func tally(of step: Step) -> Tally {
        var tally = Tally()
        for mutant in mutants where mutant.step == step.number {
            switch verdicts[mutant.id] {
            case .caught?, .caughtElsewhere?:
                if equivalents[mutant.id] != nil { tally.wronglyListed.append(mutant) } else { tally.killed += 1 }
            case .survived?:
                if equivalents[mutant.id] != nil { tally.equivalent += 1 } else { tally.survived.append(mutant) }
            case .doesNotCompile?: tally.stillborn += 1
            case .notJudged(let why)?, .notApplied(let why)?: tally.notJudged.append("\(mutant.id): \(why)")
            default: tally.notJudged.append("\(mutant.id): not judged")
            }
        }
        return tally
    }

    var passes: Bool {
        unavailable.isEmpty
            && steps.allSatisfy { step in
                let tally = tally(of: step)
                return tally.share >= Mutant.requiredShare && tally.notJudged.isEmpty
                    && tally.wronglyListed.isEmpty
            }
    }

    func text(style: Style) -> String {
        var lines = [style.bold("Mechanical mutants of the solutions"), ""]
        lines.append(style.bold(row(["Step", "Mutants", "Killed", "Survived", "Equivalent", "Do not compile"])))
        var notes: [String] = []
        var killed = 0
        var judged = 0
        for step in steps {
            let tally = tally(of: step)
            killed += tally.killed
            judged += tally.judged
            lines.append(
                row([
                    "\(step.number) \(step.name)", "\(tally.judged)",
                    "\(tally.killed) (\(Int((tally.share * 100).rounded(.down)))%)", "\(tally.survived.count)",
                    "\(tally.equivalent)", "\(tally.stillborn)",
                ]))
            notes += tally.survived.map { "  - \($0.id): \($0.change) — no check fails" }
            notes += tally.notJudged.map { "  - \($0)" }
            notes += tally.wronglyListed.map {
                "  - \($0.id): listed in \(Mutant.equivalentsFile) as equivalent, yet a check catches it"
            }
        }
        if !notes.isEmpty { lines += ["", style.fail("Not killed:")] + notes }
        if !unavailable.isEmpty {
            lines += ["", style.fail("No AST, so no mutants:")] + unavailable.map { "  - " + $0 }
        }
        lines += ["", "mechanical: \(killed) of \(judged) non-equivalent mutants killed"]
        return lines.joined(separator: "\n") + "\n"
    }

    private func row(_ cells: [String]) -> String { columns(cells, widths: [17, 9, 12, 10, 12, 14]) }
}
