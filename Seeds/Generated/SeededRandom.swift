/// A fixed-seed source of choices, for checks that generate their cases: the same cases on
/// every run and every machine, so a failing case can be named, and tried again.
///
/// SplitMix64, written out here rather than `random(in:using:)` from the standard library,
/// whose ways of turning bits into choices are free to change between releases.
public struct SeededRandom: Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A number from 0 up to, not including, `count`.
    public mutating func below(_ count: Int) -> Int {
        precondition(count > 0, "nothing to choose from")
        return Int(next() % UInt64(count))
    }

    /// A number in `range`.
    public mutating func number(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.count)
    }

    /// True `percent` times in a hundred.
    public mutating func chance(_ percent: Int) -> Bool {
        below(100) < percent
    }

    public mutating func pick<Element>(_ items: [Element]) -> Element {
        items[below(items.count)]
    }

    /// The items in an order of this source's choosing.
    public mutating func shuffled<Element>(_ items: [Element]) -> [Element] {
        var items = items
        for index in items.indices.reversed() where index > 0 {
            items.swapAt(index, below(index + 1))
        }
        return items
    }
}
