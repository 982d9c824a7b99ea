import Foundation

/// One file of a copy: where it is, how big, and a checksum of its bytes.
struct CopiedFile: Codable, Equatable {
    let path: String
    let size: Int
    let checksum: String
}

/// Why a copy could not be made, in words: the file and the system's reason.
struct CopyError: Error, CustomStringConvertible {
    let description: String

    /// It is told inside sentences that end it themselves: a system message's own full stop is dropped.
    init(_ description: String) {
        var description = description
        while description.hasSuffix(".") { description.removeLast() }
        self.description = description
    }

    static func system(_ action: String, _ path: String) -> CopyError {
        CopyError("could not \(action) \(path): \(String(cString: strerror(errno)))")
    }
}

/// Copies a step's files byte for byte, with a checksum of each, for backups that can be
/// proved whole before they are trusted.
///
/// A link inside the folder is kept as a link, with the same target, and listed as one: what it points to is not the
/// step's to keep, and may be anything (the whole disk); brought back, a relative link points where it did. Pipes,
/// sockets and devices hold no work and are left out: reading a pipe would wait for ever.
enum FolderCopy {
    static let chunkSize = 64 * 1024

    /// Copies `source` (a folder or a file; a link to either is followed, as a step's folder may be one) to
    /// `destination`, which must not exist. Returns every regular file and link copied, relative to `source`.
    /// Reads no more than `limit` bytes: a file that grows while it is copied cannot fill the disk.
    static func copy(_ source: URL, to destination: URL, limit: Int = .max) throws(CopyError) -> [CopiedFile] {
        var files: [CopiedFile] = []
        var room = limit
        try copyItem(source, to: destination, relativePath: "", depth: 0, files: &files, room: &room)
        try syncFolder(destination.deletingLastPathComponent())
        return files.sorted { $0.path < $1.path }
    }

    /// The files of `source` with their checksums, as `copy` would list them; with `checksums: false`, with their sizes
    /// only (and empty checksums), read from the folder alone, which is quick whatever the files hold.
    static func list(_ source: URL, checksums: Bool = true) throws(CopyError) -> [CopiedFile] {
        var files: [CopiedFile] = []
        var room = Int.max
        try copyItem(source, to: nil, relativePath: "", depth: 0, files: &files, room: &room, checksums: checksums)
        return files.sorted { $0.path < $1.path }
    }

    /// How a link is listed: no bytes, and where it points instead of a checksum.
    static func linkChecksum(to target: String) -> String { "link to " + target }

    private enum Kind {
        case folder, file, other
        case link(String)
    }

    /// What is at `url`; `following` a link, what it points to (a link that points nowhere stays a link).
    private static func kind(of url: URL, following: Bool) -> Kind {
        let manager = FileManager.default
        let target = try? manager.destinationOfSymbolicLink(atPath: url.path)
        if !following, let target { return .link(target) }
        var isFolder: ObjCBool = false
        // fileExists follows links: false for a link that points nowhere.
        if manager.fileExists(atPath: url.path, isDirectory: &isFolder) {
            if isFolder.boolValue { return .folder }
            let type = (try? manager.attributesOfItem(atPath: url.resolvingSymlinksInPath().path))?[.type]
            return type as? FileAttributeType == .typeRegular ? .file : .other
        }
        return target.map { .link($0) } ?? .other
    }

