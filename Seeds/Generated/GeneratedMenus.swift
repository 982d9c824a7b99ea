import ScoopsAndScones

/// A menu made up for a check: its number (to find it again) and what its lists are like.
public struct GeneratedMenu: Sendable, CustomStringConvertible {
    public let number: Int
    public let iceCream: IceCream
    /// What sets its lists apart: "lists that look alike", "every list empty", …
    public let shape: String

    public var description: String { "generated menu #\(number) (\(shape))" }
}

/// Menus generated from a fixed seed: hundreds of them, each different, and together reaching
/// what a data file's lists can be (empty, repeated, alike, long, names at their edges).
public enum GeneratedMenus {
    public static func all(count: Int = 300, seed: UInt64 = 0x5C00_95) -> [GeneratedMenu] {
        var random = SeededRandom(seed: seed)
        return (1...count).map { number in make(number: number, random: &random) }
    }

    private static func make(number: Int, random: inout SeededRandom) -> GeneratedMenu {
        func lists(_ shape: String, _ cones: [String], _ flavors: [String], _ toppings: [String]) -> GeneratedMenu {
            GeneratedMenu(
                number: number, iceCream: IceCream(cones: cones, flavors: flavors, toppings: toppings), shape: shape)
        }
        let cones = GeneratedNames.list(&random)
        let flavors = GeneratedNames.list(&random)
        let toppings = GeneratedNames.list(&random)
        switch random.below(10) {
        case 0:
            return lists("every list empty", [], [], [])
        case 1:
            let shared = cones.isEmpty ? [GeneratedNames.word(&random)] : cones
            return lists("the same names in every list", shared, shared, shared)
        case 2:
            let base = cones + [GeneratedNames.word(&random)]
            var changed = base
            changed[random.below(changed.count)] = GeneratedNames.word(&random)
            return lists("lists alike but for one name", base, changed, base.reversed())
        case 3:
            let name = GeneratedNames.word(&random)
            let variants = [name, name + " ", " " + name, name.lowercased(), name.uppercased(), name]
            return lists("names that differ only in case or spaces", random.shuffled(variants), flavors, variants)
        case 4:
            let long = (0..<random.number(in: 20...40)).map { _ in GeneratedNames.name(&random) }
            return lists("one long list", cones, long, toppings)
        case 5:
            return lists("one list empty", cones, [], toppings.isEmpty ? [GeneratedNames.word(&random)] : toppings)
        case 6:
            return lists(
                "names at the edges", random.shuffled(GeneratedNames.edges).prefix(5).map { $0 }, flavors,
                random.shuffled(GeneratedNames.edges).prefix(4).map { $0 })
        default:
            return lists("three lists of their own", cones, flavors, toppings)
        }
    }
}
