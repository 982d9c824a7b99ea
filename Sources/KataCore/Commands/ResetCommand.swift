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
            .init("--undo", help: "bring back your newest backup: of a reset, or what an undo replaced"),
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
                throw UsageError(
                    "kata reset: which step? Usage: kata reset <step>, kata reset --all, or kata reset --undo <step>.")
            }
            steps = [try StepArgument.parse(word, command: "reset", in: kit)]
        }
    }

    func run(in context: Context, on kit: Kit) throws(CommandFailure) -> ExitStatus {
        let workspace = kit.workspace
        guard let limit = Backups.sizeLimit(in: context.environment) else {
            throw CommandFailure(
                "kata reset: \(Backups.sizeLimitVariable) is a whole number of megabytes from 1 to "
                    + "\(Backups.largestSizeLimit / 1_000_000); nothing was changed.",
                status: .usage)
        }
        let reset = StepReset(workspace: workspace, backupLimit: limit)
        if undo {
            // One command at a time: two undos at once would both bring back the same backup.
            let lock = try WorkspaceLock.acquire(workspace, context: context)
            defer { lock.release() }
            let undone = try reset.bringBack(steps[0])
            let kept = undone.saved.map { " What was there is kept in \(workspace.relativePath($0.files.path))." } ?? ""
            let madeBy = undone.backup.reason == .beforeUndo ? "kata reset --undo" : "kata reset"
            context.write(
                "Step \(steps[0].number) has your files back from the backup made by \(madeBy) at "
                    + "\(undone.backup.madeAt): \(workspace.relativePath(undone.restored.files.path)).\(kept)"
                    + "\(undone.notes)\n")
            shellNote(for: [steps[0]], in: context, workspace: workspace)
            return .success
        }
        let manifest = try KitManifest.load(from: workspace)
        let what = steps.count == 1 ? "step \(steps[0].number)" : "every step"
        guard try confirm("Put back the starter of \(what)? Your files are backed up first.", context: context) else {
            context.write("Nothing was changed.\n")
            return .failure
        }
        // Not while a check builds the step, nor beside another reset or undo.
        let lock = try WorkspaceLock.acquire(workspace, context: context)
        defer { lock.release() }
        var replaced: [Step] = []
        var backedUp = false
        var leftAsTheyWere = 0
        for step in steps {
            // Where a step folder that is a link leads, from the workspace's folder (a link's text is relative to its
            // own folder).
            let folder = workspace.folder(of: step)
            let link = (try? FileManager.default.destinationOfSymbolicLink(atPath: folder.path)).map {
                URL(fileURLWithPath: $0, relativeTo: folder.deletingLastPathComponent()).standardizedFileURL
            }
            let outcome: StepReset.Outcome
            do {
                outcome = try reset.putStarterBack(step, from: manifest)
            } catch  where steps.count > 1 {
                // One step kata must leave as it was stops nothing else of --all: said in its line, and in the exit.
                context.writeError(error.message + "\n")
                leftAsTheyWere += 1
                continue
            }
            guard case .reset(let backup, let removed, let notFiles) = outcome else {
                context.write("Step \(step.number) is its starter already; nothing was changed.\n")
                continue
            }
            backedUp = backedUp || backup != nil
            replaced.append(step)
            StepInHand(kit: kit).starterPutBack(step)
            let kept =
                backup.map { " Your files are in \(workspace.relativePath($0.files.path))." }
                ?? " There were no files to back up."
            context.write("Step \(step.number) is back to its starter.\(kept)\n")
            if let link {
                // The folder is replaced, not what the link led to, where the learner's editor may still be open.
                let shown = workspace.relativePath(link.path).shownSafely
                let led =
                    FileManager.default.fileExists(atPath: link.path)
                    ? "\(shown) is as you left it." : "the link led nowhere."
                context.write(
                    "\(workspace.relativePath(folder.path)) was a link to \(shown): it is a folder of its own now, "
                        + "holding the starter; \(led)\n")
            } else if !removed.isEmpty, let backup {
                // Files the learner added are gone from the step: say which, and that the backup has them.
                let links = removed.filter { path in
                    (try? FileManager.default.destinationOfSymbolicLink(
                        atPath: backup.files.appendingPathComponent(path).path)) != nil
                }.count
                let counts = [(removed.count - links, "file"), (links, "link")].filter { $0.0 > 0 }
                context.write(
                    "Removed, as the starter does not have them (the backup does): "
                        // A file where the step's folder goes is listed by no name of its own.
                        + Self.listed(
                            removed.map {
                                $0.isEmpty ? "\(workspace.relativePath(folder.path)), a file where the folder goes" : $0
                            }) + " "
                        + "(\(counts.map { Self.counted($0.0, $0.1) }.joined(separator: ", "))).\n")
            }
            if !notFiles.isEmpty {
                context.write(
                    "Removed with no backup, as none can keep what is not a file (a pipe, a socket, a device): "
                        + Self.listed(notFiles) + ".\n")
            }
        }
        if backedUp {
            let undoHint = steps.count == 1 ? "kata reset --undo \(steps[0].number)" : "kata reset --undo <step>"
            context.write("To bring your files back: \(undoHint)\n")
        }
        shellNote(for: replaced, in: context, workspace: workspace)
        return leftAsTheyWere == 0 ? .success : .failure
    }

    /// A step's folder is replaced whole, not file by file: a shell inside it is left in a folder that is gone, where
    /// even `ls` shows nothing. Said when kata was run from there.
    private func shellNote(for steps: [Step], in context: Context, workspace: Workspace) {
        let here = context.currentDirectory.standardizedFileURL.path
        for step in steps {
            let folder = workspace.folder(of: step).standardizedFileURL.path
            guard here == folder || here.hasPrefix(folder + "/") else { continue }
            // From a subfolder of the step, as many levels up again.
            let depth = here.dropFirst(folder.count).split(separator: "/").count
            let back = String(repeating: "../", count: depth + 1) + step.folder
            context.write("Your shell is still in the folder this replaced: cd \(back) to see the new one.\n")
            return
        }
    }

    /// `1 file`, `2 links`.
    private static func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

    /// Paths for a sentence: the first eight, and an ellipsis for the rest.
    private static func listed(_ paths: [String]) -> String {
        paths.prefix(8).map(\.shownSafely).joined(separator: ", ") + (paths.count > 8 ? ", …" : "")
    }

    /// Yes with --yes; on a terminal, the answer typed; elsewhere, a refusal.
    private func confirm(_ question: String, context: Context) throws(CommandFailure) -> Bool {
        if confirmed { return true }
        guard context.terminal.isInteractive, context.isInputInteractive else {
            throw CommandFailure(
                "kata reset: not on a terminal, so nothing was changed. Add --yes to reset (your files are backed up first).",
                status: .usage)
        }
        context.write(question + " [y/N] ")
        let answer = context.readLine()?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        return answer == "y" || answer == "yes"
    }
}
