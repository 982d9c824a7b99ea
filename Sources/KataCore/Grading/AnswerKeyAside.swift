import Foundation

/// The answer key a grading copy must hold to build (a lesson of suites' scene with its mistakes built in), moved out
/// of the copy while learner code runs, and back after: the mistakes are compiled into the test programs, and no file
/// of theirs is where a suite could find it (`#filePath` and a relative path). Under isolation the run sees no file of
/// the copy at all; this is what holds without it. Renaming keeps the files' times, so nothing is rebuilt.
struct AnswerKeyAside {
    private let moved: [(from: URL, to: URL)]

    static let prefix = ".kata-answer-key-"

    /// Moves each folder (relative to the copy) into a hidden folder beside the copy, named by this process.
    static func move(_ folders: [String], outOf copy: URL) -> AnswerKeyAside {
        let parent = copy.deletingLastPathComponent()
        // A kata killed while it held them leaves them here; the copy gets its own back from the kit when next made.
        for name in ScratchFiles.leftByGoneProcesses(in: parent, prefix: prefix) {
            try? FileManager.default.removeItem(at: parent.appendingPathComponent(name))
        }
        let aside = parent.appendingPathComponent("\(prefix)\(getpid())-\(copy.lastPathComponent)")
        var moved: [(URL, URL)] = []
        for (index, folder) in folders.enumerated() {
            let from = copy.appendingPathComponent(folder)
            let to = aside.appendingPathComponent("\(index)")
            // Closed to every user but kata's: where learner code runs as a user of its own, it can name this
            // folder (its parent and kata's pid are no secret) and must still find nothing in it.
            guard FileTree.kind(at: from) == .folder,
                (try? FileManager.default.createDirectory(
                    at: aside, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])) != nil,
                chmod(aside.path, 0o700) == 0,
                rename(from.path, to.path) == 0
            else { continue }
            moved.append((from, to))
        }
        return AnswerKeyAside(moved: moved)
    }

    /// Puts every folder back where it was, and removes the hidden folder.
    func restore() {
        for (from, to) in moved {
            if FileTree.kind(at: from) != nil { try? FileManager.default.removeItem(at: from) }
            _ = rename(to.path, from.path)
        }
        if let aside = moved.first?.to.deletingLastPathComponent() { try? FileManager.default.removeItem(at: aside) }
    }
}
