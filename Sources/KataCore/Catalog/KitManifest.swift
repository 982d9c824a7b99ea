import Foundation

/// The kit's manifest (`Tests/kit-manifest.json`): a checksum of every file that decides
/// a grade, and the starter of every step, word for word.
///
/// `kata grade` compares the grading files against it, so an edited check or seed is
/// named and its steps score nothing; `kata reset` puts starters back from it;
/// `kata verify` proves it matches the kit. Authors rewrite it with `kata manifest --write`.
struct KitManifest: Codable, Equatable, Sendable {
    struct Checksum: Codable, Equatable, Sendable {
        let path: String
        let sha256: String
    }

    struct StarterFile: Codable, Equatable, Sendable {
        let path: String
        let text: String
    }

    static let path = "Tests/kit-manifest.json"
    static let currentVersion = 1

    var version: Int
    /// Files that decide a grade: the package, the given code, the checks, the seeds.
    var grading: [Checksum]
    /// The starters as the kit ships them, every file of Exercises/.
    var starters: [StarterFile]
    /// The starter files whose step's reference solution no longer has them: the lesson deletes them (step 8 drops its
    /// view model), so a learner's folder without one lacks nothing. Absent from a manifest older than this list.
    var deletedByLessons: [String]?

    /// The manifest the workspace's files would have now.
    static func make(for workspace: Workspace) -> KitManifest {
        let grading = GradingFiles.scan(workspace).files.map { path in
            Checksum(path: path, sha256: SHA256.hex(workspace.bytes(of: path)))
        }
        let starters = workspace.allFiles(under: "Exercises").map { path in
            StarterFile(path: path, text: String(decoding: workspace.bytes(of: path), as: UTF8.self))
        }
        // A solution's counterpart of a starter file: the same path under Solutions/.
        let deleted = starters.map(\.path).filter { path in
            FileTree.kind(at: workspace.root.appendingPathComponent("Solutions/" + path.dropFirst("Exercises/".count)))
                == nil
        }
        return KitManifest(
            version: currentVersion, grading: grading, starters: starters,
            deletedByLessons: workspace.hasSolutions ? deleted : nil)
    }

    static func load(from workspace: Workspace) throws(CommandFailure) -> KitManifest {
        guard let data = try? Data(contentsOf: workspace.root.appendingPathComponent(path)) else {
            throw CommandFailure(
                "kata: \(path) is missing; it comes with the kit (authors: kata manifest --write).", status: .noInput)
        }
        guard let manifest = try? JSONDecoder().decode(KitManifest.self, from: data),
            manifest.version == currentVersion
        else {
            throw CommandFailure(
                "kata: \(path) cannot be read as a version \(currentVersion) manifest; restore it from the kit.",
                status: .noInput)
        }
        if let problem = manifest.problem {
            throw CommandFailure("kata: \(path) \(problem); restore it from the kit.", status: .noInput)
        }
        return manifest
    }

    /// What makes a manifest unusable although it decodes: a path listed twice (paths are keys everywhere it is read,
    /// and two spellings of one name in different Unicode normalizations are the same key to Swift), or a path that
    /// leaves its folder, which `kata reset` would write to.
    var problem: String? {
        for (kind, paths) in [("file", grading.map(\.path)), ("starter file", starters.map(\.path))] {
            var seen = Set<String>()
            for path in paths {
                guard seen.insert(path).inserted else { return "lists the \(kind) \(path) twice" }
                let parts = path.split(separator: "/", omittingEmptySubsequences: false)
                if path.hasPrefix("/") || parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." })
                    || path.contains("\0")
                {
                    return "lists a \(kind) outside the kit: '\(path)'"
                }
            }
        }
        if let stray = starters.first(where: { !$0.path.hasPrefix("Exercises/") }) {
            return "lists a starter file outside Exercises/: '\(stray.path)'"
        }
        return nil
    }

    func write(to workspace: Workspace) throws {
        try encoded().write(to: workspace.root.appendingPathComponent(Self.path), options: .atomic)
    }

    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }

    /// The starter files of one step, with paths relative to its folder.
    func starterFiles(of step: Step) -> [StarterFile] {
        let prefix = "Exercises/\(step.folder)/"
        return starters.filter { $0.path.hasPrefix(prefix) }
            .map { StarterFile(path: String($0.path.dropFirst(prefix.count)), text: $0.text) }
    }
}

/// Which files decide a grade, and which steps each one touches.
enum GradingFiles {
    /// The folders and files whose contents a grade depends on.
    static let roots = ["Package.swift", "Sources", "Seeds", "Tests"]

    /// What a grade reads, in one walk: the grading files (not the runner's own tests, the
    /// catalogue of mistakes or the manifest itself), sorted; and the links and special files
    /// wherever a grade reads files, the learner's Exercises/ included (the folders themselves too).
    static func scan(_ workspace: Workspace) -> (files: [String], linksAndSpecials: [FileTree.Entry]) {
        var files: [String] = []
        var odd: [FileTree.Entry] = []
        for root in roots + ["Exercises"] {
            let url = workspace.root.appendingPathComponent(root)
            switch FileTree.kind(at: url) {
            case .file where root != "Exercises": files.append(root)
            case .symlink, .special:
                odd.append(FileTree.Entry(path: root, kind: FileTree.kind(at: url) ?? .special, size: 0))
            case .folder:
                for entry in FileTree.walk(url) {
                    let path = root + "/" + entry.path
                    switch entry.kind {
                    case .file where root != "Exercises" && decidesAGrade(path): files.append(path)
                    case .symlink, .special: odd.append(FileTree.Entry(path: path, kind: entry.kind, size: entry.size))
                    default: break
                    }
                }
            default: break
            }
        }
        return (files.sorted(), odd)
    }

    private static func decidesAGrade(_ path: String) -> Bool {
        path != KitManifest.path && !path.hasPrefix("Tests/KataCoreTests/") && !path.hasPrefix("Tests/Mistakes/")
    }

    /// `Package@swift-6.swift` and the like beside Package.swift: SwiftPM prefers them to
    /// Package.swift, so the kit ships none and any that appears decides every step.
    static func versionSpecificManifests(in workspace: Workspace) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: workspace.root.path)) ?? []
        return names.filter { $0.hasPrefix("Package@") && $0.hasSuffix(".swift") }.sorted()
    }

    /// The steps whose grade a file decides: a step's checks and a step's own exercise decide that step; the package,
    /// the seeds and the runner decide all; given code decides the steps that use it.
    static func steps(touchedBy path: String, in course: Course) -> [Step] {
        let all = course.steps
        let components = path.split(separator: "/").map(String.init)
        guard components.count >= 2 else { return all }
        let owners: [Step]
        switch components[0] {
        case "Exercises": owners = all.filter { $0.folder == components[1] }
        case "Tests": owners = all.filter { $0.testTarget == components[1] }
        // Given code decides the steps that stand on it; the runner and other code, every step.
        case "Sources": owners = all.filter { $0.givenModules.contains(components[1]) }
        default: owners = []
        }
        return owners.isEmpty ? all : owners
    }
}
