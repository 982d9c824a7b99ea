import Foundation

/// Copies of the learner's step folders, kept under `.kata/backups/NN-Name/`, one folder per
/// backup, named by when it was made and why. Nothing here is ever deleted by kata.
///
/// A backup is complete or invisible: it is written under a hidden name, its checksum list (`checksums.json`) last, and
/// only then renamed to its real name. Before one is brought back, every file is checked against that list.
///
///     .kata/backups/02-Menu/2026-11-21T20-30-00.000Z-reset/
///         files/…            the step's folder as it was
///         checksums.json     every file's size and checksum, written last
struct Backups {
    enum Reason: String, CaseIterable {
        /// Made by `kata reset`, before putting the starter back.
        case reset
        /// Made by `kata reset --undo`, before bringing a backup back.
        case beforeUndo = "before-undo"
        /// A backup that `--undo` has brought back; the next undo takes another.
        case restored
    }

    struct Backup {
        let folder: URL
        let name: String

        /// When it was made, as its name says: `2026-11-21 20:30:00 UTC`.
        var madeAt: String {
            let stamp = name.prefix(19)
            guard stamp.count == 19 else { return name }
            let (day, time) = (stamp.prefix(10), stamp.suffix(8))
            return "\(day) \(time.replacingOccurrences(of: "-", with: ":")) UTC"
        }

        /// Why it was made, as its name ends.
        var reason: Reason? { Reason.allCases.first { name.hasSuffix("-" + $0.rawValue) } }

        /// The learner's files, as they were.
        var files: URL { folder.appendingPathComponent("files") }
        var checklist: URL { folder.appendingPathComponent("checksums.json") }
    }

    /// What a backup's `checksums.json` holds.
    struct Checklist: Codable {
        static let currentVersion = 1
        var version = Checklist.currentVersion
        var files: [CopiedFile]
    }

    /// Why a backup cannot be brought back as it is.
    enum Problem: Error, Equatable {
        /// Made by a kata without checksums: it cannot be proved whole.
        case unverifiable
        /// A file is missing, cut short or changed since the backup was made.
        case damaged(String)
    }

    let workspace: Workspace
    /// The most a backup keeps, in bytes (`KATA_BACKUP_LIMIT_MB`).
    var sizeLimit = Backups.defaultSizeLimit

    func folder(of step: Step) -> URL {
        workspace.stateFolder.appendingPathComponent("backups").appendingPathComponent(step.folder)
    }

    /// The name of a backup being written: hidden, and marked with the writer's pid, so an
    /// interrupted one is never taken for a backup and can be cleared away later.
    private static let partialPrefix = ".partial-"

    /// Copies the step's folder, byte for byte, with its checksums. Nil when there is
    /// nothing to copy. Throws, leaving no backup, when it cannot be copied whole.
    /// `from` another folder than the step's own: what a reset moved aside. `checked`: `checkCanKeep` has passed.
    func save(_ step: Step, reason: Reason, from other: URL? = nil, checked: Bool = false, at date: Date = Date())
        throws(CopyError) -> Backup?
    {
        let source = other ?? workspace.folder(of: step)
        guard StepFolder.exists(source) else { return nil }
        if !checked { try checkCanKeep(source) }
        let parent = folder(of: step)
        do {
            try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        } catch {
            throw CopyError("could not create \(workspace.relativePath(parent.path))")
        }
        clearInterrupted(in: parent)

        let name = Self.stamp(date) + "-" + reason.rawValue
        let partial = parent.appendingPathComponent("\(Self.partialPrefix)\(getpid())-\(name)")
        ScratchFiles.shared.track(partial)
        defer { ScratchFiles.shared.remove(partial) }
        guard mkdir(partial.path, 0o755) == 0 else { throw .system("create", partial.path) }
        let written = Backup(folder: partial, name: name)
        let files = try FolderCopy.copy(source, to: written.files, limit: sizeLimit)
        try Self.writeChecklist(Checklist(files: files), to: written.checklist)

        var destination = parent.appendingPathComponent(name)
        // Made in the same millisecond as another: counted inside the stamp (`….507Z.2-reset`), so that the name still
        // ends with its reason and sorts after the other.
        var count = 2
        while FileManager.default.fileExists(atPath: destination.path) {
            destination = parent.appendingPathComponent("\(Self.stamp(date)).\(count)-\(reason.rawValue)")
            count += 1
        }
        guard rename(partial.path, destination.path) == 0 else { throw .system("name", destination.path) }
        try FolderCopy.syncFolder(parent)
        return Backup(folder: destination, name: destination.lastPathComponent)
    }

