import Testing

@testable import KataCore

@Suite("Telling a check's story from its source")
struct CheckStoryTests {
    @Test("Given and When keep their code; Then keeps what should hold")
    func readsTheThreeSections() {
        // Given
        let source = Fixtures.text("ViewTests.swift.txt")

        // When
        let story = CheckStory.read(from: source, testAt: 18)

        // Then
        #expect(story.given == ["let sut = ViewA()"])
        #expect(story.when == ["sut.load()"])
        #expect(story.then == ["Two items after loading."])
    }

    @Test("The story stops at the end of its function")
    func stopsAtTheFunctionsEnd() {
        // Given
        let source = Fixtures.text("ViewTests.swift.txt")

        // When
        let story = CheckStory.read(from: source, testAt: 30)

        // Then
        #expect(story.given.isEmpty)
        #expect(story.then == ["Only short words."])
    }

    @Test("Braces inside strings and comments do not end the function early")
    func bracesInStrings() {
        // Given
        let source = """
            @Test func braces() {
                // Given
                let text = "}{"  // a } here too
                // When
                let count = text.count
                // Then
                // Two characters.
                #expect(count == 2)
            }
            func after() {
                // Given
                let wrong = 1
            }
            """

        // When
        let story = CheckStory.read(from: source, testAt: 1)

        // Then
        #expect(story.given == ["let text = \"}{\"  // a } here too"])
        #expect(story.when == ["let count = text.count"])
        #expect(story.then == ["Two characters."])
    }

    @Test("A comment among the code of Given and When stays a comment, and the code keeps its indentation")
    func commentsStayComments() {
        // Given
        let source = """
            @Test func nearNames() {
                // Given
                // Two bundles.
                let bundle = Bundle.main
                // When
                let miss = files.firstMiss { file in
                    verdict(on: file, in: bundle)
                        // The same name, asked of another bundle, is found.
                        ?? verdict(on: file, in: other)
                }
                // Then
                // Nothing is missed.
                #expect(miss == nil)
            }
            """

        // When
        let story = CheckStory.read(from: source, testAt: 1)

        // Then
        // A comment in the middle of an expression read as prose would cut the expression in two.
        #expect(story.given == ["// Two bundles.", "let bundle = Bundle.main"])
        #expect(
            story.when == [
                "let miss = files.firstMiss { file in",
                "    verdict(on: file, in: bundle)",
                "        // The same name, asked of another bundle, is found.",
                "        ?? verdict(on: file, in: other)",
                "}",
            ])
        #expect(story.then == ["Nothing is missed."])
    }

    @Test("A line that is not a test gives an empty story, not a crash")
    func outOfRange() {
        // Given
        let source = "let x = 1"

        // When
        let story = CheckStory.read(from: source, testAt: 99)

        // Then
        #expect(story.isEmpty)
    }
}
