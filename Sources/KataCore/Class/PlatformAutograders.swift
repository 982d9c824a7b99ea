import Foundation

/// The autograders of the platforms classes grade on, written from the kit: Gradescope's zip (the instructor's, so it
/// carries the full kit) and a Classroom 50 assignment's folder (published where a learner's workflow can fetch it, so
/// it carries only the public kata). Their scripts live in the kit's `.github/class/`.
enum PlatformAutograders {
    /// The Swift release Gradescope's setup.sh installs when none is asked for.
    static let defaultSwift = "6.3.1"
    /// The public image Classroom 50 grades in when none is asked for.
    static let defaultImage = "swift:6.3"

    /// Gradescope's autograder zip: setup.sh installs Swift `version`, run_autograder grades, and the full kit.
    static func gradescope(swift version: String, kit: Kit) throws(CommandFailure) -> Data {
        let workspace = kit.workspace
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
        return ZipArchive.archive(entries)
    }

    /// A Classroom 50 assignment's autograder folder, by path: autograder.py, the public kit, and
    /// runtime.json for `image`.
    static func classroom50(image: String, kit: Kit) throws(CommandFailure) -> [String: Data] {
        let workspace = kit.workspace
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
        return files
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
