/// One screen of an app in the terminal: a title, then its components, top to bottom.
@MainActor
public struct Screen {
    public let title: String
    public let components: [any Component]

    public init(_ title: String, @ComponentBuilder content: () -> [any Component]) {
        self.title = title
        self.components = content()
    }

    /// The controls on this screen, in the order they are drawn.
    public var controls: [any Control] {
        components.compactMap { $0 as? any Control }
    }

    /// The whole screen as plain text, ready to print.
    public func render(width: Int = 64) -> String {
        let rule = String(repeating: "═", count: min(width, max(title.count, 24)))
        let body = components.flatMap { $0.lines(width: width) }
        return ([title, rule] + body).joined(separator: "\n") + "\n"
    }
}

/// A view that can be shown in the terminal: what it draws, and the moment it first appears.
@MainActor
public protocol TerminalView: AnyObject {
    var body: Screen { get }
    /// Called once, when the view first shows: SwiftUI's `onAppear`, UIKit's `viewDidLoad`.
    func onAppear()
    /// Work the last input started that the screen should wait for before it is drawn
    /// again, such as a login under way. None by default.
    var pendingWork: Task<Void, Never>? { get }
}

extension TerminalView {
    public var pendingWork: Task<Void, Never>? { nil }
}
