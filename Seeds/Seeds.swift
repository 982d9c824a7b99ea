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
    /// lists show.
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
    ]

    /// Data files that cannot become a menu, for the error checks.
    public enum BrokenFiles {
        /// A name no bundle has.
        public static let missing = "no-such-menu.json"
        /// A file cut off in the middle: not JSON at all.
        public static let malformed = "malformed-menu.json"
        /// Valid JSON, but not shaped like a menu: a string for `cones`, `flavours` misspelt.
        public static let wrongShape = "wrong-shape-menu.json"
    }
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
