/// The grade as JUnit XML, as CI viewers read it: a test suite per step, a test case per
/// check, a failure element for each check that does not pass.
enum JUnitReport {
    static func xml(for grade: GradeReport) -> String {
        let failures = grade.steps.flatMap(\.checks).filter { $0.status != "passed" }.count
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<testsuites name="VIP kata" tests="\#(grade.score.total)" failures="\#(failures)">"#,
        ]
        for step in grade.steps {
            let stepFailures =
                step.status == "tampered" ? step.checks.count : step.checks.filter { $0.status != "passed" }.count
            lines.append(
                #"  <testsuite name="Step \#(step.step) · \#(escape(step.name))" tests="\#(step.checks.count)" failures="\#(stepFailures)">"#
            )
            if step.checks.isEmpty, let problem = step.problem ?? step.errors.first?.message {
                lines.append(#"    <testcase name="Step \#(step.step) builds" classname="Step\#(step.step)">"#)
                lines.append(
                    #"      <failure message="\#(escape(problem))">\#(escape(step.errors.map { "\($0.file):\($0.line): \($0.message)" }.joined(separator: "\n")))</failure>"#
                )
                lines.append("    </testcase>")
            }
            for check in step.checks {
                let location = check.file.map { #" file="\#(escape($0))" line="\#(check.line ?? 0)""# } ?? ""
                lines.append(
                    #"    <testcase name="\#(escape(check.name))" classname="Step\#(step.step).\#(escape(check.id))"\#(location)>"#
                )
                if step.status == "tampered" {
                    lines.append(#"      <failure message="\#(escape(step.problem ?? "tampered"))" type="tampered"/>"#)
                } else if check.status == "skipped" {
                    lines.append("      <skipped/>")
                } else if check.status != "passed" {
                    let message = check.message ?? check.status
                    lines.append(
                        #"      <failure message="\#(escape(message))" type="\#(check.status)">\#(escape(message))</failure>"#
                    )
                }
                lines.append("    </testcase>")
            }
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// XML text and attribute escaping; control characters other than tab and newline dropped.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            case "\n": escaped += "&#10;"
            case "\t": escaped += "&#9;"
            default:
                if scalar.value >= 0x20 { escaped.unicodeScalars.append(scalar) }
            }
        }
        return escaped
    }
}

/// Failing checks as GitHub Actions annotations, at the learner's lines.
enum GitHubAnnotations {
    static func lines(for grade: GradeReport) -> [String] {
        var lines: [String] = []
        for finding in grade.tampered {
            lines.append(
                "::error file=\(property(finding.path)),title=\(property("Edited grading file"))::\(data(finding.sentence))"
            )
        }
        for step in grade.steps where step.status != "tampered" {
            for error in step.errors {
                lines.append(
                    "::error file=\(property(error.file)),line=\(error.line),col=\(error.column),title=\(property("Step \(step.step) does not build"))::\(data(error.message))"
                )
            }
            for check in step.checks where check.status != "passed" && check.status != "skipped" {
                let file = check.learnerFile ?? check.file ?? ""
                let line = check.learnerLine ?? check.line ?? 1
                let title = "Step \(step.step): \(check.name)"
                lines.append(
                    "::error file=\(property(file)),line=\(line),title=\(property(title))::\(data(check.message ?? check.status))"
                )
            }
        }
        return lines
    }

    /// Workflow command escaping for the message.
    private static func data(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25")
            .replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// Workflow command escaping for a property value.
    private static func property(_ text: String) -> String {
        data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
