import Foundation

/// The folder a pristine copy is made in: kata's own, never a folder someone keeps work in.
enum GradingFolder {
    /// The mark kata leaves in a grading folder; kata syncs (deletes in) no folder without it.
    static let marker = Workspace.gradingCopyMarker

    static func requireSafe(_ folder: URL, learner: Workspace, kit: KitLocation) throws(CommandFailure) {
        let path = folder.standardizedFileURL.path
        var protected = [learner.root.standardizedFileURL.path]
        if case .folder(let kitFolder) = kit { protected.append(kitFolder.standardizedFileURL.path) }
        for other in protected where path == other || path.hasPrefix(other + "/") || other.hasPrefix(path + "/") {
            // The kit's own .build-verify holds kata's copies (kata verify's among them): a copy
            // there is written beside the kit's files, never over them.
            if path.hasPrefix(other + "/" + KitCopy.folderName + "/"), other != learner.root.standardizedFileURL.path {
                continue
            }
            throw CommandFailure(
                "kata grade: the grading copy cannot be made in \(path): it overlaps \(other). "
                    + "Set KATA_GRADE_FOLDER to an empty folder elsewhere.", status: .usage)
        }
        try mark(folder)
    }

    /// Makes `folder` kata's own (marked), or refuses it when it holds files kata did not put there.
    static func mark(_ folder: URL) throws(CommandFailure) {
        let path = folder.standardizedFileURL.path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        guard names.isEmpty || names.contains(marker) else {
            throw CommandFailure(
                "kata grade: \(path) already holds files kata did not put there; set KATA_GRADE_FOLDER "
                    + "to an empty folder.", status: .usage)
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let markerFile = folder.appendingPathComponent(marker)
            if names.contains(marker) {
                // The marker's date says when the copy was last used: `prune` goes by it.
                try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: markerFile.path)
            } else {
                try Data(
                    "A pristine copy of the VIP kata, made by kata to grade or verify. Safe to delete (kata clean).\n"
                        .utf8
                ).write(to: markerFile)
            }
        } catch {
            throw CommandFailure(
                "kata grade: cannot make the grading copy in \(path): \(error.localizedDescription)",
                status: .unavailable)
        }
    }
}

extension GradingFolder {
    /// Where grades against a kit keep their copies unless `KATA_GRADE_FOLDER` says otherwise:
    /// `kata/grading` in the user's cache (`XDG_CACHE_HOME`, else `~/.cache`, else the temporary folder).
    static func cache(environment: [String: String]) -> URL {
        let cache =
            environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? environment["HOME"].flatMap {
                $0.isEmpty ? nil : URL(fileURLWithPath: $0).appendingPathComponent(".cache")
            }
            ?? FileManager.default.temporaryDirectory
        return cache.appendingPathComponent("kata/grading", isDirectory: true)
    }

    /// How long a grading copy nobody used is kept: a copy is a whole kit with its build (about 1 GB).
    static let unusedFor: TimeInterval = 30 * 24 * 3600

    /// The copies in `cache` that carry kata's mark.
    static func copies(in cache: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: cache.path)) ?? []
        return names.sorted().map { cache.appendingPathComponent($0, isDirectory: true) }
            .filter { FileTree.kind(at: $0.appendingPathComponent(marker)) == .file }
    }

    /// Removes the marked copies in `cache` not used since `cutoff` (all of them when nil) that no
    /// grade holds now, and says which went. A copy in use, or one that cannot be removed, stays.
    @discardableResult
    static func remove(in cache: URL, unusedSince cutoff: Date?) -> [URL] {
        var removed: [URL] = []
        for copy in copies(in: cache) {
            if let cutoff {
                guard let used = FileTree.stamp(of: copy.appendingPathComponent(marker).path)?.modifiedSeconds,
                    used < cutoff.timeIntervalSince1970
                else { continue }
            }
            guard let lock = FolderLock.attempt(in: copy) else { continue }
            defer { lock.release() }
            if (try? FileManager.default.removeItem(at: copy)) != nil { removed.append(copy) }
        }
        return removed
    }
}

/// One grade at a time in a grading folder: a second `kata grade --kit` waits for the first. And one build-and-run at a
/// time in a workspace (`WorkspaceLock`): two commands never share its build products or its results.
final class FolderLock: @unchecked Sendable {
    private let descriptor: Int32

    private init(descriptor: Int32) { self.descriptor = descriptor }

    static func acquire(in folder: URL, waiting: () -> Void) throws(CommandFailure) -> FolderLock {
        try acquire(file: folder.appendingPathComponent(GradingFolder.marker), waiting: waiting)
    }

    /// Holds the grading folder's lock when nobody else does; nil when someone does.
    static func attempt(in folder: URL) -> FolderLock? {
        let descriptor = open(folder.appendingPathComponent(GradingFolder.marker).path, O_RDWR | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            return nil
        }
        return FolderLock(descriptor: descriptor)
    }

    /// Holds `file` (made if missing) for this process alone, waiting for whoever holds it.
    static func acquire(file: URL, waiting: () -> Void) throws(CommandFailure) -> FolderLock {
        let path = file.path
        try? FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw CommandFailure("kata: cannot lock \(path).", status: .unavailable)
        }
        if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            waiting()
            flock(descriptor, LOCK_EX)
        }
        return FolderLock(descriptor: descriptor)
    }

    func release() {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
