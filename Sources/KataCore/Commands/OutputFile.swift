import Foundation

/// Where a command writes a report it was asked for (`--json PATH`): `-` is standard output; a path that is not a
/// regular file (a terminal, a pipe, `/dev/stdout`, a link) is written in place, never replaced; a regular file is
/// replaced whole, never left half written.
enum OutputFile {
    static func write(
        _ data: Data, to path: String, in context: Context, command: String
    ) throws(CommandFailure) {
        if path == "-" {
            context.write(String(decoding: data, as: UTF8.self))
            return
        }
        let url = URL(fileURLWithPath: path, relativeTo: context.currentDirectory)
        do {
            switch FileTree.kind(at: url) {
            case .folder:
                throw CommandFailure("kata \(command): \(path) is a folder; give a file name.", status: .usage)
            case .symlink, .special:
                // Written through, as a shell's `>` would: /dev/stdout stays a link.
                guard let handle = FileHandle(forWritingAtPath: url.path) else {
                    throw CommandFailure("kata \(command): cannot write to \(path).", status: .noInput)
                }
                defer { try? handle.close() }
                if FileTree.kind(at: url.resolvingSymlinksInPath()) == .file { try handle.truncate(atOffset: 0) }
                try handle.write(contentsOf: data)
            case .file, nil:
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try data.write(to: url, options: .atomic)
            }
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure(
                "kata \(command): could not write \(path): \(error.localizedDescription)", status: .noInput)
        }
    }

    /// Adds to the end of a file (creating it), as `$GITHUB_ENV` and `$GITHUB_STEP_SUMMARY`
    /// expect; `-` is standard output.
    static func append(_ data: Data, to path: String, in context: Context) throws(CommandFailure) {
        if path == "-" {
            context.write(String(decoding: data, as: UTF8.self))
            return
        }
        let url = URL(fileURLWithPath: path, relativeTo: context.currentDirectory)
        do {
            if FileTree.kind(at: url) == nil {
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                _ = FileManager.default.createFile(atPath: url.path, contents: nil)
            }
            guard let handle = FileHandle(forWritingAtPath: url.path) else {
                throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: url.path])
            }
            defer { try? handle.close() }
            if FileTree.kind(at: url.resolvingSymlinksInPath()) == .file { try handle.seekToEnd() }
            try handle.write(contentsOf: data)
        } catch {
            throw CommandFailure("kata: could not write \(path): \(error.localizedDescription)", status: .noInput)
        }
    }
}
