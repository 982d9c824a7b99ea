import Foundation

/// `kata classroom DIR`: writes a class template, the repository learners get: the kata with
/// its starters and no reference answers, and an autograding workflow pinned to an exact
/// commit or tag of the instructor's (private) kit.
struct ClassroomCommand: KataCommand {
    static let spec = CommandSpec(
        name: "classroom",
        usage: ["kata classroom <folder> --kit-repository OWNER/NAME --kit-ref COMMIT-OR-TAG"],
        summary: "Write a class template: the kata without solutions, graded by GitHub Classroom (instructors)",
        details: """
            Writes a new repository's files into <folder> (which must not exist or be empty): the
            package, the given code, the checks, the seeds and the starters, without Solutions/,
            the mistakes catalogue, the runner's own tests or the kit's CI; and
            .github/workflows/classroom.yml, named "Autograding Tests", which grades each push
            against the kit at OWNER/NAME, at exactly COMMIT-OR-TAG (a commit is exact; a tag can
            be moved), read with the KATA_KIT_TOKEN secret. Push the folder to GitHub, mark it a
            template, add the secret, and make it the starter of a Classroom assignment.
            """,
        options: [
            .init("--kit-repository", value: "OWNER/NAME", help: "the instructor's kit on GitHub (private is fine)"),
            .init("--kit-ref", value: "COMMIT-OR-TAG", help: "the exact commit (or tag) of the kit to grade against"),
        ],
        arguments: 1...1
    )

    let folder: String
    let repository: String
    let ref: String

    init(_ arguments: ParsedArguments) throws(UsageError) {
        folder = arguments.words[0]
        guard let repository = arguments.values["--kit-repository"],
            repository.range(of: #"^[A-Za-z0-9][A-Za-z0-9_.-]*/[A-Za-z0-9_.-]+$"#, options: .regularExpression) != nil
        else {
            throw UsageError(
                "kata classroom: --kit-repository OWNER/NAME is needed: the GitHub repository of your kit.")
        }
        guard let ref = arguments.values["--kit-ref"],
            ref.range(of: #"^[A-Za-z0-9][A-Za-z0-9_./-]*$"#, options: .regularExpression) != nil
        else {
            throw UsageError(
                "kata classroom: --kit-ref COMMIT-OR-TAG is needed: the exact version of the kit to grade against.")
        }
        self.repository = repository
        self.ref = ref
    }

    /// What a learner's repository leaves out of the kit: the answers, the kit's own tests,
    /// and the copies of given code with the mistakes a lesson of suites is graded by.
    static func leftOut(of workspace: Workspace) -> [String] {
        ["Solutions", "Tests/Mistakes", "Tests/KataCoreTests", ".github", ".ci", "docs", ".git"]
            + StepCatalog.all.filter { $0.kind == .suites }.compactMap { step in
                SuiteMistake.builtInCopy(of: step, in: workspace).map { "Tests/\(step.testTarget)/\($0)" }
            }
    }

    func run(in context: Context) throws(CommandFailure) -> ExitStatus {
        let workspace = try context.workspace()
        try workspace.requireSolutions(for: "classroom")
        let destination = URL(fileURLWithPath: folder, relativeTo: context.currentDirectory).standardizedFileURL
        let existing = (try? FileManager.default.contentsOfDirectory(atPath: destination.path)) ?? []
        guard existing.isEmpty else {
            throw CommandFailure("kata classroom: \(folder) is not empty; give a new folder.", status: .usage)
        }
        guard !destination.path.hasPrefix(workspace.root.path + "/") else {
            throw CommandFailure(
                "kata classroom: write the template outside the kit, not in \(folder).", status: .usage)
        }
        let manifest = try KitManifest.load(from: workspace)
        let template = workspace.root.appendingPathComponent(".github/classroom/autograding.yml")
        guard let workflow = try? String(contentsOf: template, encoding: .utf8) else {
            throw CommandFailure(
                "kata classroom: .github/classroom/autograding.yml is missing from the kit.", status: .noInput)
        }
        do {
            try write(Self.files(of: workspace, manifest: manifest), to: destination)
            let pinned = Self.pin(workflow, repository: repository, ref: ref)
            try write([".github/workflows/classroom.yml": Data(pinned.utf8)], to: destination)
        } catch {
            throw CommandFailure(
                "kata classroom: could not write \(folder): \(error.localizedDescription)", status: .unavailable)
        }
        context.write(
            """
            Wrote the class template to \(folder): the kata without its solutions, graded against
            \(repository) at \(ref).
            Next:
              1. cd \(folder) && git init && git add -A && git commit -m "VIP kata" and push it to GitHub;
                 in its settings, make it a template repository.
              2. Add a repository (or organization) secret KATA_KIT_TOKEN: a token that can read \(repository).
              3. In GitHub Classroom, create an assignment with this repository as its starter code.
            Each push runs "Autograding Tests": one point per check, \(StepCatalog.all.count) steps.

            """)
        return .success
    }

    /// The kit's files a learner gets, by path: the starters as the manifest has them.
    static func files(of workspace: Workspace, manifest: KitManifest) -> [String: Data] {
        var files: [String: Data] = [:]
        // What the kit's repository tracks, when it is one: never an author's scratch files.
        let listing = Subprocess.run(
            Command("git", ["-C", workspace.root.path, "ls-files", "-z"], timeLimit: .seconds(60)))
        let paths =
            listing.succeeded
            ? listing.output.split(separator: "\0").map(String.init)
            : FileTree.walk(workspace.root).filter { $0.kind == .file }.map(\.path)
        let leftOut = leftOut(of: workspace)
        for path in paths where FileTree.kind(at: workspace.root.appendingPathComponent(path)) == .file {
            let excluded = leftOut.contains { path == $0 || path.hasPrefix($0 + "/") }
            guard !excluded, !path.hasPrefix("Exercises/") else { continue }
            files[path] = Data(workspace.bytes(of: path))
        }
        for starter in manifest.starters {
            files[starter.path] = Data(starter.text.utf8)
        }
        // The template's manifest covers what the template has: a left-out grading file is not missing.
        var own = manifest
        own.grading.removeAll { checksum in leftOut.contains { checksum.path.hasPrefix($0 + "/") } }
        if let data = try? own.encoded() { files[KitManifest.path] = data }
        for hidden in [".gitignore", ".swift-format"]
        where FileTree.kind(at: workspace.root.appendingPathComponent(hidden)) == .file {
            files[hidden] = Data(workspace.bytes(of: hidden))
        }
        return files
    }

    /// The workflow with the kit's repository, its ref and the runners (one per step) filled in.
    static func pin(_ workflow: String, repository: String, ref: String) -> String {
        let runners = StepCatalog.all.map { ClassroomResults.runnerID(of: $0.number) }.joined(separator: ",")
        return
            workflow
            .replacingOccurrences(
                of: #"KATA_KIT_REPOSITORY: "OWNER/KIT-REPOSITORY""#, with: #"KATA_KIT_REPOSITORY: "\#(repository)""#
            )
            .replacingOccurrences(of: #"KATA_KIT_REF: "COMMIT-OR-TAG""#, with: #"KATA_KIT_REF: "\#(ref)""#)
            .replacingOccurrences(of: "runners: RUNNERS", with: "runners: \(runners)")
    }

    private func write(_ files: [String: Data], to root: URL) throws {
        for (path, data) in files.sorted(by: { $0.key < $1.key }) {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        }
    }
}
