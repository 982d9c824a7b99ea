import Foundation

/// What each of `kata class template`, `grade`, `gradescope` and `classroom50` reads from its options, writes where
/// it is asked, and says.
extension ClassCommand {
    func writeTemplate(to folder: String, kit: Kit, in context: Context) throws(CommandFailure) -> ExitStatus {
        let workspace = kit.workspace
        try workspace.requireSolutions(for: "class template")
        let destination = URL(fileURLWithPath: folder, relativeTo: context.currentDirectory).standardizedFileURL
        let existing = (try? FileManager.default.contentsOfDirectory(atPath: destination.path)) ?? []
        guard existing.isEmpty else {
            throw CommandFailure("kata class template: \(folder) is not empty; give a new folder.", status: .usage)
        }
        guard !destination.path.hasPrefix(workspace.root.path + "/") else {
            throw CommandFailure(
                "kata class template: write the template outside the kit, not in \(folder).", status: .usage)
        }
        let files = try ClassTemplate(kit: kit).files()
        do {
            try PlatformAutograders.write(files, to: destination, executable: [".github/scripts/kata-feedback"])
        } catch {
            throw CommandFailure(
                "kata class template: could not write \(folder): \(error.localizedDescription)", status: .noInput)
        }
        context.write(
            """
            Wrote the class template to \(folder): the kata without its answers, with a README for learners
            and a feedback workflow that reads no secret.
            Next:
              1. cd \(folder) && git init && git add -A && git commit -m "VIP kata", and push it where your
                 class makes repositories from (GitHub: mark it a template repository).
              2. Grade the class with the full kit: kata class grade --roster FILE (or the kit's "Grade the
                 class" workflow), or use kata class gradescope / kata class classroom50.

            """)
        return .success
    }

    func writeGradescope(to path: String, swift: String?, kit: Kit, in context: Context) throws(CommandFailure)
        -> ExitStatus
    {
        try kit.workspace.requireSolutions(for: "class gradescope")
        let version = swift ?? PlatformAutograders.defaultSwift
        guard version.range(of: #"^[0-9]+\.[0-9]+(\.[0-9]+)?$"#, options: .regularExpression) != nil else {
            throw CommandFailure(
                "kata class gradescope: --swift takes a release such as 6.3.1; got '\(version)'.", status: .usage)
        }
        let zip = try PlatformAutograders.gradescope(swift: version, kit: kit)
        try OutputFile.write(zip, to: path, in: context, command: "class gradescope")
        let total = kit.steps.map { kit.course.checks(of: $0).count }.reduce(0, +)
        context.write(
            """
            Wrote Gradescope's autograder to \(path): setup.sh installs Swift \(version) and builds the kit,
            run_autograder grades the submission's Exercises/. In Gradescope: a Programming Assignment worth
            \(total) points (a point per check), Ubuntu 22.04 base image, upload this zip as its autograder.

            """)
        return .success
    }

