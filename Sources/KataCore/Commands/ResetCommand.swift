import Foundation

/// `kata reset N`: the step's starter back, after a backup of the learner's files;
/// `kata reset --undo N`: the last backup back.
struct ResetCommand: KataCommand {
    static let spec = CommandSpec(
        name: "reset",
        usage: ["kata reset <step> [--yes]", "kata reset --all [--yes]", "kata reset --undo <step>"],
        summary: "Put a step's starter back, keeping a backup of your files",
        details: """
            First copies your files to .kata/backups/NN-Name/<time>-reset/, then puts the starter
            back as the kit ships it. On a terminal it asks before going on; elsewhere it needs
            --yes. `kata reset --undo N` brings the last backup back (and backs up what it
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

    init(_ arguments: ParsedArguments) throws(UsageError) {
        undo = arguments.has("--undo")
        confirmed = arguments.has("--yes")
        if arguments.has("--all") {
            guard arguments.words.isEmpty, !undo else {
                throw UsageError("kata reset: --all resets every step; give it no step number and no --undo.")
            }
            steps = StepCatalog.all
        } else {
            guard let word = arguments.words.first else {
                throw UsageError("kata reset: which step? Usage: kata reset <step>, or kata reset --all.")
            }
            steps = [try StepArgument.parse(word, command: "reset")]
        }
    }

    func run(in context: Context) throws(CommandFailure) -> ExitStatus {
        let workspace = try context.workspace()
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
        for step in steps {
            let starter = manifest.starterFiles(of: step)
            guard !starter.isEmpty else {
                throw CommandFailure(
                    "kata reset: the manifest has no starter for step \(step.number); restore \(KitManifest.path) from the kit."
                )
            }
            let backup: Backups.Backup?
            do {
                backup = try backups.save(step, reason: .reset)
                try replace(step, with: starter, in: workspace)
            } catch {
                throw CommandFailure(
                    "kata reset: step \(step.number) was left as it was: \(error.localizedDescription)")
            }
            let kept =
                backup.map { " Your files are in .kata/backups/\(step.folder)/\($0.name)." }
                ?? " There were no files to back up."
            context.write("Step \(step.number) is back to its starter.\(kept)\n")
        }
        let undoHint = steps.count == 1 ? "kata reset --undo \(steps[0].number)" : "kata reset --undo <step>"
        context.write("To bring your files back: \(undoHint)\n")
        return .success
    }

    private func bringBack(_ step: Step, workspace: Workspace, backups: Backups, context: Context)
        throws(CommandFailure) -> ExitStatus
    {
        guard let backup = backups.latestReset(of: step) else {
            throw CommandFailure(
                "kata reset --undo: there is no backup of step \(step.number) to bring back (.kata/backups/\(step.folder)/).",
                status: .noInput)
        }
        guard FileManager.default.isReadableFile(atPath: backup.folder.path),
            (try? FileManager.default.contentsOfDirectory(atPath: backup.folder.path)) != nil
        else {
            throw CommandFailure(
                "kata reset --undo: the backup \(backup.name) cannot be read; nothing was changed.", status: .noInput)
        }
        do {
            let saved = try backups.save(step, reason: .beforeUndo)
            let destination = workspace.folder(of: step)
            try? FileManager.default.removeItem(at: destination)
            try FileManager.default.copyItem(at: backup.folder, to: destination)
            try backups.markRestored(backup)
            let kept = saved.map { " What was there is kept in .kata/backups/\(step.folder)/\($0.name)." } ?? ""
            context.write("Step \(step.number) has your files back from \(backup.name).\(kept)\n")
        } catch {
            throw CommandFailure(
                "kata reset --undo: \(error.localizedDescription). Your backups in .kata/backups/\(step.folder)/ are untouched."
            )
        }
        return .success
    }

    private func replace(_ step: Step, with files: [KitManifest.StarterFile], in workspace: Workspace) throws {
        let folder = workspace.folder(of: step)
        try? FileManager.default.removeItem(at: folder)
        for file in files {
            let url = folder.appendingPathComponent(file.path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(file.text.utf8).write(to: url)
        }
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
