#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What kata knows of where its output goes: colour and progress only on a terminal,
/// never when NO_COLOR is set or the output is piped.
public struct Terminal: Sendable {
    public let isInteractive: Bool
    public let usesColor: Bool
    public let width: Int

    public init(isInteractive: Bool, usesColor: Bool, width: Int) {
        self.isInteractive = isInteractive
        self.usesColor = usesColor
        self.width = width
    }

    /// Plain text, 80 columns: what tests and pipes get.
    public static let plain = Terminal(isInteractive: false, usesColor: false, width: 80)

    public static func current(environment: [String: String]) -> Terminal {
        let interactive = isatty(STDOUT_FILENO) == 1
        let noColor = !(environment["NO_COLOR"] ?? "").isEmpty || environment["TERM"] == "dumb"
        return Terminal(isInteractive: interactive, usesColor: interactive && !noColor, width: columns(environment))
    }

    private static func columns(_ environment: [String: String]) -> Int {
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
            return Int(size.ws_col)
        }
        return environment["COLUMNS"].flatMap(Int.init) ?? 80
    }
}

/// Paints text for a terminal, or leaves it plain.
public struct Style: Sendable {
    let enabled: Bool

    public init(enabled: Bool) {
        self.enabled = enabled
    }

    public func pass(_ text: String) -> String { paint(text, "32") }
    public func fail(_ text: String) -> String { paint(text, "31") }
    public func warn(_ text: String) -> String { paint(text, "33") }
    public func dim(_ text: String) -> String { paint(text, "2") }
    public func bold(_ text: String) -> String { paint(text, "1") }
    public func accent(_ text: String) -> String { paint(text, "36") }

    private func paint(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
