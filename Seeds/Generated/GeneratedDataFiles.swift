import ScoopsAndScones

/// One file a check asks a bundle for, and what the bundle holds under that name.
public struct DataFileCase: Sendable, CustomStringConvertible {
    /// What is under the name: a menu written as JSON, bytes that are not JSON, JSON of another
    /// shape, a folder, or nothing at all.
    public enum Content: Sendable {
        case menu(IceCream)
        case notJSON
        case otherShape
        case folder
        case nothing
    }

    public let name: String
    public let content: Content
    /// How the file was written, or why the name finds nothing.
    public let how: String

    public init(name: String, content: Content, how: String) {
        self.name = name
        self.content = content
        self.how = how
    }

    public var description: String { "\(String(reflecting: name)), \(how)" }
}

/// Data files generated from a fixed seed, each written into a scratch bundle under a name of
/// its own: names with other extensions, capitals, dots and spaces, or none; menus laid out
/// every way JSON allows; files damaged in every way the step names.
public enum GeneratedDataFiles {
    /// `count` menu files, each under a generated name, written into `bundle`.
    public static func menus(count: Int = 300, seed: UInt64 = 0xF11E, into bundle: ScratchBundle) -> [DataFileCase] {
        var random = SeededRandom(seed: seed)
        return GeneratedMenus.all(count: count, seed: seed).map { menu in
            let file = MenuJSON.valid(menu.iceCream, random: &random)
            let name = fileName(menu.number, random: &random)
            bundle.write(file.bytes, as: name)
            return DataFileCase(name: name, content: .menu(menu.iceCream), how: "\(menu), \(file.how)")
        }
    }

    /// `count` files whose bytes are not JSON, each made from a generated menu.
    public static func notJSON(count: Int = 300, seed: UInt64 = 0xBAD, into bundle: ScratchBundle) -> [DataFileCase] {
        var random = SeededRandom(seed: seed)
        return GeneratedMenus.all(count: count, seed: seed).map { menu in
            let file = MenuJSON.notJSON(menu.iceCream, random: &random)
            let name = fileName(menu.number, random: &random)
            bundle.write(file.bytes, as: name)
            return DataFileCase(name: name, content: .notJSON, how: file.how)
        }
    }

    /// `count` files of valid JSON that is not shaped like a menu.
    public static func otherShapes(count: Int = 300, seed: UInt64 = 0x5A9E, into bundle: ScratchBundle)
        -> [DataFileCase]
    {
        var random = SeededRandom(seed: seed)
        return GeneratedMenus.all(count: count, seed: seed).map { menu in
            let file = MenuJSON.otherShape(menu.iceCream, random: &random)
            let name = fileName(menu.number, random: &random)
            bundle.write(file.bytes, as: name)
            return DataFileCase(name: name, content: .otherShape, how: file.how)
        }
    }

    /// Names `bundle` does not have, each close to one it does: its extension left out, one
    /// added, a space at either end, a letter missing, an underscore for a dash. None differs
    /// from a file it has by case alone, which some file systems do not tell apart.
    public static func missing(count: Int = 100, seed: UInt64 = 0x0FF, into bundle: ScratchBundle) -> [DataFileCase] {
        var random = SeededRandom(seed: seed)
        let names = (1...count).map { fileName($0, random: &random) }
        for name in names {
            bundle.write(Array("{\"cones\":[],\"flavors\":[],\"toppings\":[]}".utf8), as: name)
        }
        let taken = Set(names.map { $0.lowercased() })
        return names.map { name in
            let quoted = String(reflecting: name)
            let withoutExtension = name.lastIndex(of: ".").map { String(name[..<$0]) }
            let near: [(String, String)] = [
                (withoutExtension ?? "", "\(quoted) only, not without its extension"),
                (name + ".json", "\(quoted) only, not with .json added"),
                (name + " ", "\(quoted) only, not with a space after it"),
                (" " + name, "\(quoted) only, not with a space before it"),
                (String(name.dropLast()), "\(quoted) only, not with its last letter missing"),
                (String(name.dropFirst(2)), "\(quoted) only, not with its first two letters missing"),
                (name.replacingOccurrences(of: "-", with: "_"), "\(quoted) only, not with _ for -"),
            ].filter { !$0.0.isEmpty && !taken.contains($0.0.lowercased()) }
            let (asked, why) = random.pick(near)
            return DataFileCase(name: asked, content: .nothing, how: "the bundle has " + why)
        }
    }

    /// A name for a data file: dashes, spaces, capitals, dots inside, an extension other than
    /// .json or none. Every name ends in `number`'s digits before any extension, so none repeats.
    public static func fileName(_ number: Int, random: inout SeededRandom) -> String {
        let base = random.pick([
            "menu-\(number)", "Menu \(number)", "menu.v\(number)", "MENU_\(number)",
            "\(GeneratedNames.word(&random))-\(number)", "winter menu (\(number))",
        ])
        let ending = random.pick([".json", ".json", ".json", ".JSON", ".txt", ".menu", "", ".json.bak", ".data"])
        return base + ending
    }
}

/// A list of scoop sizes as a data file: every size known, or one size no case matches,
/// somewhere in valid JSON.
public struct ScoopSizesCase: Sendable, CustomStringConvertible {
    public let name: String
    /// The sizes as the file writes them.
    public let written: [String]
    /// The sizes, when every one is a `ScoopSize`.
    public let sizes: [ScoopSize]?
    /// The file holds the list itself (decoded as `[ScoopSize]`), not an object with `sizes` in it.
    public let bare: Bool

    public var description: String {
        "the file \(String(reflecting: name)), holding the sizes \(written)\(bare ? " as a bare list" : ""),"
    }

    /// `count` files of sizes, about half with one size no case matches (a capital, a space, a
    /// word of its own, nothing), written into `bundle`.
    public static func generated(count: Int = 200, seed: UInt64 = 0x512E, into bundle: ScratchBundle)
        -> [ScoopSizesCase]
    {
        var random = SeededRandom(seed: seed)
        let known = ["single", "double", "triple"]
        return (1...count).map { number in
            var written = (0..<random.number(in: 0...5)).map { _ in random.pick(known) }
            if random.chance(50) {
                let unknown = random.pick(["quadruple", "Single", "double ", "", "TRIPLE", "half", "single-ish"])
                written.insert(unknown, at: random.below(written.count + 1))
            }
            let name = GeneratedDataFiles.fileName(number, random: &random)
            let list = "[" + written.map { "\"\($0)\"" }.joined(separator: ",") + "]"
            // Half the files hold the list itself, so a size no case matches is one level down.
            let bare = random.chance(50)
            bundle.write(Array((bare ? list : "{\"sizes\":\(list)}").utf8), as: name)
            let sizes = written.map(ScoopSize.init(rawValue:))
            return ScoopSizesCase(
                name: name, written: written, sizes: sizes.contains(nil) ? nil : sizes.compactMap { $0 }, bare: bare)
        }
    }
}
