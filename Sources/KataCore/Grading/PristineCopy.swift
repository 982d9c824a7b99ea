import Foundation

/// Where the kit a grade is computed against comes from.
enum KitLocation: Sendable, Equatable {
    /// A folder holding the kit (the instructor's clone, a checkout in CI).
    case folder(URL)
    /// A commit of a git repository: the kit as it was at that branch, tag or commit.
    case gitRef(repository: URL, ref: String)
}

/// A file or folder of the learner's Exercises/ that grading would not copy, and why.
struct LearnerFileRefusal: Codable, Equatable, Sendable {
    /// Relative to the learner's workspace: `Exercises/NN-Name`.
    let path: String
    let reason: String
    /// The steps it belongs to; a refused file can only cost them, never help.
    let steps: [Int]

    var sentence: String { "\(path.shownSafely) \(reason): grading did not copy it." }
}

/// A throwaway copy of a pristine kit into which only the learner's Exercises/ is copied,
/// as regular files: what `kata grade --kit` builds and runs. Nothing else of the learner's
/// tree is read. The copy lives in a folder of its own (kept between grades, so its build
/// stays warm), and is brought up to date file by file, so what did not change is not rebuilt.
struct PristineCopy: Sendable {
    /// The copy, and the kit's course: never the learner's copy of it.
    let kit: Kit
    let refusals: [LearnerFileRefusal]
    /// The kit, as a person would name it: a path, or `v1.0 (1a2b3c4) of /path`.
    let kitDescription: String
    /// The kit's own manifest, to check the copy against.
    let manifest: KitManifest
    /// The commit the kit was read from, or its folder's checked-out one, when there is one.
    var kitCommit: String?
    /// The kit's reference answers (`Solutions/…`), held here and never written into the copy, where learner code
    /// is built and run: a grade compares with them, nothing else reads them.
    var reference: [String: Data] = [:]
    /// The kit's starters (`Exercises/…`, from its manifest), held here: a learner's step that is still its starter
    /// has not been started.
    var starters: [String: Data] = [:]

    /// The roots read from the kit (and watched while learner code runs); Exercises/ comes from the learner.
    static let kitRoots = ["Package.swift", "Sources", "Seeds", "Tests", "Solutions"]
    /// What of the kit never goes into the copy: the answer key (the reference answers, the catalogue of mistakes
    /// made from them) and the runner's own tests, which no grade builds.
    static let keptOutOfTheCopy = ["Solutions/", "Tests/Mistakes/", "Tests/KataCoreTests/"]
    /// The longest name, in bytes, the copy can hold: 255 (NAME_MAX) less what its
    /// temporary name (`.NAME.kata-new`) adds.
    static let longestLearnerName = 255 - ".".utf8.count - ".kata-new".utf8.count

    /// Copies `kit` and the learner's Exercises/ (from `learner`) into `folder`.
    static func make(kit: KitLocation, learner: URL, folder: URL) throws(CommandFailure) -> PristineCopy {
        var (kitFiles, description) = try read(kit)
        guard let manifestData = kitFiles[KitManifest.path],
            let manifest = try? JSONDecoder().decode(KitManifest.self, from: manifestData),
            kitFiles["Package.swift"] != nil
        else {
            throw CommandFailure(
                "kata grade: \(description) is not a kata kit (it needs Package.swift and \(KitManifest.path)).",
                status: .noInput)
        }
        // The kit's course decides which step folders there are, never the learner's copy of it.
        let course = try Course.load(root: folder) { path in kitFiles[path].map(Array.init) ?? [] }
        let (learnerFiles, refusals) = readExercises(of: learner, steps: course.steps)
        var files = kitFiles.filter { path, _ in !keptOutOfTheCopy.contains { path.hasPrefix($0) } }
        let reference = kitFiles.filter { path, _ in path.hasPrefix("Solutions/") }
        // The starters as the kit ships them: its manifest holds them, whatever its own Exercises/ holds now.
        let starters = Dictionary(
            manifest.starters.map { ($0.path, Data($0.text.utf8)) }, uniquingKeysWith: { first, _ in first })
        for (path, data) in learnerFiles { files[path] = data }
        do {
            try sync(files, into: folder)
        } catch {
            throw CommandFailure(
                "kata grade: could not write the grading copy in \(folder.path): \(error.localizedDescription)",
                status: .unavailable)
        }
        var commit: String?
        switch kit {
        case .folder(let root):
            let changed: [String]
            (commit, changed) = Self.folderCommit(of: root)
            if let first = changed.first {
                description +=
                    " (its files differ from the commit checked out there: \(first.shownSafely)"
                    + (changed.count > 1 ? " and \(changed.count - 1) more)" : ")")
            }
        case .gitRef(let repository, let ref): commit = Self.commit(of: repository, at: ref)
        }
        return PristineCopy(
            kit: Kit(workspace: Workspace(root: folder), course: course), refusals: refusals,
            kitDescription: description, manifest: manifest,
            kitCommit: commit, reference: reference, starters: starters)
    }