    /// The most a backup keeps unless told: a step's code is kilobytes, and a recording or a disk image left in its
    /// folder (a sparse file of gigabytes takes no room until it is copied) would fill the disk.
    static let defaultSizeLimit = 100_000_000
    /// The most `sizeLimit` can be told: a terabyte.
    static let largestSizeLimit = 1_000_000_000_000
    /// The variable that sets `sizeLimit`, in megabytes.
    static let sizeLimitVariable = "KATA_BACKUP_LIMIT_MB"

    /// The limit `environment` sets, or the default; nil for a value that is no whole number of megabytes from 1 on.
    static func sizeLimit(in environment: [String: String]) -> Int? {
        // Set but empty is unset, as for KATA_TIME_LIMIT.
        guard let word = environment[sizeLimitVariable], !word.isEmpty else { return defaultSizeLimit }
        guard let megabytes = Int(word), (1...largestSizeLimit / 1_000_000).contains(megabytes) else { return nil }
        return megabytes * 1_000_000
    }

    /// Refuses what a backup could not keep whole, or keep at all: a folder that leads to the one the backup goes in, a
    /// name that is not UTF-8 (it would be left out, then lost with the step's folder), two names Swift's strings take
    /// as one (NFC and NFD: the backup could not be checked), files adding up to more than `sizeLimit` (the largest
    /// named).
    func checkCanKeep(_ folder: URL) throws(CopyError) {
        let shown = workspace.relativePath(folder.path)
        let resolved = folder.resolvingSymlinksInPath().standardizedFileURL.path + "/"
        let backups = workspace.stateFolder.resolvingSymlinksInPath().standardizedFileURL.path + "/"
        if backups.hasPrefix(resolved) {
            throw CopyError(
                "\(shown) leads to \(resolved), which holds kata's backups: a backup of it would hold itself")
        }
        let entries = FileTree.walk(URL(fileURLWithPath: resolved), includingHidden: true)
        if let odd = entries.first(where: { !$0.nameIsUTF8 }) {
            throw CopyError(
                "\(shown)/\(odd.path) has a name that is not UTF-8, which a backup cannot keep: rename it, then try again"
            )
        }
        // A link is kept by its target, read as text: one that is not UTF-8 would come back pointing elsewhere.
        if let odd = entries.first(where: { $0.kind == .symlink && !FileTree.linkTargetIsUTF8(resolved + $0.path) }) {
            throw CopyError(
                "\(shown)/\(odd.path) is a link whose target is not UTF-8, which a backup cannot keep: remove it or "
                    + "point it elsewhere, then try again")
        }
        let files = try FolderCopy.list(folder, checksums: false)
        var seen: Set<String> = []
        if let twin = files.first(where: { !seen.insert($0.path).inserted }) {
            throw CopyError(
                "\(shown) holds two names that Unicode spells differently and reads the same (\(twin.path)), which a "
                    + "backup cannot tell apart: rename one, then try again")
        }
        let total = files.reduce(0) { $0 + $1.size }
        guard total > sizeLimit, let largest = files.max(by: { $0.size < $1.size }) else { return }
        let rounded = { (bytes: Int) in ByteCountFormatter.string(fromByteCount: Int64(bytes), countStyle: .file) }
        // Just over the limit, rounding would make both the same ("1 MB, more than a backup keeps (1 MB)"): bytes.
        let exact = rounded(total) == rounded(sizeLimit)
        let size = { (bytes: Int) in exact ? "\(bytes) bytes" : rounded(bytes) }
        throw CopyError(
            "its files add up to \(size(total)), more than a backup keeps (\(size(sizeLimit))), \(largest.path) "
                + "alone \(size(largest.size)); move what is not your code out of "
                + "\(workspace.relativePath(folder.path))/, then try again")
    }

