import Foundation

@testable import KataCore

/// A copy of the kit in a temporary folder whose name has a space, where the real `kata`
/// binary can be run and the learner's files broken on purpose. Made once and shared:
/// its build folder makes every check after the first incremental.
final class ScratchWorkspace: @unchecked Sendable {
    static let shared = ScratchWorkspace()
    nonisolated(unsafe) private static var folderToRemove: String?

    let root: URL
    let kata: URL
    /// The kit this copy was made from.
    let original: URL

    private init() {
        original = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        // The test executable sits beside the kata it was built with.
        kata = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("kata")
        // Under kata verify, the grading copy it graded the solutions in is already built:
        // reused, brought back to the pristine kit, so only what differs is rebuilt.
        if let given = ProcessInfo.processInfo.environment["KATA_SCRATCH_WORKSPACE"], !given.isEmpty {
            root = URL(fileURLWithPath: given)
        } else {
            root = FileManager.default.temporaryDirectory
                .appendingPathComponent("kata workspace \(UUID().uuidString.prefix(8))")
            // The copy and its build folder take a hundred megabytes or more: gone when the tests are.
            ScratchWorkspace.folderToRemove = root.path
            atexit { ScratchWorkspace.folderToRemove.map { try? FileManager.default.removeItem(atPath: $0) } }
        }
        var files: [String: Data] = [:]
        for item in ["Package.swift", "Sources", "Tests", "Exercises", "Solutions", "Seeds"] {
            for path in Workspace(root: original).allFiles(under: item) {
                files[path] = try? Data(contentsOf: original.appendingPathComponent(path))
            }
        }
        try? PristineCopy.sync(files, into: root)
        // A learner who never ran kata: no results, hint levels or backups from an earlier run.
        try? FileManager.default.removeItem(at: root.appendingPathComponent(".kata"))
        // The copy is also where `kata grade --kit` builds in these tests (KATA_GRADE_FOLDER): a
        // pristine copy of the kit already, so a grade only rebuilds what the learner changed.
        _ = FileManager.default.createFile(
            atPath: root.appendingPathComponent(GradingFolder.marker).path, contents: nil)
    }

    /// Runs kata from any folder, with this copy as the folder grades are built in.
    func kata(
        _ arguments: [String], in folder: URL, environment: [String: String] = [:]
    ) -> CommandResult {
        Subprocess.run(
            Command(
                "/bin/sh", ["-c", "cd \"$0\" && exec \"$@\"", folder.path, kata.path] + arguments,
                environment: ["NO_COLOR": "1", "KATA_TIME_LIMIT": "", "KATA_GRADE_FOLDER": root.path]
                    .merging(environment) { _, new in new },
                timeLimit: .seconds(600)
            ))
    }

    /// Runs kata with `arguments` from `folder` (the workspace root unless given), with
    /// `input` piped into it when given (otherwise its input is empty).
    func kata(
        _ arguments: [String], from folder: String = "", input: String? = nil, environment: [String: String] = [:]
    ) -> CommandResult {
        let directory = root.appendingPathComponent(folder).path
        var script = "cd \"$0\" && exec \"$@\""
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("kata-input-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        if let input {
            try? input.write(to: file, atomically: true, encoding: .utf8)
            script = "cd \"$0\" && exec \"$@\" < '\(file.path)'"
        }
        return Subprocess.run(
            Command(
                "/bin/sh", ["-c", script, directory, kata.path] + arguments,
                environment: ["NO_COLOR": "1", "KATA_TIME_LIMIT": ""].merging(environment) { _, new in new },
                timeLimit: .seconds(600)
            ))
    }

    func url(_ path: String) -> URL { root.appendingPathComponent(path) }

    /// The kit this copy was made from, as a workspace.
    var originalWorkspace: Workspace { Workspace(root: original) }

    func read(_ path: String) -> String {
        (try? String(contentsOf: url(path), encoding: .utf8)) ?? ""
    }

    func write(_ path: String, _ text: String) {
        try? text.write(to: url(path), atomically: true, encoding: .utf8)
    }

    /// Replaces `old` with `new` in a file of the copy.
    func edit(_ path: String, replacing old: String, with new: String) {
        write(path, read(path).replacingOccurrences(of: old, with: new))
    }

    /// Copies the reference answer of a step over the learner's files.
    func solve(_ folder: String) {
        copyFolder(from: original.appendingPathComponent("Solutions/\(folder)"), to: url("Exercises/\(folder)"))
    }

    /// Puts the untouched starter of a step back, as the kit ships it.
    func restore(_ folder: String) {
        copyFolder(from: original.appendingPathComponent("Exercises/\(folder)"), to: url("Exercises/\(folder)"))
    }

    /// Puts any file or folder of the copy back as the kit has it.
    func restore(path: String) {
        copyFolder(from: original.appendingPathComponent(path), to: url(path))
    }

    private func copyFolder(from source: URL, to destination: URL) {
        try? FileManager.default.removeItem(at: destination)
        try? FileManager.default.copyItem(at: source, to: destination)
    }
}
