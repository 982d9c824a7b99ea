import Foundation

@testable import KataCore

/// Git repositories made on the spot, as an instructor's kit and a learner's repository are
/// on GitHub: each a bare repository, cloned over file:// as a workflow's checkout would be.
struct ScratchRepositories {
    let folder: URL

    nonisolated(unsafe) private static var folders: [String] = []

    init() {
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("kata repositories \(UUID().uuidString.prefix(8))")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // Gone when the tests are, even those shared by several tests.
        if Self.folders.isEmpty {
            atexit { for folder in ScratchRepositories.folders { try? FileManager.default.removeItem(atPath: folder) } }
        }
        Self.folders.append(folder.path)
    }

    func remove() {
        try? FileManager.default.removeItem(at: folder)
    }

    @discardableResult
    func git(_ arguments: [String], in directory: URL) -> CommandResult {
        Subprocess.run(
            Command(
                "git",
                [
                    "-C", directory.path, "-c", "user.name=Kata Tests", "-c", "user.email=kata@example.invalid",
                    "-c", "init.defaultBranch=main", "-c", "commit.gpgsign=false",
                ] + arguments,
                timeLimit: .seconds(120)))
    }

    /// Commits everything in `source` as a new repository, publishes it as `name.git`, and
    /// returns a fresh clone of it (in `name`) and the commit.
    func publish(_ source: URL, as name: String) -> (checkout: URL, commit: String) {
        git(["init", "-q"], in: source)
        git(["add", "-A"], in: source)
        git(["commit", "-q", "-m", "\(name) as published"], in: source)
        let commit = git(["rev-parse", "HEAD"], in: source).output.trimmingCharacters(in: .whitespacesAndNewlines)
        let bare = folder.appendingPathComponent("\(name).git")
        git(["clone", "-q", "--bare", source.path, bare.path], in: folder)
        let checkout = folder.appendingPathComponent(name)
        git(["clone", "-q", "file://" + bare.path, checkout.path], in: folder)
        return (checkout, commit)
    }

    /// A copy of the kit as its author would publish it.
    func kitSource(from original: URL) -> URL {
        let source = folder.appendingPathComponent("kit source")
        try? FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
        for item in [
            "Package.swift", "Sources", "Tests", "Exercises", "Solutions", "Seeds", ".github", ".gitignore", "Makefile",
            "README.md", ".swift-format",
        ] {
            try? FileManager.default.copyItem(
                at: original.appendingPathComponent(item), to: source.appendingPathComponent(item))
        }
        return source
    }
}
