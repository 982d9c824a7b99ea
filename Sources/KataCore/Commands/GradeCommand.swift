import Foundation

/// `kata grade`: every step of the learner's Exercises, graded, for instructors and CI.
struct GradeCommand: AnywhereCommand {
    static let spec = CommandSpec(
        name: "grade",
        usage: [
            "kata grade [--kit PATH|REF] [--json PATH] [--junit PATH] [--summary PATH] [--gradescope PATH] "
                + "[--classroom50 PATH] [--require N] [--allow-review] [--require-isolation] [--time-limit SECONDS] "
                + "[--budget SECONDS] [--before DATE | --commit REV]"
        ],
        summary: "Grade every step, for instructors and CI (JSON, JUnit, annotations)",
        details: """
            With --kit, grades a throwaway copy of that pristine kit (a folder, or a branch, tag
            or commit of this repository) into which only your Exercises/ is copied, as regular
            files: nothing else of this workspace is read. Without it, grades this workspace as
            it is (for self-study) and names every file that differs from the kit's manifest.
            Every step is built before any of its code runs, each step's checks run on their
            own, and every check counts: a step that does not build scores 0 of all its checks.
            Code a scene never needs (process arguments, file writes, exit, unsafe pointers...)
            marks its step "needs review". Learner code runs isolated from the grader where the
            machine allows (Linux with bubblewrap; as root without namespaces, a user of its
            own); the grade says whether it was, and --require-isolation refuses to grade where
            it cannot be. With --kit, --before DATE grades the last commit of this repository
            made before DATE, and --commit REV the commit named (for a deadline, a regrade), each
            from a checkout of its own: your folder is not touched. PATH - means standard output. Under GitHub Actions
            (GITHUB_ACTIONS=true) the first failing check of each step is an annotation.
            Exit status: 0 when grading ran; 1 when --require N is not met or a step needs
            review (unless --allow-review); 64 usage; 66 or 69 when grading could not run.
            """,
        options: [
            .init("--kit", value: "PATH|REF", help: "grade a pristine copy of this kit with only your Exercises/"),
            .init("--json", value: "PATH", help: "write the grade as JSON (- for standard output)"),
            .init("--junit", value: "PATH", help: "write the grade as JUnit XML (- for standard output)"),
            .init("--summary", value: "PATH", help: "write a Markdown table of the grade (e.g. $GITHUB_STEP_SUMMARY)"),
            .init("--gradescope", value: "PATH", help: "write Gradescope's results.json (its autograder's output)"),
            .init(
                "--classroom50", value: "PATH",
                help: "write Classroom 50's result.json, its release-body.md beside it (inside its runner)"),
            .init("--require", value: "N", help: "exit 1 unless steps 1 to N all pass (classroom gates)"),
            .init("--allow-review", help: "do not fail when a step needs review"),
            .init("--require-isolation", help: "grade only where learner code can run isolated (a grade of record)"),
            .init("--time-limit", value: "SECONDS", help: "stop a check that runs this long, and name it (default 10)"),
            .init(
                "--budget", value: "SECONDS",
                help: "the whole grade's time: what has not run by then counts as not run, and the grade is written"),
            .init(
                "--before", value: "DATE", help: "grade the last commit before DATE (2026-12-01 or 2026-12-01T23:59Z)"),
            .init("--commit", value: "REV", help: "grade this commit, branch or tag of the repository (a regrade)"),
        ]
    )

    /// `--kit`: the pristine kit to grade against, as typed.
    let pristineKit: String?
    /// The kit of the workspace kata runs in, if any: the one graded without --kit.
    let workspaceKit: Kit?
    let jsonPath: String?
    let junitPath: String?
    let summaryPath: String?
    let gradescopePath: String?
    let classroom50Path: String?
    let required: Int?
    let allowReview: Bool
    let requireIsolation: Bool
    let timeLimit: Duration?
    let budget: Duration?
    /// Which state of the learner's repository is graded.
    let revision: LearnerRevision

