/// A grade as `kata grade` prints it: the kit, what was refused or tampered with, a line per
/// step with its score, state and review findings, and the total.
extension GradeReport {
    func text(style: Style) -> String {
        var lines = [
            style.bold("Grade") + style.dim(" · kata \(kata) · \(kit.mode): \(kit.source)"), "",
        ]
        lines += (tampered.map(\.sentence) + refused.map(\.sentence)).map { style.fail("✘ ") + $0 }
        if !tampered.isEmpty || !refused.isEmpty { lines.append("") }
        let elsewhere = Set(gradedByInstructor ?? [])
        for step in steps {
            let name = "\(step.step) \(step.name)".padding(toLength: 16, withPad: " ", startingAt: 0)
            let state =
                switch step.status {
                case _ where elsewhere.contains(step.step): style.dim("graded by your instructor, with the full kit")
                case .passed: style.pass("passed")
                case .tampered: style.fail("tampered: scores nothing")
                case .buildFailed: style.fail("does not build")
                case .couldNotRun: style.fail("could not run")
                case .failed: "failed"
                }
            let score = (elsewhere.contains(step.step) ? "–" : "\(step.score.passed)/\(step.score.total)")
                .padding(toLength: 7, withPad: " ", startingAt: 0)
            let notes =
                (step.needsReview ? style.warn("  needs review") : "")
                + (step.matchesReference == true ? style.dim("  (same as the reference solution)") : "")
            lines.append("  \(name)\(score)\(state)\(notes)")
            for finding in step.review.prefix(5) {
                lines.append("      " + style.warn("review: ") + finding.sentence)
            }
        }
        lines += ["", "Score: " + scoreSentence]
        if let isolation {
            lines.append(
                isolation.isolated ? style.dim("Learner code ran \(isolation.how).") : style.warn(isolation.how))
        }
        if let graded = gradedCommitSentence { lines.append(style.dim(graded)) }
        return lines.joined(separator: "\n") + "\n"
    }
}