    // MARK: - Reading the kit

    /// The kit's own files (not its Exercises/), by path, and how to name the kit.
    static func read(_ kit: KitLocation) throws(CommandFailure) -> ([String: Data], String) {
        switch kit {
        case .folder(let root):
            guard FileTree.kind(at: root) == .folder else {
                throw CommandFailure("kata grade: the kit \(root.path) is not a folder.", status: .noInput)
            }
            var files: [String: Data] = [:]
            for item in kitRoots {
                let url = root.appendingPathComponent(item)
                switch FileTree.kind(at: url) {
                case .file:
                    files[item] = try? Data(contentsOf: url)
                case .folder:
                    for entry in FileTree.walk(url) where entry.kind == .file {
                        files[item + "/" + entry.path] = try? Data(contentsOf: url.appendingPathComponent(entry.path))
                    }
                default:
                    continue
                }
            }
            return (files, root.standardizedFileURL.path)
        case .gitRef(let repository, let ref):
            return try readGit(repository: repository, ref: ref)
        }
    }

    /// The commit a kit folder's files are: nil when it is no repository, and when its kit files
    /// differ from the commit checked out (`changed` names them; learner code may have written
    /// them), so that a grade never records a commit it did not grade.
    static func folderCommit(of root: URL) -> (commit: String?, changed: [String]) {
        guard let commit = commit(of: root) else { return (nil, []) }
        let status = git(root, ["status", "--porcelain", "--untracked-files=all", "--"] + kitRoots)
        let changed = status.output.split(separator: "\n").map { String($0.dropFirst(3)) }
        return status.succeeded && changed.isEmpty ? (commit, []) : (nil, changed)
    }

    /// The commit `ref` names in the git repository at `folder` (its checked-out one by default).
    static func commit(of folder: URL, at ref: String = "HEAD") -> String? {
        let result = git(folder, ["rev-parse", "--verify", "--quiet", "\(ref)^{commit}"])
        let commit = result.output.trimmingCharacters(in: .whitespacesAndNewlines)
        return result.succeeded && commit.count >= 40 && commit.allSatisfy(\.isHexDigit) ? commit : nil
    }

    private static func git(_ repository: URL, _ arguments: [String]) -> CommandResult {
        Subprocess.run(Git.command(arguments, in: repository, timeLimit: .seconds(120), outputLimit: 64 << 20))
    }

