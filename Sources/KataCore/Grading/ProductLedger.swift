import Foundation

/// What kata knows of the files it keeps for later grades (each step's built checks, and the
/// review of the code they were built from): the digest each had when kata wrote it.
///
/// Learner code runs as the same user as kata, so it could rewrite a kept product, and the next
/// grade that reuses it (the next learner's, when a class shares a grading folder) would run
/// that. So a kept file is trusted only while its digest is the one recorded; the record is
/// checked before every reuse and again after every run of learner code, and a file that changed
/// is removed (and rebuilt when next needed) and named.
struct ProductLedger {
    let folder: URL
    /// Digest by file name, as kata wrote them.
    private(set) var digests: [String: String]
    /// The files proved by their digest since load, by the stamp each had then: not read again while they keep it
    /// (a grade checks every kept file after each run). Only a stamp whose `ctime` (which only the system sets) is
    /// `settled` old counts, so that any later write changes it, even where a file system keeps whole seconds.
    private(set) var proved: [String: FileTree.Stamp] = [:]
    var settled: Duration = .seconds(3)

    static let fileName = "ledger.json"

    static func load(in folder: URL) -> ProductLedger {
        let data = try? Data(contentsOf: folder.appendingPathComponent(fileName))
        let digests = data.flatMap { try? JSONDecoder().decode([String: String].self, from: $0) } ?? [:]
        return ProductLedger(folder: folder, digests: digests)
    }

    /// Records the files as they are now.
    mutating func record(_ urls: [URL]) {
        let found = FileDigest.sha256(of: urls)
        for url in urls {
            digests[url.lastPathComponent] = found[url]
            proved[url.lastPathComponent] = nil
        }
        save()
    }

    /// Whether every one of the files is there, recorded, and as recorded.
    func holds(_ urls: [URL]) -> Bool {
        let found = FileDigest.sha256(of: urls)
        return urls.allSatisfy { url in
            guard let recorded = digests[url.lastPathComponent] else { return false }
            return found[url] == recorded
        }
    }

    /// Each file's digest as it is now: the recorded one for a file proved with the stamp it still
    /// has, read for every other; one the digest proves is remembered, when its stamp is settled.
    private mutating func currentDigests(of urls: [URL]) -> [URL: String] {
        let limit = Int((Date().timeIntervalSince1970 - Double(settled.components.seconds)) * 1e9)
        var current = Dictionary(
            uniqueKeysWithValues: urls.compactMap { url in digests[url.lastPathComponent].map { (url, $0) } })
        let unproved = urls.filter { !isProved($0) }
        let stamps = unproved.map { url in FileTree.kind(at: url) == .file ? FileTree.stamp(of: url.path) : nil }
        let found = FileDigest.sha256(of: unproved)
        for (url, stamp) in zip(unproved, stamps) {
            current[url] = found[url]
            let holds = found[url] != nil && found[url] == digests[url.lastPathComponent]
            proved[url.lastPathComponent] = holds && (stamp?.changed ?? .max) <= limit ? stamp : nil
        }
        return current
    }

    private func isProved(_ url: URL) -> Bool {
        guard let stamp = proved[url.lastPathComponent] else { return false }
        return FileTree.stamp(of: url.path) == stamp
    }

    /// The kept files that changed since kata recorded them, or that kata never recorded (put
    /// there while learner code ran); they are removed and named, so no later grade uses them.
    /// A recorded file that is gone is only forgotten: kata prunes old products itself, and a
    /// missing one is rebuilt. The ledger on disk is then written again from what kata holds,
    /// so a ledger file rewritten meanwhile vouches for nothing.
    mutating func removeChanged() -> [String] {
        let names = digests.keys.sorted()
        let urls = names.map { folder.appendingPathComponent($0) }
        let found = currentDigests(of: urls)
        var changed: [String] = []
        for (name, url) in zip(names, urls) where found[url] != digests[name] {
            digests[name] = nil
            guard FileTree.kind(at: url) != nil else { continue }
            changed.append(name)
            try? FileManager.default.removeItem(at: url)
        }
        for name in unrecorded() {
            changed.append(name)
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
        save()
        return changed
    }

    /// Removes kept files the ledger does not vouch for, before any learner code runs (a grade
    /// cut short between keeping a product and recording it leaves one): not a finding.
    func removeUnrecorded() {
        for name in unrecorded() {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }

    /// Kept files here (products and their reviews) the ledger does not vouch for, sorted.
    private func unrecorded() -> [String] {
        let present = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return present.filter { digests[$0] == nil && Self.isKept($0) }.sorted()
    }

    /// What kata keeps here and records: built products and their reviews.
    static func isKept(_ name: String) -> Bool {
        StepBinaries.isKeptProduct(name) || (!name.hasPrefix(".") && name.hasSuffix(".review.json"))
    }

    /// Forgets files kata removed itself.
    mutating func forget(_ urls: [URL]) {
        for url in urls {
            digests[url.lastPathComponent] = nil
            proved[url.lastPathComponent] = nil
        }
        save()
    }

    private func save() {
        guard let data = try? JSONEncoder().encode(digests) else { return }
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? data.write(to: folder.appendingPathComponent(Self.fileName), options: .atomic)
    }
}

/// SHA-256 digests of files, by the system's own tool (`sha256sum` on Linux, `shasum -a 256` on
/// macOS): products run to megabytes, which the runner's own digest, built without optimisation,
/// would take seconds to read. A bundle (a folder) is digested as the list of its files' digests.
enum FileDigest {
    static func sha256(of urls: [URL]) -> [URL: String] {
        var files: [(url: URL, parts: [String])] = []
        for url in urls {
            switch FileTree.kind(at: url) {
            case .file:
                files.append((url, [url.path]))
            case .folder:
                let inside = FileTree.walk(url).filter { $0.kind == .file }.map {
                    url.appendingPathComponent($0.path).path
                }
                files.append((url, inside.sorted()))
            default:
                continue
            }
        }
        let paths = files.flatMap(\.parts)
        guard !paths.isEmpty else { return [:] }
        #if os(Linux)
            let command = Command("sha256sum", ["--"] + paths, outputLimit: 4 * 1024 * 1024)
        #else
            let command = Command("/usr/bin/shasum", ["-a", "256", "--"] + paths, outputLimit: 4 * 1024 * 1024)
        #endif
        let result = Subprocess.run(command)
        guard result.succeeded else { return [:] }
        var byPath: [String: String] = [:]
        for line in result.output.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1)
            guard parts.count == 2 else { continue }
            byPath[String(parts[1].drop { $0 == " " || $0 == "*" })] = String(parts[0])
        }
        var digests: [URL: String] = [:]
        for file in files {
            let parts = file.parts.map { byPath[$0] }
            guard !parts.contains(nil) else { continue }
            digests[file.url] = parts.compactMap { $0 }.joined(separator: ",")
        }
        return digests
    }
}
