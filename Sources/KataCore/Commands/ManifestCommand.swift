/// `kata manifest`: for authors, whether Tests/kit-manifest.json matches the kit; `--write` rewrites it.
struct ManifestCommand: WorkspaceCommand {
    static let spec = CommandSpec(
        name: "manifest",
        usage: ["kata manifest [--write]"],
        summary: "Check or rewrite the kit's manifest (for authors)",
        details: """
            The manifest holds a checksum of every file that decides a grade (Package.swift,
            Sources/, Seeds/, the checks in Tests/) and the starters of Exercises/ word for word.
            kata grade uses it to refuse edited checks, kata reset to put starters back. After
            changing any of those files, rewrite it with --write; kata verify fails until then.
            Run --write on untouched starters: it records Exercises/ as it is.
            """,
        options: [.init("--write", help: "rewrite the manifest from the files as they are now")]
    )

    let write: Bool

    init(_ arguments: ParsedArguments, in kit: Kit) throws(UsageError) {
        write = arguments.has("--write")
    }

    func run(in context: Context, on kit: Kit) throws(CommandFailure) -> ExitStatus {
        let workspace = kit.workspace
        let current = KitManifest.make(for: workspace)
        if write {
            do {
                try current.write(to: workspace)
            } catch {
                throw CommandFailure(
                    "kata manifest: could not write \(KitManifest.path): \(error.localizedDescription)")
            }
            context.write(
                "Wrote \(KitManifest.path): \(current.grading.count) grading files, \(current.starters.count) starter files.\n"
            )
            return .success
        }
        let problems = ManifestAudit.problems(recorded: try KitManifest.load(from: workspace), current: current)
        if problems.isEmpty {
            context.write("\(KitManifest.path) is current.\n")
            return .success
        }
        context.write(
            (problems + ["Authors: kata manifest --write records the kit as it is now."]).joined(separator: "\n") + "\n"
        )
        return .failure
    }
}
