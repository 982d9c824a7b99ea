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
            ([], true, "Type a control and a value (back, quit)."),
            ([], false, "Type a control and a value (quit)."),
            (["email", "send"], true, "Type a control and a value (email, send, back, quit)."),
        ] as [([String], Bool, String)])
    func instructions(controls: [String], canGoBack: Bool, expected: String) {
        // When
        let text = TerminalApp.instructions(controls: controls, canGoBack: canGoBack)

        // Then
        // Every word is one the person can type, with no empty one before back or quit.
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
}
