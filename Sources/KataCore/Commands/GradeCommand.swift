import Foundation

/// `kata grade`: every step of the learner's Exercises, graded, for instructors and CI.
struct GradeCommand: KataCommand {
    static let spec = CommandSpec(
        name: "grade",
        usage: ["kata grade [--json PATH] [--junit PATH] [--require N]"],
        summary: "Grade every step, for instructors and CI (JSON, JUnit, annotations)",
        details: """
            Checks every step of Exercises/ and prints a score per step and in total. --json and
            --junit write the grade as files (the JSON format is in the README). Under GitHub
            Actions (GITHUB_ACTIONS=true) each failing check is also an annotation at the
            learner's line. Files that decide a grade (the checks, the seeds, the given code) are
            compared with Tests/kit-manifest.json: an edited one is named and the steps it
            decides score nothing.
            Exit status: 0 when grading ran, whatever the grade; with --require N, 1 unless steps
            1 to N all pass; 66 or 69 when grading could not run.
            """,
        options: [
            .init("--json", value: "PATH", help: "write the grade as JSON to PATH"),
            .init("--junit", value: "PATH", help: "write the grade as JUnit XML to PATH"),
            .init("--require", value: "N", help: "exit 1 unless steps 1 to N all pass (classroom gates)"),
            .init("--time-limit", value: "SECONDS", help: "stop a run of checks after this long (default 60)"),
        ]
    )

    let jsonPath: String?
    let junitPath: String?
    let required: Int?
    let timeLimit: Duration?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        jsonPath = arguments.values["--json"]
        junitPath = arguments.values["--junit"]
        timeLimit = try arguments.values["--time-limit"].map { word throws(UsageError) in try TimeLimit.parse(word) }
        if let word = arguments.values["--require"] {
            guard let number = Int(word), StepCatalog.step(number) != nil else {
                throw UsageError(
                    "kata grade: --require takes a step number from 1 to \(StepCatalog.all.count); got '\(word)'.")
            }
            required = number
        } else {
            required = nil
        }
    }

    func run(in context: Context) throws(CommandFailure) -> ExitStatus {
        let workspace = try context.workspace()
        let manifest = try KitManifest.load(from: workspace)
        let limit = try TimeLimit.resolve(timeLimit, environment: context.environment)
        let tampered = TamperCheck.findings(in: workspace, against: manifest)

        context.progress("Grading every step…")
        let reports = StepChecker(workspace: workspace, timeLimit: limit).checkAll()
        context.clearProgress()
        if let unavailable = reports.first(where: { $0.status == .couldNotRun }),
            reports.allSatisfy({ $0.status == .couldNotRun })
        {
            throw CommandFailure(
                "kata grade: the checks could not run: \(unavailable.problem ?? "unknown reason").",
                status: .unavailable)
        }
        let grade = GradeReport(reports: reports, tampered: tampered, workspace: workspace)

        try write(grade.json(), to: jsonPath, in: context)
        try write(Data(JUnitReport.xml(for: grade).utf8), to: junitPath, in: context)
        if context.environment["GITHUB_ACTIONS"] == "true" {
            context.write(GitHubAnnotations.lines(for: grade).map { $0 + "\n" }.joined())
        }
        context.write(summary(of: grade, style: context.style))

        if let required {
            let gate = grade.steps.prefix(required)
            guard gate.allSatisfy({ $0.status == "passed" }) else {
                let missing = gate.filter { $0.status != "passed" }.map { "\($0.step)" }.joined(separator: ", ")
                context.write("Required: steps 1 to \(required) all pass. Not yet: step \(missing).\n")
                return .failure
            }
        }
        return .success
    }

    private func write(_ data: Data, to path: String?, in context: Context) throws(CommandFailure) {
        guard let path else { return }
        let url = URL(fileURLWithPath: path, relativeTo: context.currentDirectory)
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url, options: .atomic)
        } catch {
            throw CommandFailure("kata grade: could not write \(path): \(error.localizedDescription)", status: .noInput)
        }
    }

    private func summary(of grade: GradeReport, style: Style) -> String {
        var lines = [style.bold("Grade") + style.dim(" · kata \(grade.kata)"), ""]
        for finding in grade.tampered {
            lines.append(style.fail("✘ ") + finding.sentence)
        }
        if !grade.tampered.isEmpty { lines.append("") }
        for step in grade.steps {
            let name = "\(step.step) \(step.name)".padding(toLength: 16, withPad: " ", startingAt: 0)
            let state =
                switch step.status {
                case "passed": style.pass("passed")
                case "tampered": style.fail("tampered: scores nothing")
                case "buildFailed": style.fail("does not build")
                case "couldNotRun": style.fail("could not run")
                default: "failed"
                }
            let score = "\(step.score.passed)/\(step.score.total)".padding(toLength: 7, withPad: " ", startingAt: 0)
            lines.append("  \(name)\(score)\(state)")
        }
        let percent = grade.score.total == 0 ? 0 : 100 * grade.score.passed / grade.score.total
        lines += [
            "",
            "Score: \(grade.score.passed)/\(grade.score.total) checks (\(percent)%), \(grade.stepsPassed) of \(grade.steps.count) steps pass.",
        ]
        return lines.joined(separator: "\n") + "\n"
    }
}
