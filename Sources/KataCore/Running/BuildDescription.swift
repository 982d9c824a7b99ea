import Foundation

/// What a build planned, as the build system left it in its folder: the compiler command of each Swift module, with
/// every argument. The review type-checks a learner's module with these arguments, so that it reads what was built.
///
/// The native build system writes its plan as llbuild's manifest (`debug.yaml` at the top of the build folder); Swift
/// Build keeps its build description in `…/XCBuildData/<id>.xcbuilddata/`, with each task's command line in a
/// MessagePack file. Neither is a documented interface, so both are read for the one thing kata needs (a list of
/// strings that compiles `-module-name M`) and nothing of their layout besides.
enum BuildDescription {
    /// The arguments of the command that compiled `module` in the newest plan under `scratchFolder`, the compiler
    /// first; nil when no plan there compiles it.
    static func compilerArguments(of module: String, in scratchFolder: URL) -> [String]? {
        for plan in plans(in: scratchFolder) {
            if let arguments = compilerArguments(of: module, inPlan: plan) { return arguments }
        }
        return nil
    }

    /// The plans a build left, newest first: llbuild manifests at the top of the folder, and Swift Build's
    /// descriptions a few folders down.
    static func plans(in scratchFolder: URL) -> [URL] {
        let manager = FileManager.default
        var found: [URL] = []
        let top = (try? manager.contentsOfDirectory(atPath: scratchFolder.path)) ?? []
        found += top.filter { $0.hasSuffix(".yaml") }.map { scratchFolder.appendingPathComponent($0) }
        // Swift Build: <scratch>/<products>/Intermediates.noindex/XCBuildData/<id>.xcbuilddata/*.msgpack.
        var folders = [scratchFolder]
        for _ in 0..<4 {
            var next: [URL] = []
            for folder in folders {
                for name in (try? manager.contentsOfDirectory(atPath: folder.path)) ?? []
                where FileTree.kind(at: folder.appendingPathComponent(name)) == .folder {
                    let inside = folder.appendingPathComponent(name)
                    if name.hasSuffix(".xcbuilddata") {
                        let files = (try? manager.contentsOfDirectory(atPath: inside.path)) ?? []
                        found += files.filter { $0.hasSuffix(".msgpack") }.sorted().map(inside.appendingPathComponent)
                    } else if !name.hasPrefix("."), name != "kata-grading", name != "checkouts",
                        !name.hasSuffix(".build"),
                        !name.hasSuffix(".swiftmodule"), !name.hasSuffix(".bundle"), !name.hasSuffix(".resources"),
                        !name.hasPrefix("ModuleCache")
                    {
                        next.append(inside)
                    }
                }
            }
            folders = next
        }
        return found.sorted { modified($0) > modified($1) }
    }

    private static func modified(_ url: URL) -> Int { FileTree.stamp(of: url.path)?.modified ?? 0 }

    static func compilerArguments(of module: String, inPlan plan: URL) -> [String]? {
        guard let data = try? Data(contentsOf: plan) else { return nil }
        if plan.pathExtension == "yaml" {
            return compilerArguments(of: module, inManifest: String(decoding: data, as: UTF8.self))
        }
        return compilerArguments(of: module, inTasks: Array(data))
    }

    /// From llbuild's manifest: the `args:` of the command described as compiling the module.
    static func compilerArguments(of module: String, inManifest plan: String) -> [String]? {
        var compilesModule = false
        for line in plan.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("description:") {
                compilesModule = trimmed.contains("\"Compiling Swift Module '\(module)'")
            } else if compilesModule, trimmed.hasPrefix("args:") {
                // The list is JSON: an array of strings.
                let list = trimmed.dropFirst("args:".count)
                return (try? JSONSerialization.jsonObject(with: Data(list.utf8))) as? [String]
            }
        }
        return nil
    }

    /// From Swift Build's tasks: a command line (a list of strings) that runs the Swift compiler with `-module-name`
    /// `module` and compiles (`-c`); Swift Build starts it through its own driver task, `builtin-… -- swiftc …`.
    static func compilerArguments(of module: String, inTasks bytes: [UInt8]) -> [String]? {
        var found: [String]?
        MessagePack.forEachStringList(in: bytes) { list in
            guard found == nil, let index = list.firstIndex(of: "-module-name"), index + 1 < list.count,
                list[index + 1] == module, list.contains("-c")
            else { return }
            let command = list.firstIndex(of: "--").map { Array(list[($0 + 1)...]) } ?? list
            guard let compiler = command.first, compiler.hasSuffix("swiftc") || compiler.hasSuffix("swiftc.exe") else {
                return
            }
            found = command
        }
        return found
    }
}

