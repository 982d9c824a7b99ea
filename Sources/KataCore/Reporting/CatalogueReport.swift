/// What became of the catalogue's mistakes, per step: caught, caught only by failing to
/// compile, or not caught, with each one not caught named, and what `kata mistakes` exits with.
struct CatalogueReport {
    let mistakes: [Mistake]
    let verdicts: [String: KitCopy.Verdict]
    let problems: [MistakeProblem]
    let steps: [Step]

    /// Every mistake caught by a check it names (or stopping compilation), and no unusable file.
    var allCaught: Bool {
        problems.isEmpty
            && mistakes.allSatisfy { mistake in
                switch verdicts[mistake.name] {
                case .caught, .holds: true
                case .doesNotCompile: !mistake.passes
                default: false
                }
            }
    }

    private func row(_ cells: [String]) -> String { columns(cells, widths: [17, 10, 14, 14, 10]) }

    func text(style: Style) -> String {
        var lines = [style.bold("The catalogue of plausible mistakes"), ""]
        lines.append(style.bold(row(["Step", "Mistakes", "Caught", "Compile only", "Not caught"])))
        var survivors: [String] = []
        var compileOnlyNames: [String] = []
        for step in steps {
            let own = mistakes.filter { $0.step == step.number }
            guard !own.isEmpty else { continue }
            var caught = 0
            var compileOnly = 0
            for mistake in own {
                switch verdicts[mistake.name] {
                case .caught, .holds: caught += 1
                case .rejected(let keys):
                    survivors.append(
                        "\(mistake.name): \(mistake.description) — a correct answer, yet \(keys.joined(separator: ", ")) fail"
                    )
                case .doesNotCompile:
                    compileOnly += 1
                    if !mistake.passes { compileOnlyNames.append("\(mistake.name): \(mistake.description)") }
                case .caughtElsewhere(let keys):
                    survivors.append(
                        "\(mistake.name): \(mistake.description) — caught only by \(keys.joined(separator: ", ")), not by \(mistake.caughtBy.joined(separator: ", "))"
                    )
                case .survived:
                    survivors.append("\(mistake.name): \(mistake.description) — no check fails")
                case .notApplied(let why), .notJudged(let why):
                    survivors.append("\(mistake.name): \(mistake.description) — not judged: \(why)")
                case nil:
                    survivors.append("\(mistake.name): \(mistake.description) — not judged")
                }
            }
            let judged = own.count - compileOnly
            let rate = judged == 0 ? "—" : "\(100 * caught / judged)%"
            lines.append(
                row([
                    "\(step.number) \(step.name)", "\(own.count)", "\(caught) (\(rate))", "\(compileOnly)",
                    "\(own.count - caught - compileOnly)",
                ]))
        }
        if !compileOnlyNames.isEmpty {
            lines +=
                ["", "Caught only because the checks do not compile with them:"] + compileOnlyNames.map { "  - " + $0 }
        }
        if !survivors.isEmpty {
            lines += ["", style.fail("Not caught by the check they name:")] + survivors.map { "  - " + $0 }
        }
        if !problems.isEmpty {
            lines +=
                ["", style.fail("Catalogue files that cannot be used:")]
                + problems.map { "  - \($0.name): \($0.sentence)" }
        }
        let caught = verdicts.values.filter {
            switch $0 {
            case .caught, .holds: true
            default: false
            }
        }.count
        let compileOnly = verdicts.values.filter { $0 == .doesNotCompile }.count
        let failed = mistakes.count - caught - compileOnly + problems.count
        lines += ["", "\(caught) caught, \(compileOnly) compile only, \(failed) not caught"]
        return lines.joined(separator: "\n") + "\n"
    }
}
