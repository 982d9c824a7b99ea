import Foundation

/// `kata class template DIR`: the repository learners start from. The kata with its starters, without what a learner
/// must not read (the reference answers, the mistakes catalogue, step 9's scene with its mistakes built in), with a
/// README of its own and a feedback workflow that uses no secret. The class's files that come with it live in the kit's
/// `.github/class/`.
struct ClassTemplate {
    let kit: Kit

    /// What a learner's repository leaves out of the kit: the answers, the kit's own tests, its CI and authoring
    /// documents, and the copies of given code with the mistakes a lesson of suites is graded by.
    static func leftOut(of kit: Kit) -> [String] {
        let workspace = kit.workspace
        return ["Solutions", "Tests/Mistakes", "Tests/KataCoreTests", ".github", ".ci", "docs", ".git", "README.md"]
            + kit.steps.filter { $0.kind == .suites }.compactMap { step in
                SuiteMistake.builtInCopy(of: step, in: workspace).map { "Tests/\(step.testTarget)/\($0)" }
            }
    }

    /// The class's own files, from the kit's `.github/class/`, and where each goes in the template.
    static let classFiles = [
        "learner-README.md": "README.md",
        "feedback.yml": ".github/workflows/feedback.yml",
        "kata-feedback": ".github/scripts/kata-feedback",
    ]

    /// Every file of the template, by path: the kit's that a learner gets, and the class's own.
    func files() throws(CommandFailure) -> [String: Data] {
        let workspace = kit.workspace
        let manifest = try KitManifest.load(from: workspace)
        var files = Self.files(of: kit, manifest: manifest)
        for (name, path) in Self.classFiles {
            let source = workspace.root.appendingPathComponent(".github/class/\(name)")
            guard let data = try? Data(contentsOf: source) else {
                throw CommandFailure(
                    "kata class template: .github/class/\(name) is missing from the kit.", status: .noInput)
            }
            files[path] = data
        }
        return files
    }

    /// The kit's files a learner gets, by path: the starters as the manifest has them, their
    /// guides pointing to the instructor where the kit's point to Solutions/.
    static func files(of kit: Kit, manifest: KitManifest) -> [String: Data] {
        let workspace = kit.workspace
        var files: [String: Data] = [:]
        let leftOut = Self.leftOut(of: kit)
        for path in trackedPaths(of: workspace)
        where FileTree.kind(at: workspace.root.appendingPathComponent(path)) == .file {
            let excluded = leftOut.contains { path == $0 || path.hasPrefix($0 + "/") }
            guard !excluded, !path.hasPrefix("Exercises/") else { continue }
            files[path] = Data(workspace.bytes(of: path))
        }
        var own = manifest
        own.starters = manifest.starters.map { starter in
            starter.path.hasSuffix("/README.md")
                ? KitManifest.StarterFile(path: starter.path, text: learnersGuide(starter.text)) : starter
        }
        for starter in own.starters { files[starter.path] = Data(starter.text.utf8) }
        // The template's manifest covers what the template has: a left-out grading file is not missing.
        own.grading.removeAll { checksum in leftOut.contains { checksum.path.hasPrefix($0 + "/") } }
        if let data = try? own.encoded() { files[KitManifest.path] = data }
        for hidden in [".gitignore", ".swift-format"]
        where FileTree.kind(at: workspace.root.appendingPathComponent(hidden)) == .file {
            files[hidden] = Data(workspace.bytes(of: hidden))
        }
        return files
    }

    /// What the kit's repository tracks, when it is one (never an author's scratch files);
    /// otherwise every file in the kit's folder.
    static func trackedPaths(of workspace: Workspace) -> [String] {
        let listing = Subprocess.run(
            Git.command(["ls-files", "-z"], in: workspace.root, timeLimit: .seconds(60)))
        if listing.succeeded { return listing.output.split(separator: "\0").map(String.init) }
        return FileTree.walk(workspace.root).filter { $0.kind == .file }.map(\.path)
    }

    /// A step's guide as a learner without Solutions/ reads it: the reference is the instructor's, and no `kata diff`
    /// shows it.
    static func learnersGuide(_ text: String) -> String {
        text.replacingOccurrences(
            of: #"the reference suites in\s+`Solutions/[^`]*`( \(`kata diff \d+`\))?"#,
            with: "the reference suites your instructor keeps",
            options: .regularExpression
        )
        .replacingOccurrences(
            of: #"`Solutions/[^`]*`( \(`kata diff \d+`\))?"#, with: "the reference solution your instructor keeps",
            options: .regularExpression
        )
    }
}
