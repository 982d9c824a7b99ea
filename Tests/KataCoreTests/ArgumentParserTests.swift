import Testing
@testable import KataCore

@Suite("Reading the command line")
struct ArgumentParserTests {
    @Test("No arguments means status")
    func noArgumentsIsStatus() throws {
        // Given
        let arguments: [String] = []

        // When
        let parsed = try ArgumentParser.parse(arguments, specs: Kata.specs)

        // Then
        #expect(parsed.command == "status")
    }
}
