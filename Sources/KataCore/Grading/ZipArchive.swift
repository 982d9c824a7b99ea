import Foundation

/// A zip archive of files, stored without compression (the method every unzip reads), with each file's Unix mode kept,
/// so a script packed executable unpacks executable. Enough for Gradescope's autograder zip; no package needed.
enum ZipArchive {
    struct Entry {
        let path: String
        let data: Data
        let executable: Bool
    }

    static func archive(_ entries: [Entry]) -> Data {
        var body = Data()
        var directory = Data()
        for entry in entries {
            let name = Data(entry.path.utf8)
            let size = le32(UInt32(entry.data.count))
            let offset = le32(UInt32(body.count))
            // What the local header and the central directory both say, in this order: the version needed (2.0), the
            // flags (names are UTF-8), the method (stored), the time, the date (1980-01-01), the checksum, both sizes
            // (stored: the same), the name's length, and no extra field.
            let shared = [
                le16(20), le16(0x0800), le16(0), le16(0), le16(0x21), le32(crc32(entry.data)), size, size,
                le16(UInt16(name.count)), le16(0),
            ]
            body += fields([le32(0x0403_4B50)] + shared + [name, entry.data])
            // The directory's entry says who made it (Unix, 2.0) before what both say, and after
            // it: no comment, disk 0, no internal attributes, the Unix mode, where the header is.
            let mode: UInt32 = entry.executable ? 0o100755 : 0o100644
            let after = [le16(0), le16(0), le16(0), le32(mode << 16), offset, name]
            directory += fields([le32(0x0201_4B50), le16(0x0314)] + shared + after)
        }
        // The end of the central directory: disk 0 of one, the entries on it and in all, the
        // directory's size and offset, and no comment.
        let count = le16(UInt16(entries.count))
        return body + directory
            + fields([
                le32(0x0605_4B50), le16(0), le16(0), count, count, le32(UInt32(directory.count)),
                le32(UInt32(body.count)), le16(0),
            ])
    }

    /// The entries of an archive this type wrote (stored files only): path, bytes, mode.
    static func entries(in data: Data) -> [(path: String, data: Data, mode: UInt32)] {
        let bytes = [UInt8](data)
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        func u32(_ at: Int) -> UInt32 {
            UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
        }
        guard bytes.count >= 22, u32(bytes.count - 22) == 0x0605_4B50 else { return [] }
        var at = Int(u32(bytes.count - 22 + 16))
        var found: [(String, Data, UInt32)] = []
        for _ in 0..<u16(bytes.count - 22 + 10) {
            guard at + 46 <= bytes.count, u32(at) == 0x0201_4B50 else { return found }
            let size = Int(u32(at + 20))
            let nameLength = u16(at + 28)
            let skip = nameLength + u16(at + 30) + u16(at + 32)
            let mode = u32(at + 38) >> 16
            let local = Int(u32(at + 42))
            let name = String(decoding: bytes[(at + 46)..<(at + 46 + nameLength)], as: UTF8.self)
            let start = local + 30 + u16(local + 26) + u16(local + 28)
            found.append((name, Data(bytes[start..<(start + size)]), mode))
            at += 46 + skip
        }
        return found
    }

    static func crc32(_ data: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    private static func fields(_ parts: [Data]) -> Data { Data(parts.joined()) }
    private static func le16(_ value: UInt16) -> Data { Data([UInt8(value & 0xFF), UInt8(value >> 8)]) }
    private static func le32(_ value: UInt32) -> Data {
        Data((0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) })
    }
}
