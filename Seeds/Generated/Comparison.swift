import ScoopsAndScones

/// What a type's own `==` says of two values, when the type has one: checks compare the
/// fields they read themselves, and only use this to see whether a hand-written `==` agrees.
public func ownEquality(_ first: Any, _ second: Any) -> Bool? {
    guard let first = first as? any Equatable else { return nil }
    return first.isEqual(to: second)
}

extension Equatable {
    fileprivate func isEqual(to other: Any) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}

/// Two menus, and whether their lists are the same, name for name and in order.
public struct MenuPair: Sendable, CustomStringConvertible {
    public let first: IceCream
    public let second: IceCream
    /// How the second was made from the first: "a copy", "toppings with one more name", …
    public let how: String

    public var sameLists: Bool {
        first.cones == second.cones && first.flavors == second.flavors && first.toppings == second.toppings
    }

    public var description: String { "\(Seeds.name(of: first)) and \(how)" }

    /// Pairs made from generated menus: copies, and near copies that differ in one list only,
    /// by a name, its order, a repeat, a space or a capital.
    public static func generated(count: Int = 300, seed: UInt64 = 0xC0DE) -> [MenuPair] {
        var random = SeededRandom(seed: seed)
        return GeneratedMenus.all(count: count, seed: seed).map { generated in
            let menu = generated.iceCream
            var other = menu
            var how = "a copy of it"
            let list = random.pick([\IceCream.cones, \IceCream.flavors, \IceCream.toppings])
            let listName = list == \IceCream.cones ? "cones" : list == \IceCream.flavors ? "flavors" : "toppings"
            var names = menu[keyPath: list]
            switch random.below(7) {
            case 0:
                break
            case 1:
                names.append(GeneratedNames.word(&random))
                how = "the same but for one more name in its \(listName)"
            case 2 where names.count > 1 && names.reversed() != names:
                names.reverse()
                how = "the same but for its \(listName) in reverse order"
            case 3 where !names.isEmpty:
                names.append(names[0])
                how = "the same but for a name repeated in its \(listName)"
            case 4 where !names.isEmpty:
                names[0] += " "
                how = "the same but for a space after a name in its \(listName)"
            case 5 where names.contains(where: { $0.uppercased() != $0 }):
                let index = names.firstIndex { $0.uppercased() != $0 } ?? 0
                names[index] = names[index].uppercased()
                how = "the same but for a name in capitals in its \(listName)"
            default:
                names = []
                how = names == menu[keyPath: list] ? "a copy of it" : "the same but with no \(listName)"
            }
            other[keyPath: list] = names
            if how != "a copy of it", other == menu { how = "a copy of it" }
            return MenuPair(first: menu, second: other, how: how)
        }
    }
}

/// Whether `kept` holds exactly `menu`'s lists, name for name, read field by field (never with a
/// type's own `==`). Optional, so that a check still compiles, and fails, when a learner
/// declares the menu optional.
public func sameMenu(_ kept: IceCream?, _ menu: IceCream) -> Bool {
    guard let kept else { return false }
    return kept.cones == menu.cones && kept.flavors == menu.flavors && kept.toppings == menu.toppings
}

/// How a failing check names what was kept: a seed menu's name, or its lists.
public func describeMenu(_ kept: IceCream?) -> String {
    kept.map(Seeds.name(of:)) ?? "nil"
}
