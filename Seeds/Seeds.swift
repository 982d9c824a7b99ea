import Foundation
import ScoopsAndScones

/// The values the checks use, so that no test writes its fixtures as literals.
///
/// Each menu seed is also a file in `Seeds/Fixtures`, so a check can load it through
/// the learner's code and compare with the typed value here.
public enum Seeds {
    /// The bundle that holds the fixture files.
    public static var bundle: Bundle { .module }

    /// The menu the app ships with: equal to `Sources/ScoopsAndScones/Resources/icecream.json`.
    public static let iceCream = IceCream(
        cones: ["Sugar Cone", "Cake Cone", "Waffle Cone", "Cup"],
        flavors: ["Chocolate", "Strawberry", "Vanilla", "Pistachio", "Hazelnut"],
        toppings: ["Hot Fudge", "Sprinkles", "Mystery Sauce", "Chocolate Chips"]
    )

    /// Every menu the checks use, the app's own first, each as a file and as the value
    /// it decodes to. Their lists differ in length and content, so swapped or hard-coded
    /// lists show; the last ones reach the edges a real data file has.
    public static let menus: [MenuSeed] = [
        MenuSeed(name: "Scoops&Scones", bundle: .scoopsAndScones, file: "icecream.json", iceCream: iceCream),
        MenuSeed(
            name: "gelato bar",
            bundle: .module,
            file: "gelato.json",
            iceCream: IceCream(
                cones: ["Brioche", "Cialda", "Coppetta"],
                flavors: ["Stracciatella", "Fior di Latte", "Nocciola", "Limone", "Amarena", "Caffè"],
                toppings: ["Panna", "Granella"]
            )
        ),
        MenuSeed(
            name: "frozen yogurt shop",
            bundle: .module,
            file: "frozen-yogurt.json",
            iceCream: IceCream(
                cones: ["Paper Cup", "Waffle Bowl"],
                flavors: ["Plain Tart", "Mango", "Blueberry"],
                toppings: ["Granola", "Fresh Berries", "Honey", "Coconut Flakes", "Mochi"]
            )
        ),
        MenuSeed(
            name: "pop-up stand with no toppings",
            bundle: .module,
            file: "pop-up-stand.json",
            iceCream: IceCream(cones: ["Cup"], flavors: ["Vanilla"], toppings: [])
        ),
        // The same file name as the app's own menu, in another bundle: only the bundle
        // decode is called on (or the interactor's menuBundle) tells them apart.
        MenuSeed(
            name: "winter menu, also called icecream.json",
            bundle: .module,
            file: "icecream.json",
            iceCream: IceCream(
                cones: ["Pretzel Cone", "Waffle Cone", "Cup"],
                flavors: ["Gingerbread", "Eggnog", "Peppermint Bark", "Chestnut"],
                toppings: ["Candied Pecans", "Hot Fudge", "Cinnamon Dust"]
            )
        ),
        // A shop closed for the season. Named plainly: a failing check names every menu that
        // equals it so, and most of those are lists the learner's code left empty.
        MenuSeed(
            name: "empty",
            bundle: .module,
            file: "closed-for-the-season.json",
            iceCream: IceCream(cones: [], flavors: [], toppings: [])
        ),
        // Written by hand: a name twice, names beyond ASCII, stray spaces. All of it is
        // the menu as written, so nothing may be sorted, merged or trimmed on the way.
        MenuSeed(
            name: "chalkboard with repeats, accents and stray spaces",
            bundle: .module,
            file: "chalkboard.json",
            iceCream: IceCream(
                cones: ["Cup", "Waffle Cone", "Cup"],
                flavors: ["Crème brûlée", "抹茶 Matcha", "Açaí", "Rocky Road 🍫", "Dulce de leche"],
                toppings: ["Sprinkles ", "Hot Fudge", "Sprinkles", " Whipped Cream"]
            )
        ),
    ]

    /// How a failing check names a menu: the seed it equals ("the gelato bar menu"), or
    /// its lists when it equals none, so that a list of menus prints short and readable.
    public static func name(of menu: IceCream) -> String {
        if let seed = menus.first(where: { $0.iceCream == menu }) {
            return seed.description
        }
        return "a menu with cones \(menu.cones), flavors \(menu.flavors), toppings \(menu.toppings)"
    }

