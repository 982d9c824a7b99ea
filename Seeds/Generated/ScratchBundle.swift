import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A folder that one check fills with data files and then reads as a bundle (a plain folder
/// is one, on Linux and macOS alike), removed when the check lets it go.
///
/// Bundles remember what their folder held when first asked, so a check writes every file
/// first and only then uses `bundle`; it may rewrite a file's bytes afterwards, never add one.
/// Each run of checks keeps its folders under one of its own, named by its process; a run
/// that crashed cannot remove its own, so the next run removes the folders of runs that are over.
public final class ScratchBundle: @unchecked Sendable {
    public let folder: URL

    /// A new, empty folder; `label` names it after the check that uses it.
    public init(_ label: String) {
        folder = Self.runFolder.appendingPathComponent("\(label)-\(UUID().uuidString)", isDirectory: true)
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Writes a file of that name, replacing what it held. Not atomically: an atomic write
    /// goes through a temporary folder of its own, which Foundation on Linux leaves behind.
    public func write(_ bytes: [UInt8], as name: String) {
        try? Data(bytes).write(to: url(of: name))
    }

    /// A folder named like a data file: found by name, yet impossible to read as one.
    public func makeFolder(named name: String) {
        try? FileManager.default.createDirectory(at: url(of: name), withIntermediateDirectories: true)
    }

    public var bundle: Bundle {
        guard let bundle = Bundle(url: folder) else {
            preconditionFailure(
                "the checks could not make a bundle of \(folder.path): is the temporary folder writable?")
        }
        return bundle
    }

    /// Where a file of that name is, for a check that needs to see what the system says of it. A name is one file's,
    /// in this folder: one that would reach elsewhere (a separator, `..`) stops the check.
    public func url(of name: String) -> URL {
        precondition(
            !name.isEmpty && name != "." && name != ".." && !name.contains("/") && !name.contains("\\")
                && !name.contains("\0"),
            "a scratch bundle's file is named by one name in its folder, never a path: '\(name)'")
        return folder.appendingPathComponent(name, isDirectory: false)
    }

    /// This run's folder, once the folders of runs that are over are gone.
    private static let runFolder: URL = {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("kata-checks", isDirectory: true)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? [] {
            if let process = pid_t(name), process != getpid(), kill(process, 0) != 0, errno == ESRCH {
                try? FileManager.default.removeItem(at: parent.appendingPathComponent(name))
            }
        }
        return parent.appendingPathComponent("\(getpid())", isDirectory: true)
    }()
}