    func writeClassroom50(to folder: String, image: String?, kit: Kit, in context: Context) throws(CommandFailure)
        -> ExitStatus
    {
        try kit.workspace.requireSolutions(for: "class classroom50")
        var runtime = PlatformAutograders.Classroom50Runtime.hostedRunner
        if let image {
            guard image.range(of: #"^[A-Za-z0-9][A-Za-z0-9._:/@+-]{0,255}$"#, options: .regularExpression) != nil
            else {
                throw CommandFailure(
                    "kata class classroom50: --image takes a public image's name, such as ghcr.io/you/kata-grader:6.3.",
                    status: .usage)
            }
            runtime = .container(image: image)
        }
        let destination = URL(fileURLWithPath: folder, relativeTo: context.currentDirectory).standardizedFileURL
        guard ((try? FileManager.default.contentsOfDirectory(atPath: destination.path)) ?? []).isEmpty else {
            throw CommandFailure("kata class classroom50: \(folder) is not empty; give a new folder.", status: .usage)
        }
        let files = try PlatformAutograders.classroom50(runtime: runtime, kit: kit)
        do {
            try PlatformAutograders.write(files, to: destination, executable: [])
        } catch {
            throw CommandFailure(
                "kata class classroom50: could not write \(folder): \(error.localizedDescription)", status: .noInput)
        }
        let suites = kit.steps.filter { $0.kind == .suites }.map { "Step \($0.number) and " }
        let instructorSteps = suites.joined()
        let whereItGrades =
            switch runtime {
            case .hostedRunner:
                """
                It grades on GitHub's \(PlatformAutograders.Classroom50Runtime.runnerLabel) runner, which has Swift, \
                git, curl, gh and python3; bubblewrap is added.
                """
            case .container(let image):
                """
                  image/        the Dockerfile of \(image), the image it grades in: Swift, with the curl, gh,
                                git and python3 Classroom 50's grade job calls, and bubblewrap; build it and
                                push it somewhere public.
                """
            }
        context.write(
            """
            Wrote a Classroom 50 assignment's autograder to \(folder):
              autograder/   copy it to <classroom>/autograders/<assignment>/ in your classroom50 repository;
                            it holds the public kata only (no solutions, no hidden mistakes).
              runtime.json  the assignment's runtime: gh teacher assignment add … --runtime runtime.json
            \(whereItGrades)
            The autograder checks each of those first and says which is missing. \(instructorSteps)the comparison
            with the reference need the full kit: its grade leaves them out and says so; grade them with
            kata class grade.

            """)
        return .success
    }

    /// `kata class grade`'s options, read into the grade they ask for.
    func classGrade(learners words: [String], context: Context) throws(CommandFailure) -> ClassGrade {
        let kitPath = arguments.values["--kit"] ?? context.currentDirectory.path
        let kit = KitArgument.folder(kitPath, from: context.currentDirectory)
        guard FileTree.kind(at: kit.appendingPathComponent("Solutions")) == .folder,
            FileTree.kind(at: kit.appendingPathComponent(KitManifest.path)) == .file
        else {
            throw CommandFailure(
                "kata class grade: \(kitPath) is not the full kit (Solutions/ and its manifest); "
                    + "the grade of record uses the instructor's kit: give it with --kit.", status: .noInput)
        }
        let out =
            URL(fileURLWithPath: arguments.values["--out"] ?? "class-grades", relativeTo: context.currentDirectory)
            .standardizedFileURL
        let jobs =
            try arguments.values["--jobs"].map { word throws(CommandFailure) in
                guard let number = Int(word), (1...16).contains(number) else {
                    throw CommandFailure("kata class grade: --jobs takes 1 to 16; got '\(word)'.", status: .usage)
                }
                return number
            } ?? 1
        let learners: [ClassGrade.Learner]
        if let roster = arguments.values["--roster"] {
            guard words.isEmpty else {
                throw CommandFailure("kata class grade: give a roster or a folder of clones, not both.", status: .usage)
            }
            let url = URL(fileURLWithPath: roster, relativeTo: context.currentDirectory)
            guard let text = try? String(contentsOf: url, encoding: .utf8) else {
                throw CommandFailure("kata class grade: cannot read the roster \(roster).", status: .noInput)
            }
            learners = try ClassGrade.roster(text, relativeTo: url.deletingLastPathComponent())
        } else {
            guard words.count == 1 else {
                throw CommandFailure(
                    "kata class grade: give one folder of learners' clones, or --roster FILE.", status: .usage)
            }
            learners = try ClassGrade.clones(in: URL(fileURLWithPath: words[0], relativeTo: context.currentDirectory))
        }
        guard !learners.isEmpty else {
            throw CommandFailure("kata class grade: no learner to grade.", status: .noInput)
        }
        let allowUnisolated = arguments.has("--allow-unisolated")
        if !allowUnisolated,
            case .none(let reason) = Isolation.probe(runtimeLibraries: [], environment: context.environment)
        {
            throw CommandFailure(
                "kata class grade: learner code cannot run isolated on this machine (\(reason)); a grade of record "
                    + "needs it. --allow-unisolated grades anyway, and every grade says it was not isolated.",
                status: .unavailable)
        }
        var grade = ClassGrade(learners: learners, kit: kit, out: out, jobs: jobs, requireIsolation: !allowUnisolated)
        if let word = arguments.values["--before"] {
            guard let date = LearnerRevision.deadline(from: word) else {
                throw CommandFailure(
                    "kata class grade: --before takes \(LearnerRevision.deadlineForms); got '\(word)'.", status: .usage)
            }
            grade.revision = .lastBefore(date)
        }
        return grade
    }

    /// Grades the class, then writes its page and gradebook beside the grades.
    func gradeAndReport(_ grade: ClassGrade, in context: Context) throws(CommandFailure) -> ExitStatus {
        let (learners, kit, out, jobs) = (grade.learners, grade.kit, grade.out, grade.jobs)
        do {
            try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure("kata class grade: cannot make \(out.path).", status: .noInput)
        }
        grade.closeFolders()
        guard let kata = context.executable?.path else {
            throw CommandFailure("kata class grade: cannot find kata's own program to run.", status: .unavailable)
        }
        context.writeError(
            "Grading \(learners.count) learner\(learners.count == 1 ? "" : "s") against \(kit.path), \(jobs) at a time…\n"
        )
        let outcomes = grade.gradeEach(kata: kata, environment: context.environment, say: context.writeError)
        let graded = learners.compactMap { learner -> ClassReport.Learner? in
            guard case .graded(let grade, _) = outcomes[learner.name] else { return nil }
            return ClassReport.Learner(name: learner.name, grade: grade)
        }
        let written = outcomes.compactMapValues { outcome -> Data? in
            if case .graded(_, let data) = outcome { return data } else { return nil }
        }
        for name in ClassGrade.keep(written, in: out) {
            context.writeError(
                context.style.warn("Note: ") + "\(name).json changed after \(name)'s grade wrote it; it is put back.\n")
        }
        if !graded.isEmpty {
            let report = ClassReport(learners: graded.sorted { $0.name < $1.name })
            // The course of the kit graded against says which steps are lessons of suites.
            let course = try? Course.load(from: Workspace(root: kit))
            try OutputFile.write(
                Data(report.html(course: course).utf8), to: out.appendingPathComponent("report.html").path, in: context,
                command: "class grade")
            try OutputFile.write(
                Data(report.csv().utf8), to: out.appendingPathComponent("grades.csv").path, in: context,
                command: "class grade")
        }
        let failed = learners.count - graded.count
        context.write(
            "Graded \(learners.count - failed) of \(learners.count) learners into \(out.path) "
                + "(report.html, grades.csv).\n")
        return failed == 0 ? .success : .failure
    }
}
