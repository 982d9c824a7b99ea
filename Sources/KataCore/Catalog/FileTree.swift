import Foundation

/// A walk under a folder that never follows a symbolic link: it names links and special
/// files (devices, pipes, sockets) instead of reading through them, so a link to the
/// reference solution is seen as a link. Hidden names (`.DS_Store`, `.build`) are left out,
/// as SwiftPM leaves them out of targets.
enum FileTree {
    /// Closes a folder to every user but its owner (its group and others lose every permission); nothing when it is
    /// not a folder.
    static func closeToOthers(_ folder: URL) {
        var info = stat()
        guard kind(at: folder) == .folder, stat(folder.path, &info) == 0 else { return }
        chmod(folder.path, info.st_mode & 0o7700)
    }

    enum Kind: String, Codable, Sendable {
        case file, folder, symlink, special
    }

    struct Entry: Equatable, Sendable {
        /// Relative to the folder the walk started from, with `/` between names. A name that
        /// is not UTF-8 is spelled with its odd bytes escaped (`caf\xE9.swift`), and the path
        /// then names nothing on disk: `rawPath` does.
        let path: String
        let kind: Kind
        let size: Int
        /// The path's bytes, for an entry whose name is not UTF-8; nil for every other.
        var rawPath: [UInt8]? = nil

        var nameIsUTF8: Bool { rawPath == nil }
    }

    /// The kind of one item, without following it when it is a link; nil when there is none.
    static func kind(at url: URL) -> Kind? { status(of: url.path).map(\.kind) }

    /// What tells that an item changed, from `lstat(2)`: its size, its inode, when it was last
    /// written (`modified`, which anyone may set back) and when it last changed at all
    /// (`changed`, which no one can), each in nanoseconds since 1970.
    struct Stamp: Equatable, Sendable {
        let size: Int
        let inode: Int
        let modified: Int
        let changed: Int

        var modifiedSeconds: Double { Double(modified) / 1e9 }
    }

    static func stamp(of path: String) -> Stamp? { stamped(Array(path.utf8))?.stamp }

    /// The stamp of a path given as bytes, and whether it is a folder.
    fileprivate static func stamped(_ raw: [UInt8]) -> (stamp: Stamp, isFolder: Bool)? {
        var info = stat()
        guard withCPath(raw, { lstat($0, &info) }) == 0 else { return nil }
        #if canImport(Darwin)
            let (written, changed) = (info.st_mtimespec, info.st_ctimespec)
        #else
            let (written, changed) = (info.st_mtim, info.st_ctim)
        #endif
        let stamp = Stamp(
            size: Int(info.st_size), inode: Int(info.st_ino),
            modified: Int(written.tv_sec) * 1_000_000_000 + Int(written.tv_nsec),
            changed: Int(changed.tv_sec) * 1_000_000_000 + Int(changed.tv_nsec))
        return (stamp, info.st_mode & mode_t(S_IFMT) == mode_t(S_IFDIR))
    }

    /// `lstat(2)`, not FileManager's attributes, which look up the owner's and group's names
    /// in /etc/passwd for every file: a walk of the kit would read it a thousand times.
    static func status(of path: String) -> (kind: Kind, size: Int)? {
        path.withCString { status(ofCString: $0) }
    }

    private static func status(ofCString path: UnsafePointer<CChar>) -> (kind: Kind, size: Int)? {
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
    /// names sorted. Links and special files are listed and not entered, nor is a folder
    /// whose name is not UTF-8 (it is listed, for whoever refuses it). Hidden names only `includingHidden`.
    static func walk(_ folder: URL, includingHidden: Bool = false) -> [Entry] {
        var entries: [Entry] = []
        func visit(_ url: URL, _ relative: String) {
            let names = rawNames(in: Array(url.path.utf8)).map { bytes in (utf8(bytes), bytes) }
            for (name, bytes) in names.sorted(by: { ($0.0 ?? escaped($0.1)) < ($1.0 ?? escaped($1.1)) })
            where includingHidden || bytes.first != UInt8(ascii: ".") {
                guard let name else {
                    let shown = escaped(bytes)
                    let raw = Array(url.path.utf8) + [UInt8(ascii: "/")] + bytes
                    guard let (kind, size) = status(of: raw) else { continue }
                    let path = relative.isEmpty ? shown : relative + "/" + shown
                    entries.append(Entry(path: path, kind: kind, size: size, rawPath: raw))
                    continue
                }
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

    /// Whether the link at `path` points to a target spelled in UTF-8 (false for no link).
    static func linkTargetIsUTF8(_ path: String) -> Bool {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { return false }
        let bytes = buffer.prefix(count).map { UInt8(bitPattern: $0) }
        // Decoding replaces what is not UTF-8: the bytes come back unchanged only when all of it was.
        return Array(String(decoding: bytes, as: UTF8.self).utf8) == bytes
    }

    /// The names in a folder as the file system keeps them: bytes, which need not be UTF-8.
    fileprivate static func rawNames(in path: [UInt8]) -> [[UInt8]] {
        guard let directory = withCPath(path, { opendir($0) }) else { return [] }
        defer { closedir(directory) }
        var names: [[UInt8]] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name == [UInt8(ascii: ".")] || name == [UInt8(ascii: "."), UInt8(ascii: ".")] { continue }
            names.append(name)
        }
        return names
    }

    /// `lstat(2)` of a path given as bytes.
    static func status(of raw: [UInt8]) -> (kind: Kind, size: Int)? {
        withCPath(raw) { status(ofCString: $0) }
    }

    private static func withCPath<Value>(_ raw: [UInt8], _ body: (UnsafePointer<CChar>) -> Value) -> Value {
        (raw + [0]).withUnsafeBufferPointer { bytes in bytes.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) }
        }
    }

    /// The bytes as text when they are UTF-8. (String(validating:) needs macOS 15; the kit runs on 13.)
    static func utf8(_ bytes: [UInt8]) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        return Array(text.utf8) == bytes ? text : nil
    }

