/// `kata verify`'s report of a kit's verdict: a row per step, the mistakes, the runner's
/// tests, the manifest, the time of each part, the drift from each solution to the next
/// starter, the problems, and last the line `N passed, N failed`.
struct VerifyReport {
    let verdict: KitVerdict
    let kit: Kit
    /// Which of the runner's own tests ran.
    let scope: KitVerification.Scope
    let style: Style

    var text: String {
        let tally = verdict.tally
        if let report = verdict.runnerBuildFailure {
            let errors = report.diagnostics.prefix(5).map {
                "  \(kit.workspace.relativePath($0.file)):\($0.line): \($0.message)"
            }
            return ([style.fail("The runner does not build:")] + errors + [report.problem ?? ""])
                .joined(separator: "\n") + "\n\n\(tally.passed) passed, \(tally.problems.count + 1) failed\n"
        }
        let (mistakes, caught) = (verdict.mistakes.count, verdict.mistakes.count - verdict.uncaught.count)
        let ownTests = verdict.results.ownTests
        let ownPassed = ownTests.checks.filter { $0.status.isPass }.count
        var lines = [style.bold(Self.row(["Step", "Checks", "Starter red", "Solution green", "Hints", "Guide"]))]
        lines += verdict.stepRows.map(Self.row)
        lines += [
            "",
            scope == .all
                ? "Mistakes (the quick ones): \(caught)/\(mistakes) caught; all of them: make mistakes"
                : "Mistakes: the quick ones with make test-all; all of them: make mistakes",
        ]
        lines += [
            "",
            "Runner's own tests: "
                + {
                    switch scope {
                    case .stepsOnly: "left out (--steps-only)"
                    case .quick:
                        "\(ownPassed)/\(ownTests.checks.count) pass; the end-to-end suites: make test-all"
                    case .all: "\(ownPassed)/\(ownTests.checks.count) pass, the end-to-end suites among them"
                    }
                }(),
        ]
        lines += [
            "", "Manifest: " + (verdict.manifestProblems.isEmpty ? "current" : "not current (kata manifest --write)"),
        ]
        lines += [
            "",
            "Time: "
                + verdict.results.times.map { "\($0.part.rawValue) \(Int($0.time.components.seconds)) s" }.joined(
                    separator: ", "),
        ]
        lines += [
            "",
            style.bold("From each solution to the next starter")
                + style.dim(" (the new lesson's scaffolding; look for anything else):"),
        ]
        lines += SnapshotDrift.summary(in: kit).map { "  " + $0 }
        if !tally.problems.isEmpty {
            lines += ["", style.fail("Problems:")] + tally.problems.map { "  - " + $0 }
        }
        lines += ["", "\(tally.passed) passed, \(tally.problems.count) failed"]
        return lines.joined(separator: "\n") + "\n"
    }

    static func row(_ cells: [String]) -> String { columns(cells, widths: [17, 8, 13, 16, 8, 10]) }
}
