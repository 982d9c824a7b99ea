/// The grade as GitHub Actions annotations, within what GitHub shows: at most ten error annotations and ten warnings
/// from one workflow step. Errors come first for what costs points (edited grading files, then each step's first
/// failing check, or its first compiler error), warnings for what needs review; what does not fit is counted in one
/// last annotation rather than dropped silently.
enum GitHubAnnotations {
    static let limitPerLevel = 10

    static func lines(for grade: GradeReport) -> [String] {
        var errors =
            grade.tampered.map { command("error", file: $0.path, line: nil, title: "Edited grading file", $0.sentence) }
            + grade.refused.map { command("error", file: nil, line: nil, title: "File not graded", $0.sentence) }
        // A step the instructor grades with the full kit (step 9, in a class's public copy) costs nothing here.
        let elsewhere = Set(grade.gradedByInstructor ?? [])
        for step in grade.steps where step.status != .tampered && !elsewhere.contains(step.step) {
            if step.status == .buildFailed, let error = step.errors.first {
                errors.append(
                    command(
                        "error", file: error.file, line: error.line, title: "Step \(step.step) does not build",
                        error.message))
            } else if let check = step.checks.first(where: \.isFailing) {
                let failing = step.checks.filter(\.isFailing).count
                let more =
                    failing > 1
                    ? " (and \(failing - 1) more failing check\(failing == 2 ? "" : "s") in step \(step.step))" : ""
                errors.append(
                    command(
                        "error", file: check.learnerFile ?? check.file, line: check.learnerLine ?? check.line,
                        title: "Step \(step.step): \(check.name)", (check.message ?? check.status.rawValue) + more))
            }
        }
        let warnings = grade.steps.flatMap { step in
            step.review.map { finding in
                command(
                    "warning", file: finding.file, line: finding.line > 0 ? finding.line : nil,
                    title: "Step \(step.step) needs review", finding.sentence)
            }
        }
        return capped(errors, level: "error") + capped(warnings, level: "warning")
    }

    /// The first ones, and one annotation that counts the rest.
    static func capped(_ lines: [String], level: String) -> [String] {
        guard lines.count > limitPerLevel else { return lines }
        let rest = lines.count - (limitPerLevel - 1)
        return Array(lines.prefix(limitPerLevel - 1))
            + [command(level, file: nil, line: nil, title: "More", "\(rest) more: see the grade's summary and JSON.")]
    }

    static func command(_ level: String, file: String?, line: Int?, title: String, _ message: String) -> String {
        var properties: [String] = []
        if let file { properties.append("file=\(property(file))") }
        if let line { properties.append("line=\(line)") }
        properties.append("title=\(property(title))")
        return "::\(level) \(properties.joined(separator: ","))::\(data(message))"
    }

    /// Workflow command escaping for the message.
    static func data(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25")
            .replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// Workflow command escaping for a property value.
    static func property(_ text: String) -> String {
        data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
