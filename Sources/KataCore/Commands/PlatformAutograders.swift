import Foundation

/// The autograders of the platforms classes grade on, written from the kit: Gradescope's zip (the instructor's, so it
/// carries the full kit) and a Classroom 50 assignment's folder (published where a learner's workflow can fetch it, so
/// it carries only the public kata). Their scripts live in the kit's `.github/class/`.
enum PlatformAutograders {
    /// The Swift release Gradescope's setup.sh installs when none is asked for.
    static let defaultSwift = "6.3.1"
    /// The public image Classroom 50 grades in when none is asked for.
    static let defaultImage = "swift:6.3"

    static func writeGradescope(to path: String, swift: String?, kit: Kit, in context: Context)
        throws(CommandFailure) -> ExitStatus
    {
        let workspace = kit.workspace
        try workspace.requireSolutions(for: "class gradescope")
        let version = swift ?? defaultSwift
        guard version.range(of: #"^[0-9]+\.[0-9]+(\.[0-9]+)?$"#, options: .regularExpression) != nil else {
            throw CommandFailure(
                "kata class gradescope: --swift takes a release such as 6.3.1; got '\(version)'.", status: .usage)
        }
        let setup = try script("gradescope-setup.sh", in: workspace, command: "class gradescope")
            .replacingOccurrences(of: "SWIFT-VERSION", with: version)
        let run = try script("gradescope-run_autograder", in: workspace, command: "class gradescope")
        var entries = [
            ZipArchive.Entry(path: "setup.sh", data: Data(setup.utf8), executable: true),
            ZipArchive.Entry(path: "run_autograder", data: Data(run.utf8), executable: true),
        ]
        for (file, data) in fullKit(workspace).sorted(by: { $0.key < $1.key }) {
            entries.append(ZipArchive.Entry(path: "kit/" + file, data: data, executable: false))
        }
        try OutputFile.write(ZipArchive.archive(entries), to: path, in: context, command: "class gradescope")
        let total = kit.steps.map { kit.course.checks(of: $0).count }.reduce(0, +)
        context.write(
            """
            Wrote Gradescope's autograder to \(path): setup.sh installs Swift \(version) and builds the kit,
            run_autograder grades the submission's Exercises/. In Gradescope: a Programming Assignment worth
            \(total) points (a point per check), Ubuntu 22.04 base image, upload this zip as its autograder.

            """)
        return .success
    }

    static func writeClassroom50(to folder: String, image: String?, kit: Kit, in context: Context)
        throws(CommandFailure) -> ExitStatus
    {
        let workspace = kit.workspace
        try workspace.requireSolutions(for: "class classroom50")
        let image = image ?? defaultImage
        guard image.range(of: #"^[A-Za-z0-9][A-Za-z0-9._:/@+-]{0,255}$"#, options: .regularExpression) != nil else {
            throw CommandFailure(
                "kata class classroom50: --image takes a public image such as swift:6.3.", status: .usage)
        }
        let destination = URL(fileURLWithPath: folder, relativeTo: context.currentDirectory).standardizedFileURL
        guard ((try? FileManager.default.contentsOfDirectory(atPath: destination.path)) ?? []).isEmpty else {
            throw CommandFailure("kata class classroom50: \(folder) is not empty; give a new folder.", status: .usage)
        }
        let autograder = try script("classroom50-autograder.py", in: workspace, command: "class classroom50")
        // The bundle is fetched by the learner's own workflow: only what the learner's template has.
        let manifest = try KitManifest.load(from: workspace)
        var files: [String: Data] = [:]
        for (path, data) in ClassTemplate.files(of: kit, manifest: manifest) {
            files["autograder/kit/" + path] = data
        }
        files["autograder/autograder.py"] = Data(autograder.utf8)
        let runtime = #"{"container": {"image": "\#(image)", "user": "root"}, "python": "3.12"}"# + "\n"
        files["runtime.json"] = Data(runtime.utf8)
        do {
            try write(files, to: destination, executable: [])
        } catch {
            throw CommandFailure(
                "kata class classroom50: could not write \(folder): \(error.localizedDescription)", status: .noInput)
        }
        context.write(
            """
            Wrote a Classroom 50 assignment's autograder to \(folder):
              autograder/   copy it to <classroom>/autograders/<assignment>/ in your classroom50 repository;
                            it holds the public kata only (no solutions, no hidden mistakes).
              runtime.json  the assignment's runtime: gh teacher assignment add … --runtime runtime.json
            Step 9 and the comparison with the reference need the full kit: grade them with kata class grade.
            The image (\(image)) must have bash, git, curl and python3: Classroom 50's runner calls them
            before the autograder. The official swift images remove curl; publish one built FROM them
            with curl added, and pass it with --image.

            """)
        return .success
    }

    /// Every file of the kit as git tracks it (the full kit: the autograder is the instructor's).
    static func fullKit(_ workspace: Workspace) -> [String: Data] {
        var files: [String: Data] = [:]
        for path in ClassTemplate.trackedPaths(of: workspace)
        where !path.hasPrefix(".github/") && !path.hasPrefix(".ci/") {
            if FileTree.kind(at: workspace.root.appendingPathComponent(path)) == .file {
                files[path] = Data(workspace.bytes(of: path))
            }
        }
        return files
    }

    static func script(_ name: String, in workspace: Workspace, command: String) throws(CommandFailure) -> String {
        guard
            let text = try? String(
                contentsOf: workspace.root.appendingPathComponent(".github/class/\(name)"), encoding: .utf8)
        else {
            throw CommandFailure("kata \(command): .github/class/\(name) is missing from the kit.", status: .noInput)
        }
        return text
    }

    static func write(_ files: [String: Data], to root: URL, executable: Set<String>) throws {
        for (path, data) in files.sorted(by: { $0.key < $1.key }) {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
            if executable.contains(path) {
                try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
            }
        }
    }
}
