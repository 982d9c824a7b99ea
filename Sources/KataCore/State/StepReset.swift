import Foundation

/// A step's starter put back, and a reset's backup brought back: the learner's files are backed
/// up before either changes the step's folder, and a backup is checked whole before it is used.
struct StepReset {
    let workspace: Workspace
    /// Runs between the backup and the swap, of a reset or an undo (tests: a file saved meanwhile).
    var afterBackup: (() -> Void)?
    /// The most a backup keeps, in bytes.
    var backupLimit = Backups.defaultSizeLimit
    var backups: Backups { Backups(workspace: workspace, sizeLimit: backupLimit) }

    /// What putting a starter back did.
    enum Outcome {
        case wasStarter
        /// The backup of the learner's files (nil when there was nothing of theirs to keep), the files of theirs the
        /// starter does not have, which are gone from the step's folder now, and what was there that is no file (a
        /// pipe, a socket, a device), which no backup keeps.
        case reset(Backups.Backup?, removed: [String], notFiles: [String])
    }

    func putStarterBack(_ step: Step, from manifest: KitManifest) throws(CommandFailure) -> Outcome {
        let starter = manifest.starterFiles(of: step)
        guard !starter.isEmpty else {
            throw CommandFailure(
                "kata reset: the manifest has no starter for step \(step.number); restore \(KitManifest.path) from the kit."
            )
        }
        let target = workspace.folder(of: step)
        do throws(CopyError) {
            // What no backup could keep is refused before anything is compared: left out of the listing, a file with
            // a name that is not UTF-8 made the folder look like its starter, and went with it.
            if StepFolder.exists(target) { try backups.checkCanKeep(target) }
            // The starter already, file for file: a backup would hold none of the learner's
            // work, and would stand in front of the one that does for --undo.
            var filesAreStarter = false
            if StepFolder.exists(target) { filesAreStarter = try StepFolder.isStarter(at: target, starter) }
            if filesAreStarter, !StepFolder.holdsNonFiles(at: target) { return .wasStarter }
            // Only a pipe or a device beside the starter: nothing to back up, only to remove.
            let backup = filesAreStarter ? nil : try backups.save(step, reason: .reset, checked: true)
            let shipped = Set(starter.map(\.path))
            let removed =
                StepFolder.exists(target)
                ? try FolderCopy.list(target, checksums: false).map(\.path).filter { !shipped.contains($0) }.sorted()
                : []
            let notFiles = FileTree.walk(target).filter { $0.kind == .special }.map(\.path)
            afterBackup?()
            var latest = backup
            let stopped = backup.map {
                "Step \(step.number) holds its starter now; your files are in \(workspace.relativePath($0.files.path)) "
                    + "(kata reset --undo \(step.number) brings them back)."
            }
            try StepFolder.replace(target, onceSwapped: stopped) { folder throws(CopyError) in
                try StepFolder.write(starter, into: folder)
            } movedAside: { old throws(CopyError) in
                latest =
                    try keepSavedMeanwhile(old, of: step, madeBefore: backup, starter: starter, reason: .reset)
                    ?? latest
            }
            return .reset(latest, removed: removed, notFiles: notFiles)
        } catch {
            throw CommandFailure("kata reset: step \(step.number) was left as it was: \(error.description).")
        }
    }

    /// What a swap moved aside, kept in a backup of its own, the newest, when a file was saved after `made` (the
    /// backup taken before the swap) was copied, or, with none taken, when it is no longer the starter (or nothing):
    /// undo then brings it back. Nil when nothing was saved meanwhile.
    private func keepSavedMeanwhile(
        _ old: URL, of step: Step, madeBefore made: Backups.Backup?, starter: [KitManifest.StarterFile]?,
        reason: Backups.Reason
    ) throws(CopyError) -> Backups.Backup? {
        var changed = false
        if let made {
            if let checklist = backups.checklist(of: made) { changed = try FolderCopy.list(old) != checklist.files }
        } else if try !FolderCopy.list(old, checksums: false).isEmpty {
            changed = true
            if let starter { changed = try !StepFolder.isStarter(at: old, starter) }
        }
        return changed ? try backups.save(step, reason: reason, from: old) : nil
    }

    /// A backup brought back: the one chosen, as it is now marked, what it replaced, and the
    /// backups passed over.
    struct Undone {
        let backup: Backups.Backup
        let restored: Backups.Backup
        let saved: Backups.Backup?
        let notes: String
    }

