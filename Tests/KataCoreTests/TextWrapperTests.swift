import Testing

@testable import KataCore

@Suite("Wrapping text to the terminal's width")
struct TextWrapperTests {
    @Test("A line of code keeps its indentation, and what is wrapped of it goes on four spaces further in")
    func indentationIsKept() {
        // Given
        let code = "    ?? verdict(on: DataFileCase(name: file.name, content: .menu(emptyMenu)), in: otherBundle)"

        // When
        let lines = TextWrapper.wrap(code, width: 40, asCode: true)

        // Then
        #expect(lines.first == "    ?? verdict(on: DataFileCase(name:")
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("        ") && $0.count <= 40 })
        #expect(lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ") == code.dropFirst(4))
    }

    @Test("A comment among code that is wrapped goes on as a comment")
    func commentsStayComments() {
        // Given
        let comment = "    // The same name, asked next of a bundle that has it, is found: nothing was remembered."

        // When
        let lines = TextWrapper.wrap(comment, width: 50, asCode: true)

        // Then
        #expect(lines.count > 1)
        #expect(lines.allSatisfy { $0.hasPrefix("    // ") && $0.count <= 50 })
    }

    @Test("Prose keeps its indentation on every line, and prose with none is wrapped as ever")
    func prose() {
        // When
        let indented = TextWrapper.wrap("  a few words that go past twenty columns", width: 20)
        let plain = TextWrapper.wrap("a few words that go past twenty columns", width: 20)

        // Then
        #expect(indented == ["  a few words that", "  go past twenty", "  columns"])
        #expect(plain == ["a few words that go", "past twenty columns"])
    }

    @Test("Spaces inside a quoted value are never where a line breaks: a value's leading spaces stay visible")
    func quotedSpacesStay() {
        // Given
        let failed =
            #"Expectation failed: (spy.emails → ["  Ada@Orbit.example\n", "   ", "a b"]) == ["ada@orbit.example"]"#

        // When
        let lines = (20...60).map { TextWrapper.wrap(failed, width: $0) }

        // Then
        // However narrow, each quoted value is whole on one line, its spaces with it.
        for wrapped in lines {
            #expect(wrapped.contains { $0.contains(#""  Ada@Orbit.example\n","#) })
            #expect(wrapped.contains { $0.contains(#""   ","#) })
        }
        // Prose with a quotation still breaks between its words.
        #expect(
            TextWrapper.wrap(#"say "hello there my dear old friend" now"#, width: 20) == [
                #"say "hello there my"#, #"dear old friend" now"#,
            ])
    }

    @Test("Text cut to a width ends with an ellipsis, and text that fits is left as it is")
    func cutToAWidth() {
        // When
        let cut = TextWrapper.cut("A name far too long for ten columns", width: 10)
        let kept = TextWrapper.cut("Short", width: 10)

        // Then
        #expect(cut == "A name fa…")
        #expect(kept == "Short")
    }
}
