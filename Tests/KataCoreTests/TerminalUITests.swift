import Testing

@testable import TerminalUI

@Suite("The terminal UI the apps are drawn with")
@MainActor
struct TerminalUITests {
    @Test(
        "A picker takes a number in range or an option's name, and refuses anything else in a sentence, never a trap",
        arguments: ["-9223372036854775808", "9223372036854775807", "0", "4", "Lemon", ""])
    func pickerRefuses(input: String) {
        // Given
        var chosen: [String] = []
        let sut = Picker("Cone or cup", key: "cone", options: ["Sugar", "Waffle", "Cup"], selection: nil) {
            chosen.append($0)
        }

        // When
        let refusal = sut.use(input)

        // Then
        // The lowest Int is a number too: one less than it would trap, so the picker compares, never subtracts.
        #expect(refusal?.reason.hasPrefix("Cone or cup has no option") == true)
        #expect(chosen.isEmpty)
    }

    @Test(
        "The instructions list what can be typed, and a screen with no controls shows no empty entry",
        arguments: [
            ([], true, "Type a control and a value (back, help, quit)."),
            ([], false, "Type a control and a value (help, quit)."),
            (["email", "send"], true, "Type a control and a value (email, send, back, help, quit)."),
        ] as [([String], Bool, String)])
    func instructions(controls: [String], canGoBack: Bool, expected: String) {
        // When
        let text = TerminalApp.instructions(controls: controls, canGoBack: canGoBack)

        // Then
        // Every word is one the person can type (help too, which the README lists), with no empty one before back.
        #expect(text == expected)
    }

    @Test("A picker takes an option by number or by name, in any case")
    func pickerChooses() {
        // Given
        var chosen: [String] = []
        let sut = Picker("Cone or cup", key: "cone", options: ["Sugar", "Waffle", "Cup"], selection: nil) {
            chosen.append($0)
        }

        // When
        let byNumber = sut.use("2")
        let byName = sut.use("cup")

        // Then
        #expect(byNumber == nil && byName == nil)
        #expect(chosen == ["Waffle", "Cup"])
    }

    @Test(
        "A screen whose work ends by moving on still shows how it ended, once; one that ends as it was drawn is not drawn again",
        arguments: [(message: "We sent a link.", shown: true), (message: "", shown: false)])
    func lastFrameBeforeMovingOn(message: String, shown: Bool) async {
        // Given
        var output = ""
        let next = SendingScreen(message: "", title: "Log in")
        let sut = SendingScreen(message: message, title: "Forgot password", next: next)
        var lines = ["send", "quit"]
        let app = TerminalApp(
            root: sut, isInteractive: false, readLine: { lines.isEmpty ? nil : lines.removeFirst() },
            write: { output += $0 })

        // When
        await app.run()

        // Then
        // The confirmation the work ended with is on the screen that had it, before the next screen.
        let confirmation = output.range(of: "We sent a link.")
        let login = output.range(of: "Log in\n")
        #expect((confirmation != nil) == shown, "\(output)")
        if let confirmation, let login { #expect(confirmation.lowerBound < login.lowerBound) }
        // An ending that changed nothing is not drawn twice.
        #expect(output.components(separatedBy: "Forgot password\n").count - 1 == (shown ? 2 : 1), "\(output)")
    }
}

/// A screen whose `send` starts work that sets a message, then moves on to `next`, as a
/// scene that confirms and routes back does.
@MainActor
private final class SendingScreen: NavigableView {
    weak var navigator: (any Navigator)?
    private(set) var pendingWork: Task<Void, Never>?
    private var shownMessage = ""
    private let message: String
    private let title: String
    private let next: SendingScreen?

    init(message: String, title: String, next: SendingScreen? = nil) {
        self.message = message
        self.title = title
        self.next = next
    }

    var body: Screen {
        Screen(title) {
            if !shownMessage.isEmpty { Text(shownMessage) }
            Button("Send", key: "send") { self.send() }
        }
    }

    func onAppear() {}

    private func send() {
        pendingWork = Task {
            shownMessage = message
            if let next { navigator?.replaceRoot(with: next) }
        }
    }
}