    private static func readGit(repository: URL, ref: String) throws(CommandFailure) -> ([String: Data], String) {
        let resolved = git(repository, ["rev-parse", "--verify", "--quiet", "\(ref)^{commit}"])
        let commit = resolved.output.trimmingCharacters(in: .whitespacesAndNewlines)
        guard resolved.succeeded, commit.count >= 40 else {
            throw CommandFailure(
                "kata grade: --kit \(ref) is neither a folder nor a commit of the git repository at \(repository.path).",
                status: .noInput)
        }
        // The roots the commit has (git archive refuses a path it does not have).
        let listing = git(repository, ["ls-tree", "--name-only", commit, "--"] + kitRoots)
        guard listing.succeeded else {
            throw CommandFailure("kata grade: git could not list \(ref): \(listing.output)", status: .unavailable)
        }
        let roots = listing.output.split(separator: "\n").map(String.init).filter(kitRoots.contains)
        // One archive of the commit, read as bytes: a file's bytes are the kit's, whatever their encoding.
        let archive = FileManager.default.temporaryDirectory.appendingPathComponent("kata-kit-\(UUID().uuidString).tar")
        defer { try? FileManager.default.removeItem(at: archive) }
        let written = git(repository, ["archive", "--format=tar", "--output=\(archive.path)", commit, "--"] + roots)
        guard written.succeeded, let bytes = try? Data(contentsOf: archive) else {
            throw CommandFailure("kata grade: git could not read \(ref): \(written.output)", status: .unavailable)
        }
        let files = TarArchive.regularFiles(in: Array(bytes))
        return (files, "\(ref) (\(commit)) of \(repository.standardizedFileURL.path)")
    }

    // MARK: - Reading the learner's Exercises

    /// The learner's regular files inside known step folders, and what was refused.
    static func readExercises(of learner: URL, steps: [Step]) -> ([String: Data], [LearnerFileRefusal]) {
        let exercises = learner.appendingPathComponent("Exercises")
        let problem: String? =
            switch FileTree.kind(at: exercises) {
            case .folder: nil
            case .symlink: "is a symbolic link"
            case nil: "is missing"
            default: "is not a folder"
            }
        if let problem {
            return ([:], [LearnerFileRefusal(path: "Exercises", reason: problem, steps: steps.map(\.number))])
        }
        var files: [String: Data] = [:]
        var refusals: [LearnerFileRefusal] = []
        var refusedFolders: [String] = []
        for entry in FileTree.walk(exercises) {
            let path = "Exercises/" + entry.path
            if refusedFolders.contains(where: { entry.path.hasPrefix($0 + "/") }) { continue }
            let folderName = String(entry.path.prefix { $0 != "/" })
            guard let step = steps.first(where: { $0.folder == folderName }) else {
                refusals.append(LearnerFileRefusal(path: path, reason: "is not inside a step's folder", steps: []))
                if entry.kind == .folder { refusedFolders.append(entry.path) }
                continue
            }
            func refuse(_ reason: String) {
                refusals.append(LearnerFileRefusal(path: path, reason: reason, steps: [step.number]))
            }
            let name = entry.path.split(separator: "/").last.map(String.init) ?? ""
            // Names the copy cannot hold cost their own step only, never the whole grade.
            guard entry.nameIsUTF8 else {
                refuse("has a name that is not UTF-8")
                continue
            }
            guard name.utf8.count <= longestLearnerName else {
                refuse("has a name longer than \(longestLearnerName) bytes")
                if entry.kind == .folder { refusedFolders.append(entry.path) }
                continue
            }
            if entry.path == folderName, entry.kind == .file || entry.kind == .special {
                refuse("is not a folder")
                continue
            }
            switch entry.kind {
            case .folder:
                continue
            case .symlink:
                refuse("is a symbolic link")
            case .special:
                refuse("is not a regular file")
            case .file where name.hasPrefix("Package") && name.hasSuffix(".swift"):
                refuse("is a package manifest")
            case .file where entry.size > Workspace.largestLearnerFile:
                refuse("is larger than 1 MiB")
            case .file where !name.hasSuffix(".swift") && !name.hasSuffix(".md"):
                // No build reads it, but code could load it at run time (a library) where no review looks.
                refuse("is neither Swift nor a Markdown note")
            case .file:
                if let data = try? Data(contentsOf: exercises.appendingPathComponent(entry.path)) {
                    guard !isProgram(data) else {
                        refuse("is a compiled program")
                        continue
                    }
                    files[path] = data
                } else {
                    refuse("cannot be read")
                }
            }
        }
        return (files, refusals)
    }

