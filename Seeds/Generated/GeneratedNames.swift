/// Names for generated menus: made-up words that no answer can know in advance, and names
/// at the edges of what a name in a data file can be.
public enum GeneratedNames {
    /// Names a data file may hold and a picker must show as written: empty, blank, spaces at
    /// either end, the same name in other cases, accents composed and decomposed, scripts
    /// beyond Latin, emoji sequences, characters JSON must escape, words that read like JSON,
    /// invisible characters, one letter and a long line.
    public static let edges: [String] = [
        "", " ", "   ", "\t", "Cup ", " Cup", "Cup", "cup", "CUP", "Cup  Cone",
        "Crème brûlée", "Cre\u{301}me bru\u{302}le\u{301}e", "抹茶", "Açaí", "Rocky Road 🍫", "👩‍🚀 Space",
        "🏳️‍🌈", "شوكولاتة", "Ĳsje", "\"Double\" Fudge", "Back\\slash", "Tab\tin it", "Line\nbreak",
        "Nuts/Seeds", "null", "true", "0", "[]", "{}", "\u{A0}Non-breaking\u{A0}", "Zero\u{200B}width",
        "A", String(repeating: "Salted caramel ", count: 8).trimmingTrailingSpace,
    ]

    private static let syllables = [
        "va", "nil", "la", "cho", "co", "straw", "ber", "ry", "pis", "ta", "chi", "ha", "zel", "nut",
        "man", "go", "le", "mon", "sor", "bet", "gla", "ce", "fu", "dge", "kiw", "mo", "chi", "ca", "ra",
        "mel", "tof", "fee", "yu", "zu", "me", "ringue",
    ]

    /// A made-up word, capitalised.
    public static func word(_ random: inout SeededRandom) -> String {
        let syllableCount = random.number(in: 2...3)
        let word = (0..<syllableCount).map { _ in random.pick(syllables) }.joined()
        return word.prefix(1).uppercased() + word.dropFirst()
    }

    /// A name: mostly one to three made-up words, sometimes one from `edges`.
    public static func name(_ random: inout SeededRandom) -> String {
        if random.chance(30) { return random.pick(edges) }
        return (0..<random.number(in: 1...3)).map { _ in word(&random) }.joined(separator: " ")
    }

    /// A list of names, from none to seven, sometimes with a name twice.
    public static func list(_ random: inout SeededRandom) -> [String] {
        var names = (0..<random.number(in: 0...7)).map { _ in name(&random) }
        if names.count > 1, random.chance(25) {
            names.insert(random.pick(names), at: random.below(names.count + 1))
        }
        return names
    }
}

extension String {
    fileprivate var trimmingTrailingSpace: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