    /// The menus in files named `icecream.json`, as the app's own is: what code that
    /// writes that name in, instead of using the file it is given, would present.
    public static var menusInFilesNamedIceCreamJSON: [IceCream] {
        menus.filter { $0.file == menus[0].file }.map(\.iceCream)
    }

    /// Data files that cannot become a menu, grouped by what `decode` should say about them.
    public enum BrokenFiles {
        /// Names the bundle does not have: one no bundle has, and the app's own file
        /// asked of a bundle that lacks it (so decode may not look anywhere but `self`).
        public static let missing: [BrokenFileSeed] = [
            BrokenFileSeed(name: "a name no bundle has", bundle: .module, file: "no-such-menu.json"),
            BrokenFileSeed(
                name: "the app's file name, asked of a bundle without it", bundle: scratchBundle,
                file: "icecream.json"),
        ]

        /// Found in the bundle, yet it cannot be read: a folder named like a data file.
        public static let unreadable: [BrokenFileSeed] = [
            BrokenFileSeed(name: "a folder named like a file", bundle: scratchBundle, file: unreadableFile)
        ]

        /// Files whose bytes are not JSON at all.
        public static let notJSON: [BrokenFileSeed] = [
            BrokenFileSeed(name: "cut off in the middle", bundle: .module, file: "malformed-menu.json"),
            BrokenFileSeed(
                name: "braces that close, a comma missing inside", bundle: .module, file: "missing-comma-menu.json"),
            BrokenFileSeed(name: "saved as Latin-1, not UTF-8", bundle: .module, file: "latin1-menu.json"),
            BrokenFileSeed(name: "empty", bundle: .module, file: "empty-menu.json"),
        ]

        /// Valid JSON that is not shaped like a menu.
        public static let wrongShape: [BrokenFileSeed] = [
            BrokenFileSeed(
                name: "a string for cones, flavours misspelt", bundle: .module, file: "wrong-shape-menu.json"),
            BrokenFileSeed(name: "a list of menus, not a menu", bundle: .module, file: "list-of-menus.json"),
            BrokenFileSeed(name: "null where the toppings go", bundle: .module, file: "no-toppings-value-menu.json"),
        ]

        /// Every file above: none of them holds a menu.
        public static var all: [BrokenFileSeed] { missing + unreadable + notJSON + wrongShape }

        /// Valid JSON in which one value deep inside is not one the type allows: a
        /// `ScoopSizes` whose third size is "quadruple".
        public static let unknownScoopSize = BrokenFileSeed(
            name: "a size no case matches", bundle: .module, file: "unknown-scoop-size.json")
    }

    /// The name of the folder in `scratchBundle` that poses as a data file.
    static let unreadableFile = "unreadable-menu.json"

    /// A bundle made when the checks run, in a temporary folder: it holds a folder named
    /// `unreadable-menu.json` and nothing else. Git cannot keep an empty folder and SwiftPM
    /// flattens folders of resources, so the checks make it; a plain folder is a bundle,
    /// and reading a folder as data fails, on Linux and macOS alike. The folder is the same
    /// for every run (made again if missing, never removed), so a crashed run leaves
    /// nothing new behind.
    static let scratchBundle: Bundle = {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("kata-seeds-\(ProcessInfo.processInfo.userName)", isDirectory: true)
        try? FileManager.default.createDirectory(
            at: folder.appendingPathComponent(unreadableFile, isDirectory: true), withIntermediateDirectories: true)
        return Bundle(url: folder) ?? .module
    }()
}

/// A menu seed: a data file, the bundle that holds it, and the menu it holds.
public struct MenuSeed: Sendable, CustomStringConvertible {
    public let name: String
    public let bundle: Bundle
    public let file: String
    public let iceCream: IceCream

    /// How a parameterized check names this seed in its report.
    public var description: String { "the \(name) menu" }
}

/// A data file that holds no menu: where it is, and what is wrong with it.
public struct BrokenFileSeed: Sendable, CustomStringConvertible {
    public let name: String
    public let bundle: Bundle
    public let file: String

    /// How a parameterized check names this seed in its report.
    public var description: String { "\(file) (\(name))" }
}

/// The sizes a scoop comes in: a type of the checks' own, to decode a file with a value
/// that no case matches.
public enum ScoopSize: String, Decodable, Sendable {
    case single, double, triple
}

/// What `unknown-scoop-size.json` would hold if all its sizes were known.
public struct ScoopSizes: Decodable, Sendable {
    public var sizes: [ScoopSize]
}