    init(_ arguments: ParsedArguments, kit workspaceKit: Kit?) throws(UsageError) {
        pristineKit = arguments.values["--kit"]
        self.workspaceKit = workspaceKit
        jsonPath = arguments.values["--json"]
        junitPath = arguments.values["--junit"]
        summaryPath = arguments.values["--summary"]
        gradescopePath = arguments.values["--gradescope"]
        classroom50Path = arguments.values["--classroom50"]
        allowReview = arguments.has("--allow-review")
        requireIsolation = arguments.has("--require-isolation")
        timeLimit = try arguments.values["--time-limit"].map { word throws(UsageError) in try TimeLimit.parse(word) }
        budget = try arguments.values["--budget"].map { word throws(UsageError) in
            guard let seconds = Int(word), (10...86_400).contains(seconds) else {
                throw UsageError("kata grade: --budget takes seconds, a number from 10 to 86400; got '\(word)'.")
            }
            return .seconds(seconds)
        }
        switch (arguments.values["--before"], arguments.values["--commit"]) {
        case (nil, nil): revision = .asItStands
        case (let word?, nil):
            guard let date = LearnerRevision.deadline(from: word) else {
                throw UsageError("kata grade: --before takes \(LearnerRevision.deadlineForms); got '\(word)'.")
            }
            revision = .lastBefore(date)
        case (nil, let name?):
            guard LearnerRevision.isCommitName(name) else {
                throw UsageError(
                    "kata grade: --commit takes a commit, branch or tag of your repository; got '\(name)'.")
            }
            revision = .commit(name)
        case (_?, _?): throw UsageError("kata grade: give --before or --commit, not both.")
        }
        guard revision == .asItStands || pristineKit != nil else {
            throw UsageError("kata grade: --before and --commit grade a commit against a kit: give it with --kit.")
        }
        // Checked against the course once it is known (the kit's, with --kit).
        required = try arguments.values["--require"].map { word throws(UsageError) in
            guard let number = Int(word), number >= 1 else {
                throw UsageError("kata grade: --require takes a step number; got '\(word)'.")
            }
            return number
        }
        guard outputs.filter({ $0 == "-" }).count <= 1 else {
            throw UsageError("kata grade: only one output can write to standard output (-).")
        }
    }

    /// Where each report goes, as typed; `-` is standard output.
    private var outputs: [String?] { [jsonPath, junitPath, summaryPath, gradescopePath, classroom50Path] }

    func run(in context: Context) throws(CommandFailure) -> ExitStatus {
        // With --kit only the learner's Exercises/ is read, so a folder that holds just that will do.
        let folder =
            try pristineKit == nil
            ? context.workspace() : (try? context.workspace()) ?? Workspace(root: context.currentDirectory)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("kata-learner-\(UUID())")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let (graded, chosen) = try revision.folder(for: folder.root, scratch: scratch)
        let learner = chosen == nil ? folder : Workspace(root: graded)
        let identity = try classroom50Path.map { _ throws(CommandFailure) in
            try Self.classroom50Identity(context.environment)
        }
        let limit = try TimeLimit.resolve(timeLimit, environment: context.environment)
        let tree =
            if let pristineKit {
                try GradedTree.pristineCopy(
                    of: try KitArgument.location(pristineKit, learner: learner, context: context), learner: learner,
                    environment: context.environment, progress: context.progress)
            } else {
                try GradedTree.asItStands(learner, kit: try context.kit(workspaceKit)) { () throws(CommandFailure) in
                    try WorkspaceLock.acquire(learner, context: context)
                }
            }
        defer { tree.lock.release() }
        if let required, tree.kit.step(required) == nil {
            throw CommandFailure(
                "kata grade: --require takes a step number from 1 to \(tree.kit.steps.count); got \(required).",
                status: .usage)
        }
        if let problem = BuildFolder.problem(tree.kit.workspace, source: .exercises) {
            let way = pristineKit == nil ? " Or grade with --kit: only your Exercises/ is read." : ""
            throw CommandFailure("kata grade: \(problem)\(way)", status: .unavailable)
        }
        var grade = try tree.grade(
            toolchain: context.toolchain, timeLimit: limit, requireIsolation: requireIsolation, budget: budget,
            progress: context.progress)
        grade.learnerCommitChosen = chosen
        context.clearProgress()

        func write(_ data: Data, to path: String) throws(CommandFailure) {
            try OutputFile.write(data, to: path, in: context, command: "grade")
        }
        if let jsonPath { try write(grade.json(), to: jsonPath) }
        if let junitPath { try write(Data(JUnitReport.xml(for: grade).utf8), to: junitPath) }
        if let summaryPath {
            try OutputFile.append(Data(GradeSummary.markdown(for: grade).utf8), to: summaryPath, in: context)
        }
        if let gradescopePath { try write(GradescopeResults.json(for: grade), to: gradescopePath) }
        if let classroom50Path, let identity {
            try write(Classroom50Result.json(for: grade, identity: identity), to: classroom50Path)
            // The Release's page and the commit's status line, which the runner takes from an autograder that gives
            // them: beside result.json, and in the job's outputs.
            let document = Classroom50Result.document(for: grade, identity: identity)
            if classroom50Path != "-" {
                let body = URL(fileURLWithPath: classroom50Path, relativeTo: context.currentDirectory)
                    .deletingLastPathComponent().appendingPathComponent("release-body.md")
                try write(Data(Classroom50Result.releaseBody(for: grade, document: document).utf8), to: body.path)
            }
            if let outputs = context.environment["GITHUB_OUTPUT"], !outputs.isEmpty {
                let (status, summary) = Classroom50Result.status(for: grade, document: document)
                try OutputFile.append(Data("status=\(status)\nsummary=\(summary)\n".utf8), to: outputs, in: context)
            }
        }
        // Reports on standard output keep it to themselves; the summary goes to standard error.
        let say = outputs.contains("-") ? context.writeError : context.write
        if context.environment["GITHUB_ACTIONS"] == "true" {
            say(GitHubAnnotations.lines(for: grade).map { $0 + "\n" }.joined())
        }
        say(grade.text(style: context.style))
        return gate(grade, say: say)
    }