    /// Whether the bytes start as a compiled program or library does (ELF, Mach-O, fat Mach-O).
    static func isProgram(_ data: Data) -> Bool {
        let magics: [[UInt8]] = [
            [0x7F, 0x45, 0x4C, 0x46], [0xFE, 0xED, 0xFA, 0xCE], [0xFE, 0xED, 0xFA, 0xCF], [0xCE, 0xFA, 0xED, 0xFE],
            [0xCF, 0xFA, 0xED, 0xFE], [0xCA, 0xFE, 0xBA, 0xBE],
        ]
        return magics.contains(Array(data.prefix(4)))
    }

    // MARK: - Bringing the copy up to date

    /// Makes `folder` hold exactly `files` (besides hidden items such as its build folder),
    /// writing only what differs, so unchanged files keep their times and are not rebuilt.
    static func sync(_ files: [String: Data], into folder: URL) throws {
        let manager = FileManager.default
        try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        let existing = FileTree.walk(folder)
        // Anything not wanted goes, deepest first, links and special files included.
        for entry in existing.reversed() {
            let url = folder.appendingPathComponent(entry.path)
            if let raw = entry.rawPath {
                // A name that is not UTF-8 (left by a learner's run): renamed to one, then removed.
                let named = folder.appendingPathComponent(".kata-unnamed-\(UUID().uuidString)")
                let moved = (raw + [0]).withUnsafeBufferPointer { bytes in
                    bytes.withMemoryRebound(to: CChar.self) { rename($0.baseAddress!, named.path) }
                }
                if moved == 0 { try manager.removeItem(at: named) }
                continue
            }
            switch entry.kind {
            case .file where files[entry.path] != nil:
                continue
            case .folder where files.keys.contains(where: { $0.hasPrefix(entry.path + "/") }):
                continue
            default:
                try manager.removeItem(at: url)
            }
        }
        for (path, data) in files.sorted(by: { $0.key < $1.key }) {
            let url = folder.appendingPathComponent(path)
            if FileTree.kind(at: url) == .file, (try? Data(contentsOf: url)) == data { continue }
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            // A new file under a temporary name, then renamed: a reader never sees half of it,
            // and the build sees a new file (new inode, new time) even within the same second.
            let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).kata-new")
            let previous = FileTree.stamp(of: url.path)?.modifiedSeconds
            try data.write(to: temporary)
            try datedAfterEveryBuild(temporary, replacing: previous)
            if rename(temporary.path, url.path) != 0 {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
            }
        }
    }

    /// Dates a file two whole seconds from now, and at least a whole second after the file it replaces. The Swift
    /// driver reads an input as unchanged when its date is the one its last build recorded, or not after that build's
    /// start, to the second: a file rewritten within a second of the last build, or twice within one second, would keep
    /// the object built from the text before it (the last mistake's, the last learner's) and be graded as that text.
    private static func datedAfterEveryBuild(_ url: URL, replacing previous: Double?) throws {
        let soon = (Date().timeIntervalSince1970 + 2).rounded(.down)
        let seconds = Int(max(soon, previous.map { $0.rounded(.down) + 1 } ?? 0))
        var times = [timespec(tv_sec: seconds, tv_nsec: 0), timespec(tv_sec: seconds, tv_nsec: 0)]
        if utimensat(AT_FDCWD, url.path, &times, 0) != 0 {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
    }

    // MARK: - Where the copy lives

    /// `KATA_GRADE_FOLDER` when set; else a folder per kit in the user's cache.
    /// `purpose` keeps copies made for different jobs (grades, the mistakes catalogue) apart.
    static func folder(for kit: KitLocation, environment: [String: String], purpose: String = "grade") -> URL {
        if let chosen = environment["KATA_GRADE_FOLDER"], !chosen.isEmpty {
            return URL(fileURLWithPath: chosen)
        }
        var identity = purpose + ":"
        switch kit {
        case .folder(let url): identity += url.standardizedFileURL.path
        case .gitRef(let repository, let ref): identity += repository.standardizedFileURL.path + "@" + ref
        }
        return GradingFolder.cache(environment: environment)
            .appendingPathComponent(String(SHA256.hex(Array(identity.utf8)).prefix(16)))
    }
}
