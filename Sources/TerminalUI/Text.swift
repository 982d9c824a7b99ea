/// A paragraph, wrapped to the screen's width.
public struct Text: Component {
    public let string: String

    public init(_ string: String) {
        self.string = string
    }

    public func lines(width: Int) -> [String] {
        wrap(string, width: width)
    }
}

/// A line that stands out: an error to read before going on.
public struct Alert: Component {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public func lines(width: Int) -> [String] {
        wrap("! " + message, width: width, indent: "  ")
    }
}

/// Shows that something is under way, or nothing at all when it is not.
public struct ActivityIndicator: Component {
    public let label: String
    public let isAnimating: Bool

    public init(_ label: String, isAnimating: Bool) {
        self.label = label
        self.isAnimating = isAnimating
    }

    public func lines(width: Int) -> [String] {
        isAnimating ? ["… " + label] : []
    }
}

/// Breaks text into lines no longer than `width`, at spaces where it can.
func wrap(_ text: String, width: Int, indent: String = "") -> [String] {
    var lines: [String] = []
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
        var line = ""
        for word in paragraph.split(separator: " ") {
            let candidate = line.isEmpty ? String(word) : line + " " + word
            if candidate.count > width, !line.isEmpty {
                lines.append(line)
                line = indent + word
            } else {
                line = candidate
            }
        }
        lines.append(line)
    }
    return lines
}
