import Foundation

/// A zip archive of files, stored without compression (the method every unzip reads), with
/// each file's Unix mode kept, so a script packed executable unpacks executable. Enough for
/// Gradescope's autograder zip; no package needed.
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
            let name = Array(entry.path.utf8)
            let crc = crc32(entry.data)
            let offset = UInt32(body.count)
            var local = Data()
            local.append(le32(0x0403_4B50))
            local.append(le16(20))  // version needed: 2.0
            local.append(le16(0x0800))  // names are UTF-8
            local.append(le16(0))  // stored
            local.append(le16(0))  // time
            local.append(le16(0x21))  // date: 1980-01-01
            local.append(le32(crc))
            local.append(le32(UInt32(entry.data.count)))
            local.append(le32(UInt32(entry.data.count)))
            local.append(le16(UInt16(name.count)))
            local.append(le16(0))
            local.append(contentsOf: name)
            body.append(local)
            body.append(entry.data)

            let mode: UInt32 = entry.executable ? 0o100755 : 0o100644
            directory.append(le32(0x0201_4B50))
            directory.append(le16(0x0314))  // made by: Unix, 2.0
            directory.append(le16(20))
            directory.append(le16(0x0800))
            directory.append(le16(0))
            directory.append(le16(0))
            directory.append(le16(0x21))
            directory.append(le32(crc))
            directory.append(le32(UInt32(entry.data.count)))
            directory.append(le32(UInt32(entry.data.count)))
            directory.append(le16(UInt16(name.count)))
            directory.append(le16(0))  // extra
            directory.append(le16(0))  // comment
            directory.append(le16(0))  // disk
            directory.append(le16(0))  // internal attributes
            directory.append(le32(mode << 16))
            directory.append(le32(offset))
            directory.append(contentsOf: name)
        }
        var end = Data()
        end.append(le32(0x0605_4B50))
        end.append(le16(0))
        end.append(le16(0))
        end.append(le16(UInt16(entries.count)))
        end.append(le16(UInt16(entries.count)))
        end.append(le32(UInt32(directory.count)))
        end.append(le32(UInt32(body.count)))
        end.append(le16(0))
        return body + directory + end
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

    private static func le16(_ value: UInt16) -> Data { Data([UInt8(value & 0xFF), UInt8(value >> 8)]) }
    private static func le32(_ value: UInt32) -> Data {
        Data((0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) })
    }
}
