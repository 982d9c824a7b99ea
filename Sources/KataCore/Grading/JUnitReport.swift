import Foundation

/// The grade as JUnit XML, in the shape of Jenkins' junit-10.xsd that CI viewers read: a test suite per step, a test
/// case per check. A check that failed has a `<failure>`; one that crashed, hung, or could not run because its step
/// does not build has an `<error>`; a step that needs review has a `needsReview` property and a case in error naming
/// the findings; every count equals the elements it counts.
enum JUnitReport {
    /// How a check reads in JUnit.
    enum Outcome: Equatable {
        case passed
        case failure(type: String, message: String)
        case error(type: String, message: String)
        case skipped
    }

    static func outcome(of check: GradeReport.CheckGrade, in step: GradeReport.StepGrade) -> Outcome {
        if step.status == .tampered {
            return .failure(type: "tampered", message: step.problem ?? "The step's grading files were changed.")
        }
        let message = check.message ?? check.status.rawValue
        switch check.status {
        case .passed: return .passed
        case .skipped: return .skipped
        case .failed: return .failure(type: "failed", message: message)
        case .crashed, .timedOut, .notRun: return .error(type: check.status.rawValue, message: message)
        }
    }

    static func xml(for grade: GradeReport) -> String {
        var suites: [String] = []
        var totals = (tests: 0, failures: 0, errors: 0, time: 0.0)
        for step in grade.steps {
            var cases: [String] = []
            var counts = (failures: 0, errors: 0, skipped: 0, time: 0.0)
            for check in step.checks {
                counts.time += check.time
                let classname = "\(target(of: step)).\(suite(of: check))"
                let opening =
                    #"    <testcase name="\#(escape(check.name))" classname="\#(escape(classname))" time="\#(seconds(check.time))""#
                let place = check.file.map { "\n\($0):\(check.line ?? 0)" } ?? ""
                switch outcome(of: check, in: step) {
                case .passed:
                    cases.append(opening + "/>")
                case .skipped:
                    counts.skipped += 1
                    cases += [opening + ">", "      <skipped/>", "    </testcase>"]
                case .failure(let type, let message):
                    counts.failures += 1
                    cases += [
                        opening + ">",
                        #"      <failure message="\#(escape(message))" type="\#(type)">\#(escape(message + place))</failure>"#,
                        "    </testcase>",
                    ]
                case .error(let type, let message):
                    counts.errors += 1
                    let details = step.errors.prefix(5).map { "\n\($0.file):\($0.line): \($0.message)" }.joined()
                    cases += [
                        opening + ">",
                        #"      <error message="\#(escape(message))" type="\#(type)">\#(escape(message + place + details))</error>"#,
                        "    </testcase>",
                    ]
                }
            }
            var properties: [String] = []
            if step.needsReview {
                // Marked twice: a property for tools that read them, and a case in error for
                // those that only count, so a step that needs review never reads as clean.
                properties = ["    <properties>", #"      <property name="needsReview" value="true"/>"#]
                properties += step.review.map { #"      <property name="review" value="\#(escape($0.sentence))"/>"# }
                properties.append("    </properties>")
                counts.errors += 1
                let findings = step.review.map(\.sentence).joined(separator: "\n")
                cases += [
                    #"    <testcase name="Step \#(step.step) needs review" classname="\#(target(of: step)).Review" time="0.000">"#,
                    #"      <error message="Needs review: an instructor must look before these points count" type="needsReview">\#(escape(findings))</error>"#,
                    "    </testcase>",
                ]
            }
            let tests = step.checks.count + (step.needsReview ? 1 : 0)
            totals.tests += tests
            totals.failures += counts.failures
            totals.errors += counts.errors
            totals.time += counts.time
            let attributes = [
                #"name="Step \#(step.step) · \#(escape(step.name))""#,
                #"tests="\#(tests)""#,
                #"failures="\#(counts.failures)""#,
                #"errors="\#(counts.errors)""#,
                #"skipped="\#(counts.skipped)""#,
                #"time="\#(seconds(counts.time))""#,
                #"timestamp="\#(GradeReport.timestamp(grade.gradedAt))""#,
                #"package="\#(target(of: step))""#,
            ]
            suites.append("  <testsuite " + attributes.joined(separator: " ") + ">")
            suites += properties + cases
            suites.append("  </testsuite>")
        }
        let root =
            #"<testsuites name="VIP kata" tests="\#(totals.tests)" failures="\#(totals.failures)" errors="\#(totals.errors)" time="\#(seconds(totals.time))">"#
        // What was graded and how the learner's code ran, for every reader: a suite of its own holding only properties.
        var properties: [String] = []
        if let isolation = grade.isolation {
            properties += [
                #"      <property name="isolated" value="\#(isolation.isolated)"/>"#,
                #"      <property name="isolation" value="\#(escape(isolation.how))"/>"#,
            ]
        }
        if let graded = grade.gradedCommitSentence, let commit = grade.learnerCommit {
            properties += [
                #"      <property name="learnerCommit" value="\#(escape(commit))"/>"#,
                #"      <property name="graded" value="\#(escape(graded))"/>"#,
            ]
        }
        let isolation =
            properties.isEmpty
            ? []
            : [
                #"  <testsuite name="What was graded, and how" tests="0" failures="0" errors="0" skipped="0" time="0.000">"#,
                "    <properties>",
            ] + properties + ["    </properties>", "  </testsuite>"]
        return ([#"<?xml version="1.0" encoding="UTF-8"?>"#, root] + suites + isolation + ["</testsuites>"])
            .joined(separator: "\n") + "\n"
    }

    /// `Step02MenuTests`: the test target, from the step's number and name.
    static func target(of step: GradeReport.StepGrade) -> String {
        Step(number: step.step, name: step.name, app: "", scene: "", lesson: "").testTarget
    }

    /// The suite (nested suites joined by dots) from `Suite/function()`.
    static func suite(of check: GradeReport.CheckGrade) -> String {
        check.id.split(separator: "/").dropLast().joined(separator: ".")
    }

    /// Seconds with three decimals: what the schema's time pattern accepts.
    static func seconds(_ value: Double) -> String {
        String(format: "%.3f", max(0, value.isFinite ? value : 0))
    }

    /// XML escaping; characters XML 1.0 forbids (most controls, U+FFFE, U+FFFF) are dropped.
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
            case "\r": escaped += "&#13;"
            case "\t": escaped += "&#9;"
            default:
                let value = scalar.value
                if (0x20...0xD7FF).contains(value) || (0xE000...0xFFFD).contains(value) || value >= 0x10000 {
                    escaped.unicodeScalars.append(scalar)
                }
            }
        }
        return escaped
    }
}
