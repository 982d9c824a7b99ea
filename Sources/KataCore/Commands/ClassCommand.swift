import Foundation

/// `kata class …`: a class, from the instructor's side. The learner's template, the grade of
/// record over a roster, the class report, and the autograders of the platforms classes use.
struct ClassCommand: AnywhereCommand {
    static let spec = CommandSpec(
        name: "class",
        usage: [
            "kata class template <folder>",
            "kata class grade <folder-of-clones> --kit PATH [--out DIR] [--jobs N] [--before DATE] [--allow-unisolated]",
            "kata class grade --roster FILE --kit PATH [--out DIR] [--jobs N] [--before DATE] [--allow-unisolated]",
            "kata class report <grade.json>... [--html PATH] [--csv PATH]",
            "kata class gradescope <autograder.zip> [--swift VERSION]",
            "kata class classroom50 <folder> [--image IMAGE]",
        ],
        summary: "Run a class: the learner's template, the grade of record, the report, autograders (instructors)",
        details: """
            template     writes the repository learners start from: the kata without the answers
                         (Solutions/, the mistakes catalogue, step 9's hidden mistakes), with its own
                         README and a feedback workflow that uses no secret.
            grade        grades every learner against the full kit, each in a process of its own,
                         into --out (default class-grades/): NAME.json and NAME.xml per learner,
                         report.html and grades.csv. Learners are the folders of <folder-of-clones>, or
                         the lines "NAME LOCATION [COMMIT]" of a roster (a path, a git URL, or OWNER/REPO
                         cloned from $KATA_CLONE_BASE, https://github.com by default; COMMIT pins what is
                         graded, for a regrade). --before DATE grades each learner's last commit made
                         before DATE (by the commit's own date), and every grade says which. Each of the --jobs
                         (default 1) keeps one warm grading copy, brought back to the kit and checked
                         against its manifest before each learner. Learner code must run isolated
                         (bubblewrap, or as root a user of its own): without, it refuses unless
                         --allow-unisolated, and then every grade says it was not isolated.
            report       reads grades and writes one HTML page (no script, opens offline) and a CSV.
            gradescope   writes Gradescope's autograder zip: setup.sh installs a released Swift and
                         builds the kit; run_autograder grades the submission's Exercises/.
            classroom50  writes a Classroom 50 assignment's autograder folder (autograder.py, the
                         public kit) and runtime.json; it holds nothing a learner may not read.
            """,
        options: [
            .init("--kit", value: "PATH", help: "grade: the full kit to grade against (default: this one)"),
            .init("--roster", value: "FILE", help: "grade: lines of NAME LOCATION [COMMIT]"),
            .init("--before", value: "DATE", help: "grade: each learner's last commit before DATE (a deadline)"),
            .init("--out", value: "DIR", help: "grade: where the grades and the report go"),
            .init("--jobs", value: "N", help: "grade: learners graded side by side"),
            .init("--allow-unisolated", help: "grade: grade even where learner code cannot run isolated"),
            .init("--html", value: "PATH", help: "report: the class page"),
            .init("--csv", value: "PATH", help: "report: the gradebook table"),
            .init("--swift", value: "VERSION", help: "gradescope: the Swift release setup.sh installs"),
            .init(
                "--image", value: "IMAGE", help: "classroom50: grade in this public image (default: GitHub's runner)"),
        ],
        arguments: 1...100_000
    )

    let arguments: ParsedArguments

    /// The kit of the workspace kata runs in, if any: what a template and the autograders are made from.
    let workspaceKit: Kit?

    init(_ arguments: ParsedArguments, kit workspaceKit: Kit?) throws(UsageError) {
        self.workspaceKit = workspaceKit
        let actions = ["template", "grade", "report", "gradescope", "classroom50"]
        guard actions.contains(arguments.words[0]) else {
            throw UsageError(
                "kata class: '\(arguments.words[0])' is not one of \(actions.joined(separator: ", ")). See kata class --help."
            )
        }
        self.arguments = arguments
    }

    func run(in context: Context) throws(CommandFailure) -> ExitStatus {
        let rest = Array(arguments.words.dropFirst())
        switch arguments.words[0] {
        case "template":
            return try writeTemplate(
                to: try single(rest, "a new folder for the template"), kit: try context.kit(workspaceKit), in: context)
        case "grade":
            return try gradeAndReport(try classGrade(learners: rest, context: context), in: context)
        case "report":
            return try ClassReportCommand(
                grades: rest, html: arguments.values["--html"], csv: arguments.values["--csv"],
                course: workspaceKit?.course
            ).run(in: context)
        case "gradescope":
            return try writeGradescope(
                to: try single(rest, "the zip to write"), swift: arguments.values["--swift"],
                kit: try context.kit(workspaceKit),
                in: context)
        default:
            return try writeClassroom50(
                to: try single(rest, "a new folder"), image: arguments.values["--image"],
                kit: try context.kit(workspaceKit),
                in: context)
        }
    }

    private func single(_ words: [String], _ what: String) throws(CommandFailure) -> String {
        guard words.count == 1 else {
            throw CommandFailure("kata class \(arguments.words[0]): give \(what), once.", status: .usage)
        }
        return words[0]
    }
}

/// `kata class report`: the class page and the gradebook table from learners' grades.
struct ClassReportCommand {
    let grades: [String]
    let html: String?
    let csv: String?
    /// Which steps are lessons of suites (the workspace's course, when there is one).
    let course: Course?

    func run(in context: Context) throws(CommandFailure) -> ExitStatus {
        guard !grades.isEmpty else {
            throw CommandFailure(
                "kata class report: give the learners' grade files (kata grade --json).", status: .usage)
        }
        guard html != nil || csv != nil else {
            throw CommandFailure(
                "kata class report: say where to write it: --html PATH, --csv PATH or both.", status: .usage)
        }
        var report: ClassReport
        let files = grades.map { URL(fileURLWithPath: $0, relativeTo: context.currentDirectory) }
        do {
            report = try ClassReport.load(files)
        } catch {
            throw CommandFailure("kata class report: \(error.message).", status: .noInput)
        }
        // A grade file that is not the one the class grade wrote is named, and its learner shown as needing review.
        let changed = ClassGrade.changedSinceWritten(files)
        for file in changed {
            context.writeError(
                context.style.warn("Note: ") + "\(file.lastPathComponent) differs from what the class grade wrote "
                    + "(\(ClassGrade.digestsFile)); its learner needs review.\n")
        }
        report.gradeFilesChanged = Set(changed.map { $0.deletingPathExtension().lastPathComponent })
        if let html {
            try OutputFile.write(Data(report.html(course: course).utf8), to: html, in: context, command: "class report")
        }
        if let csv {
            try OutputFile.write(Data(report.csv().utf8), to: csv, in: context, command: "class report")
        }
        context.write("Class report: \(report.learners.count) learners.\n")
        return .success
    }
}