    /// Brings back the newest backup of a reset or an undo that holds the learner's own work and is whole.
    func bringBack(_ step: Step) throws(CommandFailure) -> Undone {
        let starter = (try? KitManifest.load(from: workspace))?.starterFiles(of: step)
        var passedOver: [String] = []
        var chosen: (backup: Backups.Backup, files: [CopiedFile])?
        let holds =
            StepFolder.exists(workspace.folder(of: step)) ? try? FolderCopy.list(workspace.folder(of: step)) : []
        for backup in backups.undoable(of: step) where chosen == nil {
            switch backups.verify(backup) {
            case .success(let files):
                // A reset of a step that was already its starter: nothing of the learner's.
                if let starter, StepFolder.isStarter(files, starter) { continue }
                // What an undo killed midway saved of the step as it still is: bringing it back changes nothing, and
                // it would stand before the backup that undo was bringing back.
                if backup.reason == .beforeUndo, files == holds { continue }
                chosen = (backup, files)
            case .failure(.unverifiable):
                passedOver.append(
                    "\(backup.name) has no checklist this kata reads (made by an older kata, or its checksums.json was "
                        + "removed or changed), so it cannot be checked")
            case .failure(.damaged(let why)):
                passedOver.append("\(backup.name) is damaged: \(why)")
            }
        }
        let location = workspace.relativePath(backups.folder(of: step).path)
        let notes = passedOver.isEmpty ? "" : " Passed over: " + passedOver.joined(separator: "; ") + "."
        guard let (backup, files) = chosen else {
            let look = passedOver.isEmpty ? "" : " Their files are in \(location)/, to copy back by hand."
            let restored = (try? FileManager.default.contentsOfDirectory(atPath: backups.folder(of: step).path))?
                .filter { $0.hasSuffix("-" + Backups.Reason.restored.rawValue) }.sorted().last
            let already =
                restored.map { name in
                    let backup = Backups.Backup(
                        folder: backups.folder(of: step).appendingPathComponent(name), name: name)
                    let held = (try? backups.verify(backup).get()).map { $0 == holds } ?? false
                    // Said only when it is so: a learner may have deleted or rewritten the step since.
                    return " Its newest backup was already brought back (\(location)/\(name)): "
                        + (held
                            ? "step \(step.number) holds that work now."
                            : "step \(step.number) has changed since: its files are in "
                                + "\(workspace.relativePath(backup.files.path))/, to copy back what you need.")
                } ?? ""
            throw CommandFailure(
                "kata reset --undo: there is no backup of step \(step.number) to bring back (\(location)/)."
                    + "\(already)\(notes)\(look)",
                status: .noInput)
        }

        let target = workspace.folder(of: step)
        var saved: Backups.Backup?
        do throws(CopyError) {
            let current = StepFolder.exists(target) ? try FolderCopy.list(target, checksums: false) : []
            let isStarter = try starter.map { starter throws(CopyError) in try StepFolder.isStarter(at: target, starter)
            }
            let worthKeeping = !current.isEmpty && isStarter != true
            saved = worthKeeping ? try backups.save(step, reason: .beforeUndo) : nil
            afterBackup?()
            let stopped =
                "Step \(step.number) holds the files of \(workspace.relativePath(backup.files.path)) now"
                + (saved.map { "; what it held is in \(workspace.relativePath($0.files.path))." } ?? ".")
            try StepFolder.replace(target, onceSwapped: stopped) { folder throws(CopyError) in
                let copied = try FolderCopy.copy(backup.files, to: folder)
                // Checked again as it is copied: it must still be the backup that was verified.
                let byPath = Dictionary(copied.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
                if let changed = files.first(where: { byPath[$0.path] != $0 }) {
                    throw CopyError("\(changed.path) changed in the backup while it was being copied")
                }
            } movedAside: { old throws(CopyError) in
                saved =
                    try keepSavedMeanwhile(old, of: step, madeBefore: saved, starter: starter, reason: .beforeUndo)
                    ?? saved
            }
        } catch {
            // What the undo saved of the step is still in the step: kept, it would stand before the backup that undo
            // could not bring back, for every undo after.
            if let saved { backups.discard(saved) }
            throw CommandFailure(
                "kata reset --undo: \(error.description). Step \(step.number) and the backups in \(location)/ are as they were."
            )
        }
        // Had this failed, the next undo would bring back the same files again: no harm.
        let restored = (try? backups.markRestored(backup)) ?? backup
        return Undone(backup: backup, restored: restored, saved: saved, notes: notes)
    }
}
