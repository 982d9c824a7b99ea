import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The build folder's files as the file system describes them: size, inode, and the time of
/// the last change to each (`ctime`, which no one can set back, as one can `mtime`). Taken
/// around every run of learner code: an object file or module rewritten by a run would be
/// linked, unseen, into the next build (the next learner's, in a class's grading folder).
struct BuildFolderWatch: Equatable {
    private let entries: [String: [Int]]

    /// Left out: what kata keeps and proves by other means (its kept products, under their
    /// ledger), its temporary folder, and the test program installed before each run.
    static let leftOut = ["kata-grading", "kata-tmp"]
    static let installedProduct = "VIPKataPackageTests.xctest"

    init(of folder: URL) {
        var entries: [String: [Int]] = [:]
        for entry in FileTree.walk(folder) where entry.kind != .folder {
            let parts = entry.path.split(separator: "/")
            if let first = parts.first, Self.leftOut.contains(String(first)) { continue }
            if parts.contains(where: { $0 == Self.installedProduct }) { continue }
            entries[entry.path] = Self.status(of: folder.appendingPathComponent(entry.path).path)
        }
        self.entries = entries
    }

    /// The files added, removed or changed since `earlier`.
    func changes(since earlier: BuildFolderWatch) -> [String] {
        Set(entries.keys).union(earlier.entries.keys).filter { entries[$0] != earlier.entries[$0] }.sorted()
    }

    private static func status(of path: String) -> [Int] {
        var info = stat()
        guard lstat(path, &info) == 0 else { return [] }
        #if canImport(Darwin)
            let changed = info.st_ctimespec
        #else
            let changed = info.st_ctim
        #endif
        return [Int(info.st_size), Int(info.st_ino), Int(changed.tv_sec), Int(changed.tv_nsec)]
    }
}
