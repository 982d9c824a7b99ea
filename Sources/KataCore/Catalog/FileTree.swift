import Foundation

/// A walk under a folder that never follows a symbolic link: it names links and special
/// files (devices, pipes, sockets) instead of reading through them, so a link to the
/// reference solution is seen as a link. Hidden names (`.DS_Store`, `.build`) are left out,
/// as SwiftPM leaves them out of targets.
public enum FileTree {
    public enum Kind: String, Codable, Sendable {
        case file, folder, symlink, special
    }

    public struct Entry: Equatable, Sendable {
        /// Relative to the folder the walk started from, with `/` between names.
        public let path: String
        public let kind: Kind
        public let size: Int
    }

    /// The kind of one item, without following it when it is a link; nil when there is none.
    public static func kind(at url: URL) -> Kind? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
            let type = attributes[.type] as? FileAttributeType
        else { return nil }
        switch type {
        case .typeRegular: return .file
        case .typeDirectory: return .folder
        case .typeSymbolicLink: return .symlink
        default: return .special
        }
    }

    /// Every item under `folder` (not the folder itself), folders before what they hold,
    /// names sorted. Links and special files are listed and not entered.
    public static func walk(_ folder: URL) -> [Entry] {
        var entries: [Entry] = []
        func visit(_ url: URL, _ relative: String) {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            for name in names.sorted() where !name.hasPrefix(".") {
                let child = url.appendingPathComponent(name)
                let path = relative.isEmpty ? name : relative + "/" + name
                guard let kind = kind(at: child) else { continue }
                let size = (try? FileManager.default.attributesOfItem(atPath: child.path))?[.size] as? Int ?? 0
                entries.append(Entry(path: path, kind: kind, size: size))
                if kind == .folder { visit(child, path) }
            }
        }
        visit(folder, "")
        return entries
    }
}
