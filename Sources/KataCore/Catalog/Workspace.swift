import Foundation

/// Which copy of the lessons to build: the learner's or the reference answers.
enum Source: String, Sendable, Codable {
    case exercises, solutions

    var folderName: String { self == .exercises ? "Exercises" : "Solutions" }
}

/// The kata's folder on disk, found from anywhere inside it, as git finds its root.
struct Workspace: Sendable {
    let root: URL

    /// The file that marks a folder as a kit's copy made for grading (see `GradingFolder`).
    static let gradingCopyMarker = ".kata-grading-copy"
    /// A learner file larger than this is refused by a grade: no scene needs one.
    static let largestLearnerFile = 1 << 20

    init(root: URL) { self.root = root.standardizedFileURL }

    /// The nearest folder at or above `directory` that holds the kata's Package.swift.
    static func locate(from directory: URL) -> Workspace? {
        var candidate = directory.standardizedFileURL
        // A current folder that was deleted has no path (getcwd fails, and "" climbs to
        // "..", "../..", for ever): there is nothing above it to search.
        guard candidate.path.hasPrefix("/") else { return nil }
        while true {
            if isKataRoot(candidate) {
                return Workspace(root: candidate)
            }
            let parent = candidate.deletingLastPathComponent()
            if parent.path == candidate.path || candidate.path == "/" { return nil }
            candidate = parent
        }
    }

    /// A kata workspace has the package and the learner's Exercises/ (or, when Exercises/ was deleted whole, the kit's
    /// manifest); a class template has no Solutions/, so they are not required.
    static func isKataRoot(_ folder: URL) -> Bool {
        let files = FileManager.default
        // Exercises/ may have been deleted whole: the kit's manifest still marks the folder,
        // so that kata reset can put the starters back.
        return files.fileExists(atPath: folder.appendingPathComponent("Package.swift").path)
            && (files.fileExists(atPath: folder.appendingPathComponent("Exercises").path)
                || files.fileExists(atPath: folder.appendingPathComponent("Tests/kit-manifest.json").path))
    }

    /// Whether the reference solutions are here: in the kit, yes; in a class template, no.
    var hasSolutions: Bool {
        FileTree.kind(at: root.appendingPathComponent("Solutions")) == .folder
    }

    /// Refuses, with the reason, a command that needs the reference solutions where there are none.
    func requireSolutions(for command: String) throws(CommandFailure) {
        guard hasSolutions else {
            throw CommandFailure(
                "kata \(command): this workspace has no Solutions/: it is a class's copy of the kata, and the "
                    + "reference answers are with your instructor.", status: .noInput)
        }
    }

    func folder(of step: Step, in source: Source = .exercises) -> URL {
        root.appendingPathComponent(source.folderName).appendingPathComponent(step.folder)
    }

    func testsFolder(of step: Step) -> URL {
        root.appendingPathComponent("Tests").appendingPathComponent(step.testTarget)
    }

    /// Where the runner keeps its own state: results, hint levels, backups.
    var stateFolder: URL { root.appendingPathComponent(".kata") }

    /// The build folder for a source. kata's builds of the learner's work and of the reference answers each get their
    /// own, so switching never rebuilds either, and SwiftPM's default `.build` stays the learner's (`swift test`, an
    /// editor's background builds): two SwiftPMs never build in one folder at once. A kit's copy made for grading,
    /// where nobody else builds, builds both in `.build`, so the given code is compiled once.
    func scratchFolder(for source: Source) -> URL {
        if FileTree.kind(at: root.appendingPathComponent(Self.gradingCopyMarker)) == .file {
            return runnerScratchFolder
        }
        return root.appendingPathComponent(source == .exercises ? ".build-exercises" : ".build-solutions")
    }

    /// Where the runner and its own tests are built: SwiftPM's default, as `swift build --product kata` builds it.
    var runnerScratchFolder: URL { root.appendingPathComponent(".build") }

    /// `path` relative to the workspace root, for messages; unchanged when outside it.
    func relativePath(_ path: String) -> String {
        let rootPath = root.path.hasSuffix("/") ? root.path : root.path + "/"
        return path.hasPrefix(rootPath) ? String(path.dropFirst(rootPath.count)) : path
    }

    /// Every file of a step's folder, relative to that folder, sorted.
    func files(of step: Step, in source: Source = .exercises) -> [String] {
        let folder = "\(source.folderName)/\(step.folder)/"
        return allFiles(under: folder).map { String($0.dropFirst(folder.count)) }
    }
}

/// Reading the workspace's files: bytes, the regular files under a folder, and what tells a learner's file changed.
extension Workspace {
    func bytes(of path: String) -> [UInt8] {
        (try? Data(contentsOf: root.appendingPathComponent(path))).map(Array.init) ?? []
    }

    /// What a learner's file is, for noticing that it changed: the SHA-256 of its bytes, or for a file larger than any
    /// scene needs (a grade refuses it), its size and time, so a 2 GB file costs a check no more than a small one.
    func learnerFileDigest(of path: String) -> String {
        guard let stamp = FileTree.stamp(of: root.appendingPathComponent(path).path),
            stamp.size > Self.largestLearnerFile
        else {
            return SHA256.hex(bytes(of: path))
        }
        return "large \(stamp.size) \(stamp.modifiedSeconds)"
    }

    /// Every regular file under `folder` (or `folder` itself when it is a file), relative to the root, sorted; hidden
    /// files and build folders are left out, and symbolic links are never followed (see `FileTree`).
    func allFiles(under folder: String) -> [String] {
        let folder = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        let start = root.appendingPathComponent(folder)
        switch FileTree.kind(at: start) {
        case .file: return [folder]
        case .folder:
            return FileTree.walk(start).filter { $0.kind == .file }.map { folder + "/" + $0.path }.sorted()
        default: return []
        }
    }
}
