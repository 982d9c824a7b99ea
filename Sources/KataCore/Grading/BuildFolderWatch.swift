import Foundation

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
            let stamp = FileTree.stamp(of: folder.appendingPathComponent(entry.path).path)
            entries[entry.path] = stamp.map { [$0.size, $0.inode] + $0.changed } ?? []
        }
        self.entries = entries
    }

    /// The files added, removed or changed since `earlier`.
    func changes(since earlier: BuildFolderWatch) -> [String] {
        Set(entries.keys).union(earlier.entries.keys).filter { entries[$0] != earlier.entries[$0] }.sorted()
    }
}
