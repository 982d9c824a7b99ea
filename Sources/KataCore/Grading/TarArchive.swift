import Foundation

/// The regular files of a tar archive, as `git archive` writes one (ustar, with pax headers for long names), by path,
/// byte for byte. Links, folders and anything else are left out: a kit read from git is its regular files only.
enum TarArchive {
    static func regularFiles(in bytes: [UInt8]) -> [String: Data] {
        var files: [String: Data] = [:]
        var offset = 0
        var longName: String?
        while offset + 512 <= bytes.count {
            let header = bytes[offset..<(offset + 512)]
            if header.allSatisfy({ $0 == 0 }) { break }
            let size = octal(header, at: 124, length: 12)
            let type = header[offset + 156]
            let bodyStart = offset + 512
            guard size >= 0, bodyStart + size <= bytes.count else { break }
            let body = bytes[bodyStart..<(bodyStart + size)]
            switch type {
            case UInt8(ascii: "x"):
                longName = paxPath(in: body)
            case UInt8(ascii: "0"), 0:
                let prefix = text(header, at: 345, length: 155)
                let name = text(header, at: 0, length: 100)
                files[longName ?? (prefix.isEmpty ? name : prefix + "/" + name)] = Data(body)
                longName = nil
            default:
                longName = nil
            }
            offset = bodyStart + (size + 511) / 512 * 512
        }
        return files
    }

    private static func text(_ header: ArraySlice<UInt8>, at field: Int, length: Int) -> String {
        let start = header.startIndex + field
        return String(decoding: header[start..<(start + length)].prefix { $0 != 0 }, as: UTF8.self)
    }

    private static func octal(_ header: ArraySlice<UInt8>, at field: Int, length: Int) -> Int {
        return Int(text(header, at: field, length: length).trimmingCharacters(in: .whitespaces), radix: 8) ?? -1
    }

    /// The `path` record of a pax header: `30 path=Sources/A/very/long/name\n`.
    private static func paxPath(in body: ArraySlice<UInt8>) -> String? {
        var index = body.startIndex
        while index < body.endIndex {
            guard let space = body[index...].firstIndex(of: UInt8(ascii: " ")),
                let length = Int(String(decoding: body[index..<space], as: UTF8.self)), length > 0,
                index + length <= body.endIndex
            else { return nil }
            let record = body[(space + 1)..<(index + length - 1)]
            if let equals = record.firstIndex(of: UInt8(ascii: "=")),
                String(decoding: record[record.startIndex..<equals], as: UTF8.self) == "path"
            {
                return String(decoding: record[(equals + 1)...], as: UTF8.self)
            }
            index += length
        }
        return nil
    }
}