/// Just enough of MessagePack (msgpack.org) to find the lists of strings in a file: every value is walked, and each
/// array whose elements are all strings (str or bin) is handed over.
enum MessagePack {
    static func forEachStringList(in bytes: [UInt8], _ visit: ([String]) -> Void) {
        var reader = Reader(bytes: bytes)
        while reader.offset < bytes.count {
            guard reader.skipValue(visit) != nil else { return }
        }
    }

    private struct Reader {
        let bytes: [UInt8]
        var offset = 0

        mutating func byte() -> UInt8? {
            guard offset < bytes.count else { return nil }
            defer { offset += 1 }
            return bytes[offset]
        }

        mutating func number(_ size: Int) -> Int? {
            guard size <= 8, offset + size <= bytes.count else { return nil }
            var value: UInt64 = 0
            for _ in 0..<size {
                value = value << 8 | UInt64(bytes[offset])
                offset += 1
            }
            return value > UInt64(Int.max) ? nil : Int(value)
        }

        mutating func text(_ count: Int) -> String? {
            guard count >= 0, offset + count <= bytes.count else { return nil }
            defer { offset += count }
            return String(decoding: bytes[offset..<(offset + count)], as: UTF8.self)
        }

        mutating func skip(_ count: Int) -> Bool {
            guard count >= 0, offset + count <= bytes.count else { return false }
            offset += count
            return true
        }

        /// Reads one value; returns it when it is a string, an empty marker otherwise, nil when the bytes end early.
        mutating func skipValue(_ visit: ([String]) -> Void) -> Value? {
            guard let first = byte() else { return nil }
            switch first {
            case 0x00...0x7f, 0xe0...0xff, 0xc0, 0xc2, 0xc3: return .other
            case 0xa0...0xbf: return text(Int(first & 0x1f)).map(Value.string)
            case 0xd9, 0xc4: return number(1).flatMap { text($0) }.map(Value.string)
            case 0xda, 0xc5: return number(2).flatMap { text($0) }.map(Value.string)
            case 0xdb, 0xc6: return number(4).flatMap { text($0) }.map(Value.string)
            case 0xcc, 0xd0: return skip(1) ? .other : nil
            case 0xcd, 0xd1: return skip(2) ? .other : nil
            case 0xca, 0xce, 0xd2: return skip(4) ? .other : nil
            case 0xcb, 0xcf, 0xd3: return skip(8) ? .other : nil
            case 0xd4: return skip(2) ? .other : nil
            case 0xd5: return skip(3) ? .other : nil
            case 0xd6: return skip(5) ? .other : nil
            case 0xd7: return skip(9) ? .other : nil
            case 0xd8: return skip(17) ? .other : nil
            case 0xc7: return number(1).map { skip($0 + 1) } == true ? .other : nil
            case 0xc8: return number(2).map { skip($0 + 1) } == true ? .other : nil
            case 0xc9: return number(4).map { skip($0 + 1) } == true ? .other : nil
            case 0x90...0x9f: return array(Int(first & 0x0f), visit)
            case 0xdc: return number(2).flatMap { array($0, visit) }
            case 0xdd: return number(4).flatMap { array($0, visit) }
            case 0x80...0x8f: return map(Int(first & 0x0f), visit)
            case 0xde: return number(2).flatMap { map($0, visit) }
            case 0xdf: return number(4).flatMap { map($0, visit) }
            default: return nil
            }
        }

        private mutating func array(_ count: Int, _ visit: ([String]) -> Void) -> Value? {
            var strings: [String] = []
            var allStrings = true
            for _ in 0..<count {
                guard let value = skipValue(visit) else { return nil }
                if case .string(let string) = value { strings.append(string) } else { allStrings = false }
            }
            if allStrings, count > 0 { visit(strings) }
            return .other
        }

        private mutating func map(_ count: Int, _ visit: ([String]) -> Void) -> Value? {
            for _ in 0..<(count * 2) {
                guard skipValue(visit) != nil else { return nil }
            }
            return .other
        }
    }

    private enum Value {
        case string(String)
        case other
    }
}
