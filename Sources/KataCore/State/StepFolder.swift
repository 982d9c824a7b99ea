import Foundation

/// A step's folder as kata finds it on disk, which may be a link or even a file.
enum StepFolder {
    /// What keeps `url` from being a step's folder: "is missing", "is not a folder" (a
    /// file where the folder should be, which SwiftPM itself crashes on), or nil.
    static func problem(_ url: URL) -> String? {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { return "is missing" }
        return isFolder.boolValue ? nil : "is not a folder"
    }

    /// Whether anything is there, a link that points nowhere included.
    static func exists(_ url: URL) -> Bool {
        (try? FileManager.default.attributesOfItem(atPath: url.path)) != nil
    }

    /// Whether the folder at `url` holds exactly the starter: names and sizes first, from the folder alone, and the
    /// bytes only when those match (a huge file costs nothing). Whether the folder holds a pipe, socket or device (or a
    /// name that is not UTF-8): no one's work, which no backup holds, and no starter has.
    static func holdsNonFiles(at url: URL) -> Bool {
        FileTree.walk(url).contains { $0.kind == .special || !$0.nameIsUTF8 }
    }

    static func isStarter(at url: URL, _ starter: [KitManifest.StarterFile]) throws(CopyError) -> Bool {
        let sizes = try FolderCopy.list(url, checksums: false)
        let expected = Dictionary(
            starter.map { ($0.path, $0.text.utf8.count) }, uniquingKeysWith: { first, _ in first })
        let visible = sizes.filter { !$0.path.split(separator: "/").contains(".DS_Store") }
        guard visible.count == starter.count, visible.allSatisfy({ expected[$0.path] == $0.size }) else {
            return false
        }
        return isStarter(try FolderCopy.list(url), starter)
    }

    static func isStarter(_ files: [CopiedFile], _ starter: [KitManifest.StarterFile]) -> Bool {
        // Finder's .DS_Store is no one's work; any other file, hidden or not, is the learner's.
        let visible = files.filter { !$0.path.split(separator: "/").contains(".DS_Store") }
        guard visible.count == starter.count else { return false }
        let texts = Dictionary(starter.map { ($0.path, $0.text) }, uniquingKeysWith: { first, _ in first })
        return visible.allSatisfy { file in
            guard let text = texts[file.path] else { return false }
            let hash = ContentHash.of(Array(text.utf8))
            return hash.size == file.size && hash.hex == file.checksum
        }
    }
}

extension StepFolder {
    /// Puts a new version of a step's folder (or a backup's files) in place of what is there: built beside it under a
    /// hidden name, then swapped in by two renames that a signal cannot cut apart. What was there is removed afterwards
    /// (a link itself, never what it points to): back it up first.
    /// `movedAside` sees what was there once the new folder stands in its place, before it is removed; when it throws,
    /// the swap is undone and what was there is back.
    /// `note`: what a stop says once the new folder stands in the target's place (a stop before says nothing changed).
    static func replace(
        _ target: URL, onceSwapped note: String? = nil, building: (URL) throws(CopyError) -> Void,
        movedAside: ((URL) throws(CopyError) -> Void)? = nil
    ) throws(CopyError) {
        let parent = target.deletingLastPathComponent()
        let hidden = "." + target.lastPathComponent + ".kata-"
        clearInterrupted(target, prefix: hidden)
        let new = parent.appendingPathComponent("\(hidden)\(getpid())-new")
        let old = parent.appendingPathComponent("\(hidden)\(getpid())-old")
        // Exercises/ itself may be gone (deleted whole): it is where the step goes back.
        try? FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        ScratchFiles.shared.track(new)
        defer { ScratchFiles.shared.remove(new) }
        try building(new)
        try KataSignals.uninterrupted { () throws(CopyError) in
            let hadOne = exists(target)
            if hadOne, rename(target.path, old.path) != 0 { throw .system("move aside", target.path) }
            if rename(new.path, target.path) != 0 {
                let failure = CopyError.system("put in place", target.path)
                if hadOne { rename(old.path, target.path) }
                throw failure
            }
            ScratchFiles.shared.track(old)
            // From here a stop must not say the files are as the learner left them.
            if let note { KataSignals.changedFiles(note) }
        }
        if let movedAside, exists(old) {
            do throws(CopyError) {
                try movedAside(old)
            } catch {
                try KataSignals.uninterrupted { () throws(CopyError) in
                    if rename(target.path, new.path) != 0 || rename(old.path, target.path) != 0 {
                        throw CopyError(
                            "\(error.description), and what was there could not be put back: it is in \(old.path)")
                    }
                    if let note { KataSignals.unchangedFiles(note) }
                }
                ScratchFiles.shared.remove(new)
                throw error
            }
        }
        ScratchFiles.shared.remove(old)
        try FolderCopy.syncFolder(parent)
    }

    /// Writes the starter's files into a new folder at `folder`.
    static func write(_ starter: [KitManifest.StarterFile], into folder: URL) throws(CopyError) {
        guard mkdir(folder.path, 0o755) == 0 else { throw .system("create", folder.path) }
        for file in starter {
            let url = folder.appendingPathComponent(file.path)
            do {
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(file.text.utf8).write(to: url)
            } catch {
                throw CopyError(
                    "could not write \(url.path): \((error as NSError).localizedFailureReason ?? "\(error)")")
            }
        }
    }

    /// Clears what a kata killed mid-swap (SIGKILL, a power cut) left beside the step's folder. What was moved aside
    /// goes back if nothing took its place; otherwise it was backed up before the swap began, and goes.
    private static func clearInterrupted(_ target: URL, prefix: String) {
        let parent = target.deletingLastPathComponent()
        for name in ScratchFiles.leftByGoneProcesses(in: parent, prefix: prefix) {
            let leftover = parent.appendingPathComponent(name)
            if name.hasSuffix("-old"), !exists(target), rename(leftover.path, target.path) == 0 { continue }
            ScratchFiles.removeItem(leftover.path)
        }
    }
}

/// Where kata must be able to write before it builds: the build folder, or the workspace
/// that will hold it. SwiftPM's own words for a read-only one ("invalid access to
/// .build/repositories") would be reported as a step that does not build.
enum BuildFolder {
    static func problem(_ workspace: Workspace, source: Source) -> String? {
        let folder = workspace.scratchFolder(for: source)
        if let kind = FileTree.kind(at: folder), kind != .folder {
            return "kata cannot build in \(folder.path): it is not a folder. Move it away and try again."
        }
        let target = FileManager.default.fileExists(atPath: folder.path) ? folder : workspace.root
        guard access(target.path, W_OK) != 0 else { return nil }
        let reason = String(cString: strerror(errno))
        return "kata cannot write in \(target.path) (\(reason)), where it builds the steps. "
            + "Work in a copy of the kit you can write to, or make this folder writable."
    }
}