    private static func copyItem(
        _ source: URL, to destination: URL?, relativePath: String, depth: Int, files: inout [CopiedFile],
        room: inout Int, checksums: Bool = true
    ) throws(CopyError) {
        // Links can make a loop; no step's folder is this deep.
        guard depth < 64 else { throw CopyError("\(source.path) nests too deep (a link loop?)") }
        switch kind(of: source, following: depth == 0) {
        case .folder:
            if let destination {
                guard mkdir(destination.path, 0o755) == 0 else { throw .system("create", destination.path) }
            }
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: source.path)
            } catch {
                throw CopyError("could not read the folder \(source.path)")
            }
            for name in names.sorted() {
                try copyItem(
                    source.appendingPathComponent(name), to: destination?.appendingPathComponent(name),
                    relativePath: relativePath.isEmpty ? name : relativePath + "/" + name, depth: depth + 1,
                    files: &files, room: &room, checksums: checksums)
            }
            if let destination { try syncFolder(destination) }
        case .file where destination == nil && !checksums:
            let size = (try? FileManager.default.attributesOfItem(atPath: source.path))?[.size] as? Int
            files.append(CopiedFile(path: relativePath, size: size ?? 0, checksum: ""))
        case .file:
            let (size, checksum) = try copyFile(source, to: destination, room: &room)
            files.append(CopiedFile(path: relativePath, size: size, checksum: checksum))
        case .link(let target):
            if let destination {
                guard symlink(target, destination.path) == 0 else { throw .system("create", destination.path) }
            }
            if !relativePath.isEmpty {
                files.append(CopiedFile(path: relativePath, size: 0, checksum: linkChecksum(to: target)))
            }
        case .other:
            break
        }
    }

    /// Copies one file in chunks, hashing what it reads; only hashes without a destination.
    private static func copyFile(_ source: URL, to destination: URL?, room: inout Int) throws(CopyError) -> (
        Int, String
    ) {
        let input = open(source.path, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw .system("read", source.path) }
        defer { close(input) }
        var output: Int32 = -1
        if let destination {
            output = open(destination.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            guard output >= 0 else { throw .system("create", destination.path) }
        }
        defer { if output >= 0 { close(output) } }
        var hash = ContentHash()
        var buffer = [UInt8](repeating: 0, count: chunkSize)
        while true {
            // Kata is being stopped: give up at once rather than write into a folder being removed.
            if destination != nil, KataSignals.isStopping { throw CopyError("kata is stopping") }
            let count = try readChunk(input, into: &buffer, path: source.path)
            if count == 0 { break }
            room -= count
            if room < 0 { throw CopyError("\(source.path) grew past what the copy may hold while it was read") }
            buffer.withUnsafeBytes { hash.add(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
            if let destination {
                try writeAll(output, buffer[0..<count], path: destination.path)
            }
        }
        if let destination {
            // On disk before the backup is called complete: a power cut must not leave a
            // backup that looks whole and is not.
            guard fsync(output) == 0 else { throw .system("write", destination.path) }
            // The file's own permissions, read through the open file: a link's are always 0777.
            var status = stat()
            if fstat(input, &status) == 0 {
                _ = fchmod(output, status.st_mode & 0o7777)
            }
        }
        return (hash.size, hash.hex)
    }

    /// Fills `buffer` unless the file ends first, so chunks (and checksums) never depend
    /// on how the system split the reads.
    private static func readChunk(_ input: Int32, into buffer: inout [UInt8], path: String) throws(CopyError) -> Int {
        var filled = 0
        while filled < buffer.count {
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress! + filled, $0.count - filled) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw .system("read", path) }
            if count == 0 { break }
            filled += count
        }
        return filled
    }

    /// Writes every byte to `output`, going on after partial writes and interruptions.
    static func writeAll(_ output: Int32, _ bytes: ArraySlice<UInt8>, path: String) throws(CopyError) {
        var rest = bytes
        while !rest.isEmpty {
            let count = rest.withUnsafeBytes { write(output, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw .system("write", path) }
            rest = rest.dropFirst(count)
        }
    }

    /// Makes a folder's entries durable (new names in it, renames into it).
    static func syncFolder(_ folder: URL) throws(CopyError) {
        let descriptor = open(folder.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        _ = fsync(descriptor)
    }
}

/// A 64-bit checksum of a file's bytes, and its size: enough to tell a whole copy from a
/// cut or damaged one (it is no defence against someone forging a file on purpose). Bytes
/// are taken in FolderCopy's chunks, eight at a time, so it stays quick in a debug build.
struct ContentHash {
    private var state: UInt64 = 0xcbf2_9ce4_8422_2325
    private(set) var size = 0

    mutating func add(_ bytes: UnsafeRawBufferPointer) {
        let prime: UInt64 = 0x0000_0100_0000_01b3
        var index = 0
        while index + 8 <= bytes.count {
            state = (state ^ bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)) &* prime
            state ^= state >> 29
            index += 8
        }
        while index < bytes.count {
            state = (state ^ UInt64(bytes[index])) &* prime
            index += 1
        }
        size += bytes.count
    }

    var hex: String {
        let text = String(state, radix: 16)
        return String(repeating: "0", count: 16 - text.count) + text
    }

    /// The checksum of bytes held in memory, chunked as a file's would be.
    static func of(_ bytes: [UInt8]) -> ContentHash {
        var hash = ContentHash()
        bytes.withUnsafeBytes { all in
            var start = 0
            repeat {
                let end = min(start + FolderCopy.chunkSize, all.count)
                hash.add(UnsafeRawBufferPointer(rebasing: all[start..<end]))
                start = end
            } while start < all.count
        }
        return hash
    }
}