    private static func writeChecklist(_ checklist: Checklist, to url: URL) throws(CopyError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(checklist) else { throw CopyError("could not encode \(url.path)") }
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .system("create", url.path) }
        defer { close(descriptor) }
        try FolderCopy.writeAll(descriptor, [UInt8](data)[...], path: url.path)
        guard fsync(descriptor) == 0 else { throw .system("write", url.path) }
    }

    /// Removes the hidden remains of backups whose kata was stopped while writing them.
    private func clearInterrupted(in parent: URL) {
        for name in ScratchFiles.leftByGoneProcesses(in: parent, prefix: Self.partialPrefix) {
            try? FileManager.default.removeItem(at: parent.appendingPathComponent(name))
        }
    }

    /// The backups that undo may bring back, newest first: made by a reset, or by an undo (the work it replaced, which
    /// is the learner's newest), and not brought back yet.
    func undoable(of step: Step) -> [Backup] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder(of: step).path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().reversed()
            .map { Backup(folder: folder(of: step).appendingPathComponent($0), name: $0) }
            .filter { $0.reason == .reset || $0.reason == .beforeUndo }
    }

    /// What the backup says it holds, unchecked: nil for a checklist missing, unreadable or of another version.
    func checklist(of backup: Backup) -> Checklist? {
        guard let data = try? Data(contentsOf: backup.checklist),
            let checklist = try? JSONDecoder().decode(Checklist.self, from: data),
            checklist.version == Checklist.currentVersion
        else { return nil }
        return checklist
    }

    /// What the backup says it holds, after checking that it holds exactly that.
    func verify(_ backup: Backup) -> Result<[CopiedFile], Problem> {
        guard let checklist = checklist(of: backup) else { return .failure(.unverifiable) }
        let found: [CopiedFile]
        do {
            found = try FolderCopy.list(backup.files)
        } catch {
            return .failure(.damaged(error.description))
        }
        let byPath = Dictionary(found.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        for file in checklist.files where byPath[file.path] != file {
            let state = byPath[file.path] == nil ? "is missing" : "is not as it was saved"
            return .failure(.damaged("\(file.path) \(state)"))
        }
        // Nothing comes back unchecked.
        let listed = Set(checklist.files.map(\.path))
        if let extra = found.first(where: { !listed.contains($0.path) }) {
            return .failure(.damaged("\(extra.path) is not in its checklist"))
        }
        return .success(checklist.files)
    }

    /// Removes a backup kata made and no longer needs: first unnamed (hidden, as one being written is), so that a kata
    /// stopped halfway through the removal leaves no named backup with files missing, only remains the next backup
    /// clears.
    func discard(_ backup: Backup) {
        let parent = backup.folder.deletingLastPathComponent()
        let hidden = parent.appendingPathComponent("\(Self.partialPrefix)\(getpid())-discarded-\(backup.name)")
        guard rename(backup.folder.path, hidden.path) == 0 else { return }
        ScratchFiles.removeItem(hidden.path)
    }

    /// Marks a backup as brought back, so the next undo reaches another.
    func markRestored(_ backup: Backup) throws(CopyError) -> Backup {
        guard let reason = backup.reason, reason != .restored else { return backup }
        let name = String(backup.name.dropLast(reason.rawValue.count)) + Reason.restored.rawValue
        let renamed = backup.folder.deletingLastPathComponent().appendingPathComponent(name)
        guard rename(backup.folder.path, renamed.path) == 0 else { throw .system("rename", backup.folder.path) }
        return Backup(folder: renamed, name: name)
    }

    static func stamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HH-mm-ss.SSS'Z'"
        return formatter.string(from: date)
    }
}