    /// A name's bytes as text: UTF-8 where they are, `\xNN` for each byte that is not.
    static func escaped(_ bytes: [UInt8]) -> String {
        var text = ""
        var rest = bytes[...]
        while !rest.isEmpty {
            // The longest valid start, then one byte escaped.
            var length = rest.count
            while length > 0, utf8(Array(rest.prefix(length))) == nil { length -= 1 }
            text += String(decoding: rest.prefix(length), as: UTF8.self)
            rest = rest.dropFirst(length)
            if let byte = rest.first {
                text += "\\x" + String(byte, radix: 16, uppercase: true)
                rest = rest.dropFirst()
            }
        }
        return text
    }
}

extension String {
    /// The text with what a terminal, a log or a Markdown table would act on instead of show
    /// (control characters, and the marks that reverse a line's direction) spelled out as
    /// Swift escapes: a learner's file name cannot forge a line of a grade.
    var shownSafely: String {
        var shown = ""
        for scalar in unicodeScalars {
            switch scalar.value {
            case 0x0A: shown += "\\n"
            case 0x0D: shown += "\\r"
            case 0x09: shown += "\\t"
            case 0x00..<0x20, 0x7F..<0xA0, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
                shown += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }
}

/// A folder's files and what the file system says of each (size, inode, the times of the last
/// write and the last change), hidden names left out: how kata notices, without reading them,
/// that files under a folder changed. `kata watch` takes one of a step's folder to see a save; a
/// grade takes one of the build folder around every run of learner code (`ctime` cannot be set back, as `mtime` can).
struct FolderStamps: Equatable {
    private let entries: [String: FileTree.Stamp]

    /// The files under `folder` (as `FileTree.walk` finds them) but those whose relative path
    /// `leftOut` says to leave out. Taken around every run of learner code, so each item is
    /// read once, in no order; `leftOut` is asked of folders too, and one it leaves out is not entered.
    /// `includingFolders` stamps folders too (as `path/`): a folder renamed away and back is then seen.
    init(of folder: URL, includingFolders: Bool = false, leavingOut leftOut: (String) -> Bool = { _ in false }) {
        var entries: [String: FileTree.Stamp] = [:]
        func visit(_ path: [UInt8], _ relative: String) {
            for bytes in FileTree.rawNames(in: path) where bytes.first != UInt8(ascii: ".") {
                let name = FileTree.utf8(bytes)
                let child = (relative.isEmpty ? "" : relative + "/") + (name ?? FileTree.escaped(bytes))
                let full = path + [UInt8(ascii: "/")] + bytes
                guard !leftOut(child), let (stamp, isFolder) = FileTree.stamped(full) else { continue }
                if !isFolder || includingFolders { entries[child + (isFolder ? "/" : "")] = stamp }
                if isFolder, name != nil { visit(full, child) }
            }
        }
        visit(Array(folder.path.utf8), "")
        self.entries = entries
    }

    /// When the newest of them was last written, in seconds since 1970; nil when there are none.
    var lastWrite: Double? { entries.values.map(\.modifiedSeconds).max() }

    /// The stamps in a few characters, to keep and compare later: equal digests, equal stamps.
    var digest: String {
        let text = entries.sorted { $0.key < $1.key }.map { path, stamp in
            "\(path)\0\(stamp.size) \(stamp.inode) \(stamp.modified) \(stamp.changed)\n"
        }.joined()
        return String(SHA256.hex(Array(text.utf8)).prefix(16))
    }

    /// The files added, removed or changed since `earlier`.
    func changes(since earlier: FolderStamps) -> [String] {
        Set(entries.keys).union(earlier.entries.keys).filter { entries[$0] != earlier.entries[$0] }.sorted()
    }
}

/// A folder's stamps taken again and again, each time compared with the time before.
struct FolderWatch {
    let take: () -> FolderStamps
    var last: FolderStamps? = nil

    /// The files added, removed or changed since the last look (none at the first).
    mutating func changes() -> [String] {
        let now = take()
        defer { last = now }
        return last.map { now.changes(since: $0) } ?? []
    }
}
