import Foundation
import Testing

@testable import KataCore

@Suite("Reading compiler errors")
struct DiagnosticParserTests {
    /// What `swift build` printed for one mistake: the same error twice (module and file),
    /// with progress lines and SwiftPM's own echo around it.
    static let buildOutput = """
        Building for debugging...
        [3/14] Emitting module Step05Configurator
        /ws one/Exercises/05-Configurator/ContentView.swift:9:19: error: cannot convert value of type 'String' to specified type 'Int'
         7 |     }
         8 | }
         9 | let broken: Int = "five"
           |                   `- error: cannot convert value of type 'String' to specified type 'Int'
        10 |\u{20}

        [4/14] Compiling Step05Configurator ContentView.swift
        /ws one/Exercises/05-Configurator/ContentView.swift:9:19: error: cannot convert value of type 'String' to specified type 'Int'
         7 |     }
         8 | }
         9 | let broken: Int = "five"
           |                   `- error: cannot convert value of type 'String' to specified type 'Int'
        10 |\u{20}
        error: emit-module command failed with exit code 1 (use -v to see invocation)
        """

    @Test("An error is read once, with its place, message and source excerpt, newlines kept")
    func readsOneError() throws {
        // Given
        let output = Self.buildOutput

        // When
        let diagnostics = DiagnosticParser.diagnostics(in: output)

        // Then
        let error = try #require(diagnostics.first)
        #expect(diagnostics.count == 1)
        #expect(error.file == "/ws one/Exercises/05-Configurator/ContentView.swift")
        #expect(error.line == 9)
        #expect(error.column == 19)
        #expect(error.severity == .error)
        #expect(error.message == "cannot convert value of type 'String' to specified type 'Int'")
        #expect(error.excerpt.count == 5)
        #expect(error.excerpt[2] == " 9 | let broken: Int = \"five\"")
    }

    @Test("SwiftPM's own echo of a failed command is not shown as an error")
    func dropsEchoes() {
        // Given
        let output = Self.buildOutput + "\nerror: fatalError\nerror: link command failed: undefined symbol"

        // When
        let general = DiagnosticParser.generalErrors(in: output)

        // Then
        #expect(general == ["error: link command failed: undefined symbol"])
    }

    @Test("Warnings and notes are read with their own severity")
    func readsSeverities() {
        // Given
        let output = """
            /a/File.swift:1:5: warning: variable 'x' was never mutated
            /a/File.swift:2:1: note: did you mean 'y'?
            """

        // When
        let diagnostics = DiagnosticParser.diagnostics(in: output)

        // Then
        #expect(diagnostics.map(\.severity) == [.warning, .note])
    }

    @Test("An error printed without its excerpt (Swift Build) gets one made from the file, as Swift prints it")
    func excerptFromTheFile() throws {
        // Given
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("kata excerpt \(UUID()).swift")
        try "import Foundation\n\nlet oops: Int = \"five\"\nstruct ContentView {\n}\n".write(
            to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let output = "\(file.path):3:17: error: cannot convert value of type 'String' to specified type 'Int'\n"

        // When
        let diagnostic = try #require(DiagnosticParser.diagnostics(in: output).first).withExcerptFromSource()

        // Then
        #expect(
            diagnostic.excerpt == [
                " 1 | import Foundation",
                " 2 | ",
                " 3 | let oops: Int = \"five\"",
                "   |                 `- error: cannot convert value of type 'String' to specified type 'Int'",
                " 4 | struct ContentView {",
                " 5 | }",
            ])
    }
}
