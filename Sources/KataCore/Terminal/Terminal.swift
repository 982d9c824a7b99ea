import Foundation

/// What kata knows of where its output goes: colour and progress only on a terminal, never with NO_COLOR or a pipe.
public struct Terminal: Sendable {
    let isInteractive: Bool
    let usesColor: Bool
    let width: Int
    /// How many lines it shows at once (24 where that is not known): what `kata watch` redraws must fit.
    let height: Int
    /// Whether escape codes may move the cursor (redrawn progress, a cleared screen): a terminal, and not a dumb one.
    let canRedraw: Bool

    init(isInteractive: Bool, usesColor: Bool, width: Int, height: Int = 24, canRedraw: Bool? = nil) {
        self.isInteractive = isInteractive
        self.usesColor = usesColor
        self.width = width
        self.height = height
        self.canRedraw = canRedraw ?? isInteractive
    }

    /// Plain text, 80 columns: what tests and pipes get.
    static let plain = Terminal(isInteractive: false, usesColor: false, width: 80)

    /// The terminal standard output is, as the environment describes it.
    public static func current(environment: [String: String]) -> Terminal {
        current(environment: environment, isTerminal: isatty(STDOUT_FILENO) == 1)
    }

    /// `TERM=dumb` (Emacs shells, some CI logs) and an unset TERM promise no escape codes: no colour, no redrawing.
    static func current(environment: [String: String], isTerminal: Bool) -> Terminal {
        let dumb = (environment["TERM"] ?? "dumb") == "dumb" || environment["TERM"] == ""
        let noColor = !(environment["NO_COLOR"] ?? "").isEmpty || dumb
        let window = isTerminal ? TerminalModes.size(of: STDOUT_FILENO) : nil
        return Terminal(
            isInteractive: isTerminal, usesColor: isTerminal && !noColor,
            width: window?.columns ?? columns(environment), height: window?.rows ?? rows(environment),
            canRedraw: isTerminal && !dumb)
    }

    /// The same terminal, at the size its window has now: a person may resize it while `kata watch` runs.
    func resized() -> Terminal {
        guard isInteractive, let window = TerminalModes.size(of: STDOUT_FILENO) else { return self }
        return Terminal(
            isInteractive: isInteractive, usesColor: usesColor, width: window.columns, height: window.rows,
            canRedraw: canRedraw)
    }

    private static func columns(_ environment: [String: String]) -> Int {
        // A width typed by hand is kept within reason: the report wraps to it.
        let typed = environment["COLUMNS"].flatMap { Int($0) } ?? 80
        return min(max(typed, 20), 1000)
    }

    private static func rows(_ environment: [String: String]) -> Int {
        let typed = environment["LINES"].flatMap { Int($0) } ?? 24
        return min(max(typed, 10), 1000)
    }
}

/// Cells padded with spaces to the given widths (a wider one is cut); cells beyond the widths are left out.
func columns(_ cells: [String], widths: [Int]) -> String {
    zip(cells, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined()
}

/// Paints text for a terminal, or leaves it plain.
struct Style: Sendable {
    let enabled: Bool

    func pass(_ text: String) -> String { paint(text, "32") }
    func fail(_ text: String) -> String { paint(text, "31") }
    func warn(_ text: String) -> String { paint(text, "33") }
    func dim(_ text: String) -> String { paint(text, "2") }
    func bold(_ text: String) -> String { paint(text, "1") }
    func accent(_ text: String) -> String { paint(text, "36") }

    private func paint(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
