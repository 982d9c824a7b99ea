import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A walk under a folder that never follows a symbolic link: it names links and special
/// files (devices, pipes, sockets) instead of reading through them, so a link to the
/// reference solution is seen as a link. Hidden names (`.DS_Store`, `.build`) are left out,
/// as SwiftPM leaves them out of targets.
enum FileTree {
    enum Kind: String, Codable, Sendable {
        case file, folder, symlink, special
    }

    struct Entry: Equatable, Sendable {
        /// Relative to the folder the walk started from, with `/` between names.
        let path: String
        let kind: Kind
        let size: Int
    }

    /// The kind of one item, without following it when it is a link; nil when there is none.
    static func kind(at url: URL) -> Kind? {
        status(of: url.path).map(\.kind)
    }

    /// `lstat(2)`, not FileManager's attributes, which look up the owner's and group's names
    /// in /etc/passwd for every file: a walk of the kit would read it a thousand times.
    static func status(of path: String) -> (kind: Kind, size: Int)? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        // st_mode is a mode_t: UInt16 on Darwin, UInt32 on Glibc; S_IF* constants follow it.
        let type = info.st_mode & mode_t(S_IFMT)
        let kind: Kind =
            switch type {
            case mode_t(S_IFREG): .file
            case mode_t(S_IFDIR): .folder
            case mode_t(S_IFLNK): .symlink
            default: .special
            }
        return (kind, Int(info.st_size))
    }

    /// Every item under `folder` (not the folder itself), folders before what they hold,
    /// names sorted. Links and special files are listed and not entered.
    static func walk(_ folder: URL) -> [Entry] {
        var entries: [Entry] = []
        func visit(_ url: URL, _ relative: String) {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            for name in names.sorted() where !name.hasPrefix(".") {
                let child = url.appendingPathComponent(name)
                let path = relative.isEmpty ? name : relative + "/" + name
                guard let (kind, size) = status(of: child.path) else { continue }
                entries.append(Entry(path: path, kind: kind, size: size))
                if kind == .folder { visit(child, path) }
            }
        }
        visit(folder, "")
        return entries
    }
}