    /// Who and what a Classroom 50 result is for, read before anything is built: outside its
    /// runner the variables are missing, and a grade without them could not be filed.
    static func classroom50Identity(_ environment: [String: String]) throws(CommandFailure)
        -> Classroom50Result.Identity
    {
        switch Classroom50Result.Identity.from(environment) {
        case .success(let identity): return identity
        case .failure(let missing):
            let what =
                missing.names.isEmpty
                ? "SUBMISSION_TAG does not start with submit/"
                : "\(missing.names.joined(separator: ", ")) \(missing.names.count == 1 ? "is" : "are") not set"
            throw CommandFailure(
                "kata grade: --classroom50 writes the result for Classroom 50's runner, which sets the submission's "
                    + "identity; \(what).", status: .usage)
        }
    }

    private func gate(_ grade: GradeReport, say: (String) -> Void) -> ExitStatus {
        var failed = false
        if grade.needsReview, !allowReview {
            let steps = grade.steps.filter(\.needsReview).map { "\($0.step)" }.joined(separator: ", ")
            say(
                "Needs review: step \(steps) (see the findings above). An instructor can allow it with --allow-review.\n"
            )
            failed = true
        }
        if let required {
            let gate = grade.steps.prefix(required)
            if !gate.allSatisfy({ $0.status == .passed }) {
                let missing = gate.filter { $0.status != .passed }.map { "\($0.step)" }.joined(separator: ", ")
                say("Required: steps 1 to \(required) all pass. Not yet: step \(missing).\n")
                failed = true
            }
        }
        return failed ? .failure : .success
    }
}

/// What `--kit` names: a folder holding a kit; `REPOSITORY@REF`, a branch, tag or commit of the git repository at that
/// path (the instructor's); or a full commit hash of the repository the learner's workspace is in. A branch or tag of
/// the learner's own repository is refused: whoever can push to it can move it, and a commit hash cannot be moved.
enum KitArgument {
    static func location(_ word: String, learner: Workspace, context: Context) throws(CommandFailure)
        -> KitLocation
    {
        guard !word.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw CommandFailure("kata grade: --kit is empty; name the kit's folder or commit.", status: .usage)
        }
        let resolved = Self.folder(word, from: context.currentDirectory)
        if FileTree.kind(at: resolved) == .folder {
            if resolved.standardizedFileURL.path == learner.root.resolvingSymlinksInPath().standardizedFileURL.path {
                throw CommandFailure(
                    "kata grade: --kit \(word) is the tree being graded; the kit must be the instructor's copy.",
                    status: .usage)
            }
            return .folder(resolved)
        }
        if let at = word.lastIndex(of: "@"), at != word.startIndex {
            let repository = Self.folder(String(word[..<at]), from: context.currentDirectory)
            let ref = String(word[word.index(after: at)...])
            if FileTree.kind(at: repository) == .folder, !ref.isEmpty {
                return .gitRef(repository: repository, ref: ref)
            }
        }
        guard word.allSatisfy(\.isHexDigit), word.count == 40 || word.count == 64 else {
            throw CommandFailure(
                "kata grade: --kit \(word) is not a folder, and a branch or tag of the repository being graded can "
                    + "be moved by whoever pushes to it; give the kit's full commit hash, a folder, or "
                    + "REPOSITORY@REF for the instructor's repository.", status: .usage)
        }
        return .gitRef(repository: learner.root, ref: word)
    }

    /// `path`, relative to `current` unless absolute, standardised and with links resolved.
    static func folder(_ path: String, from current: URL) -> URL {
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : current.appendingPathComponent(path)
        return URL(fileURLWithPath: url.standardizedFileURL.resolvingSymlinksInPath().path)
    }
}
