/// The grade as a Markdown table, for `$GITHUB_STEP_SUMMARY` and for people.
enum GradeSummary {
    static func markdown(for grade: GradeReport) -> String {
        var lines = [
            "### VIP kata: " + String(grade.scoreSentence.prefix { $0 != ";" && $0 != "." }),
            "",
            "| Step | Score | Status | Notes |",
            "|---|---|---|---|",
        ]
        let elsewhere = Set(grade.gradedByInstructor ?? [])
        for step in grade.steps {
            if elsewhere.contains(step.step) {
                lines.append("| \(step.step) \(cell(step.name)) | – | graded by your instructor | with the full kit |")
                continue
            }
            var notes: [String] = []
            if step.needsReview { notes.append("**needs review**") }
            if step.matchesReference == true { notes.append("same as the reference solution") }
            if let problem = step.problem { notes.append(problem) }
            if step.status == .buildFailed, let error = step.errors.first {
                notes.append("first error: \(error.file):\(error.line): \(error.message)")
            }
            if step.status == .failed, let first = step.checks.first(where: \.isFailing) {
                notes.append("first failing: \(first.name)")
            }
            lines.append(
                "| \(step.step) \(cell(step.name)) | \(step.score.passed)/\(step.score.total) | \(status(step.status)) | "
                    + cell(notes.joined(separator: "; ")) + " |")
        }
        let findings =
            grade.tampered.map(\.sentence) + grade.refused.map(\.sentence)
            + grade.steps.flatMap { step in step.review.map { "Step \(step.step) needs review: \($0.sentence)" } }
        if !findings.isEmpty {
            lines += ["", "#### Findings", ""] + findings.map { "- " + cell($0) }
        }
        if grade.gradedByInstructor != nil { lines += ["", cell("Score: " + grade.scoreSentence)] }
        lines += ["", "Graded against \(cell(grade.kit.source)) (\(grade.kit.mode)), kata \(grade.kata)."]
        if let isolation = grade.isolation {
            lines.append(
                isolation.isolated ? "Learner code ran \(cell(isolation.how))." : "**\(cell(isolation.how))**.")
        }
        if let graded = grade.gradedCommitSentence { lines.append(cell(graded)) }
        return lines.joined(separator: "\n") + "\n"
    }

    static func status(_ status: GradeReport.StepGrade.Status) -> String {
        switch status {
        case .passed: "✅ passed"
        case .tampered: "❌ tampered"
        case .buildFailed: "❌ does not build"
        case .couldNotRun: "❌ could not run"
        default: "❌ failed"
        }
    }

    /// Text that cannot break the table.
    static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
}
