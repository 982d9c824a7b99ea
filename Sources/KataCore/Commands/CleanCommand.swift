import Foundation

/// `kata clean`: removes the copies of the kit kata made to grade and verify, which are whole
/// kits with their builds; never the learner's files, results or backups.
struct CleanCommand: AnywhereCommand {
    static let spec = CommandSpec(
        name: "clean",
        usage: ["kata clean"],
        summary: "Remove the copies of the kit kata made to grade and verify (frees disk space)",
        details: """
            A grade against a kit (kata grade --kit) builds a copy of the kit in your cache folder
            (~/.cache/kata/grading, or $XDG_CACHE_HOME/kata/grading); verify and the mistakes
            catalogue build theirs in the workspace's .build-verify folder. Each is about 1 GB once
            built. kata clean removes them all, those the cache holds for every kit on this machine
            as well as this one's, except a copy a grade is using now. Copies unused
            for 30 days go at the next grade anyway. Your exercises, results and backups stay.
            Exit status: 0 when done, 1 when something could not be removed.
            """,
        arguments: 0...0
    )

    init(_ arguments: ParsedArguments, kit workspaceKit: Kit?) throws(UsageError) {}

    func run(in context: Context) throws(CommandFailure) -> ExitStatus {
        var removed = GradingFolder.remove(in: GradingFolder.cache(environment: context.environment), unusedSince: nil)
        var kept: [URL] = GradingFolder.copies(in: GradingFolder.cache(environment: context.environment))
        if let workspace = try? context.workspace() {
            let verifyFolder = KitCopy.copiesFolder(in: workspace)
            removed += GradingFolder.remove(in: verifyFolder, unusedSince: nil)
            let stayed = GradingFolder.copies(in: verifyFolder)
            // The folder itself goes once empty of copies: nothing else is ever put there.
            if stayed.isEmpty { try? FileManager.default.removeItem(at: verifyFolder) }
            kept += stayed
        }
        for copy in removed { context.write("Removed \(copy.path)\n") }
        for copy in kept { context.write("Kept \(copy.path): in use, or it could not be removed.\n") }
        if removed.isEmpty && kept.isEmpty { context.write("No copies to remove.\n") }
        return kept.isEmpty ? .success : .failure
    }
}
