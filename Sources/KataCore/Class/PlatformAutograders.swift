import Foundation

/// The autograders of the platforms classes grade on, written from the kit: Gradescope's zip (the instructor's, so it
/// carries the full kit) and a Classroom 50 assignment's folder (published where a learner's workflow can fetch it, so
/// it carries only the public kata). Their scripts live in the kit's `.github/class/`.
enum PlatformAutograders {
    /// The Swift release Gradescope's setup.sh installs when none is asked for.
    static let defaultSwift = "6.3.1"
    /// Where a Classroom 50 assignment grades. Its grade job calls curl, git, python3 and gh around the autograder, in
    /// the job's image: GitHub's Ubuntu 24.04 runner image holds all of them and Swift too, so the kit grades there by
    /// default, with bubblewrap added; a container image is the instructor's choice (`--image`), built from the
    /// Dockerfile the kit writes beside it, since no Swift image has curl or gh.
    enum Classroom50Runtime: Equatable {
        case hostedRunner
        case container(image: String)

        /// The hosted runner's label: pinned, so a new `ubuntu-latest` cannot change what grades.
        static let runnerLabel = "ubuntu-24.04"
        /// The Swift image the kit's Dockerfile starts from.
        static let swiftImage = "swift:6.3"
        /// runtime.json, as `gh teacher assignment add --runtime` reads it: only keys its validator allows (a
        /// container takes no `apt` and no `python`: the image owns its packages).
        var json: String {
            switch self {
            case .hostedRunner:
                #"{"runs-on": "\#(Self.runnerLabel)", "python": "3.12", "apt": ["bubblewrap"]}"# + "\n"
            case .container(let image):
                #"{"container": {"image": "\#(image)", "user": "root"}}"# + "\n"
            }
        }

        /// The image a container runtime names, built from the official Swift image with what the grade job calls.
        static let dockerfile = """
            # The image a Classroom 50 assignment of the VIP kata grades in, written by `kata class classroom50 --image`.
            # Classroom 50's grade job calls curl, git, python3 and gh in it, around the autograder, which builds kata
            # with Swift and isolates learner code (bubblewrap, or a user of its own where the container refuses
            # namespaces). Build it, push it somewhere public, and name it with --image:
            #   docker build -t IMAGE . && docker push IMAGE
            FROM \(swiftImage)
            RUN export DEBIAN_FRONTEND=noninteractive \\
                && apt-get -q update \\
                && apt-get -q install -y --no-install-recommends bubblewrap ca-certificates curl gh git python3 \\
                && rm -rf /var/lib/apt/lists/*

            """
    }

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

    /// A Classroom 50 assignment's autograder folder, by path: autograder.py, the public kit, runtime.json, and for
    /// a container the Dockerfile of its image.
    static func classroom50(runtime: Classroom50Runtime, kit: Kit) throws(CommandFailure) -> [String: Data] {
        let workspace = kit.workspace
        let autograder = try script("classroom50-autograder.py", in: workspace, command: "class classroom50")
        // The bundle is fetched by the learner's own workflow: only what the learner's template has.
        let manifest = try KitManifest.load(from: workspace)
        var files: [String: Data] = [:]
        for (path, data) in ClassTemplate.files(of: kit, manifest: manifest) {
            files["autograder/kit/" + path] = data
        }
        files["autograder/autograder.py"] = Data(autograder.utf8)
        files["runtime.json"] = Data(runtime.json.utf8)
        if case .container = runtime {
            files["image/Dockerfile"] = Data(Classroom50Runtime.dockerfile.utf8)
        }
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
