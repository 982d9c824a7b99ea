import Foundation

/// `kata reset N`: the step's starter back, after a backup of the learner's files; `--undo N`: the last backup back.
struct ResetCommand: WorkspaceCommand {
    static let spec = CommandSpec(
        name: "reset",
        usage: ["kata reset <step> [--yes]", "kata reset --all [--yes]", "kata reset --undo <step>"],
        summary: "Put a step's starter back, keeping a backup of your files",
        details: """
            First copies your files to .kata/backups/NN-Name/<time>-reset/files/, with a checksum
            of each, then puts the starter back as the kit ships it. On a terminal it asks before
            going on; elsewhere it needs --yes. `kata reset --undo N` brings back your newest
            backup that holds your own work, once every file checks out (and backs up what it
            replaces). kata never deletes your work without a backup.
            """,
        options: [
            .init("--all", help: "reset every step"),
            .init("--undo", help: "bring back the files of the last reset of the step"),
            .init("--yes", help: "do not ask (needed when not on a terminal)"),
        ],
        arguments: 0...1
    )

    let steps: [Step]
    let undo: Bool
    let confirmed: Bool

    init(_ arguments: ParsedArguments, in kit: Kit) throws(UsageError) {
        undo = arguments.has("--undo")
        confirmed = arguments.has("--yes")
        if arguments.has("--all") {
            guard arguments.words.isEmpty, !undo else {
                throw UsageError("kata reset: --all resets every step; give it no step number and no --undo.")
            }
            steps = kit.steps
        } else {
            guard let word = arguments.words.first else {
                throw UsageError("kata reset: which step? Usage: kata reset <step>, or kata reset --all.")
            }
            steps = [try StepArgument.parse(word, command: "reset", in: kit)]
        }
    }

    func run(in context: Context, on kit: Kit) throws(CommandFailure) -> ExitStatus {
        let workspace = kit.workspace
        let backups = Backups(workspace: workspace)
        if undo {
            return try bringBack(steps[0], workspace: workspace, backups: backups, context: context)
        }
        let manifest = try KitManifest.load(from: workspace)
        let what = steps.count == 1 ? "step \(steps[0].number)" : "every step"
        guard try confirm("Put back the starter of \(what)? Your files are backed up first.", context: context) else {
            context.write("Nothing was changed.\n")
            return .failure
        }
        var backedUp = false
        for step in steps {
            let starter = manifest.starterFiles(of: step)
            guard !starter.isEmpty else {
                throw CommandFailure(
                    "kata reset: the manifest has no starter for step \(step.number); restore \(KitManifest.path) from the kit."
                )
            }
            let target = workspace.folder(of: step)
            let backup: Backups.Backup?
            do throws(CopyError) {
                // The starter already, file for file: a backup would hold none of the learner's
                // work, and would stand in front of the one that does for --undo.
                var filesAreStarter = false
                if StepFolder.exists(target) { filesAreStarter = try StepFolder.isStarter(at: target, starter) }
                if filesAreStarter, !StepFolder.holdsNonFiles(at: target) {
                    context.write("Step \(step.number) is its starter already; nothing was changed.\n")
                    continue
                }
                // Only a pipe or a device beside the starter: nothing to back up, only to remove.
                backup = filesAreStarter ? nil : try backups.save(step, reason: .reset)
                try StepFolder.replace(target) { folder throws(CopyError) in
                    try StepFolder.write(starter, into: folder)
                }
            } catch {
                throw CommandFailure("kata reset: step \(step.number) was left as it was: \(error.description).")
            }
            backedUp = backedUp || backup != nil
            let kept =
                backup.map { " Your files are in \(workspace.relativePath($0.files.path))." }
                ?? " There were no files to back up."
            context.write("Step \(step.number) is back to its starter.\(kept)\n")
        }
        if backedUp {
            let undoHint = steps.count == 1 ? "kata reset --undo \(steps[0].number)" : "kata reset --undo <step>"
            context.write("To bring your files back: \(undoHint)\n")
        }
        return .success
    }

    /// Brings back the newest reset backup that holds the learner's own work and is whole.
    private func bringBack(_ step: Step, workspace: Workspace, backups: Backups, context: Context)
        throws(CommandFailure) -> ExitStatus
    {
        let starter = (try? KitManifest.load(from: workspace))?.starterFiles(of: step)
        var passedOver: [String] = []
        var chosen: (backup: Backups.Backup, files: [CopiedFile])?
        for backup in backups.resets(of: step) where chosen == nil {
            switch backups.verify(backup) {
            case .success(let files):
                // A reset of a step that was already its starter: nothing of the learner's.
                if let starter, StepFolder.isStarter(files, starter) { continue }
                chosen = (backup, files)
            case .failure(.unverifiable):
                passedOver.append("\(backup.name) was made by an older kata and cannot be checked")
            case .failure(.damaged(let why)):
                passedOver.append("\(backup.name) is damaged: \(why)")
            }
        }
        let location = workspace.relativePath(backups.folder(of: step).path)
        let notes = passedOver.isEmpty ? "" : " Passed over: " + passedOver.joined(separator: "; ") + "."
        guard let (backup, files) = chosen else {
            let look = passedOver.isEmpty ? "" : " Their files are in \(location)/, to copy back by hand."
            throw CommandFailure(
                "kata reset --undo: there is no backup of step \(step.number) to bring back (\(location)/).\(notes)\(look)",
                status: .noInput)
        }

        let target = workspace.folder(of: step)
        let saved: Backups.Backup?
        do throws(CopyError) {
            let current = StepFolder.exists(target) ? try FolderCopy.list(target, checksums: false) : []
            let isStarter = try starter.map { starter throws(CopyError) in try StepFolder.isStarter(at: target, starter)
            }
            let worthKeeping = !current.isEmpty && isStarter != true
            saved = worthKeeping ? try backups.save(step, reason: .beforeUndo) : nil
            try StepFolder.replace(target) { folder throws(CopyError) in
                let copied = try FolderCopy.copy(backup.files, to: folder)
                // Checked again as it is copied: it must still be the backup that was verified.
                let byPath = Dictionary(copied.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
                if let changed = files.first(where: { byPath[$0.path] != $0 }) {
                    throw CopyError("\(changed.path) changed in the backup while it was being copied")
                }
            }
        } catch {
            throw CommandFailure(
                "kata reset --undo: \(error.description). Step \(step.number) and the backups in \(location)/ are as they were."
            )
        }
        // Had this failed, the next undo would bring back the same files again: no harm.
        let restored = (try? backups.markRestored(backup)) ?? backup
        let kept = saved.map { " What was there is kept in \(workspace.relativePath($0.files.path))." } ?? ""
        context.write(
            "Step \(step.number) has your files back from the backup made by kata reset at \(backup.madeAt): "
                + "\(workspace.relativePath(restored.files.path)).\(kept)\(notes)\n")
        return .success
    }

    /// Yes with --yes; on a terminal, the answer typed; elsewhere, a refusal.
    private func confirm(_ question: String, context: Context) throws(CommandFailure) -> Bool {
        if confirmed { return true }
        guard context.terminal.isInteractive, context.isInputInteractive else {
            throw CommandFailure(
                "kata reset: not on a terminal, so nothing was changed. Add --yes to reset (your files are backed up first)."
            )
        }
        context.write(question + " [y/N] ")
        let answer = context.readLine()?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        return answer == "y" || answer == "yes"
    }
}
