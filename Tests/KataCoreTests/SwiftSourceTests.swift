import Foundation
import Testing

@testable import KataCore

@Suite("Reading Swift source")
struct SwiftSourceTests {
    @Test("Comments and the text of string literals become blanks; code inside interpolations stays")
    func codeView() {
        // Given
        let source = """
            let a = "exit(0)" // exit(1)
            /* exit(2) /* nested */ still comment */ let b = "\\(exit(3))"
            let c = #"raw \\(exit(4)) "quoted""#
            let d = \"\"\"
                exit(5)
                \\(exit(6))
                \"\"\"
            """

        // When
        let code = SwiftSource(source).code

        // Then
        // Only the interpolated calls are code; the line structure is kept.
        #expect(code.components(separatedBy: "exit(").count - 1 == 2)
        #expect(code.contains("exit(3)"))
        #expect(code.contains("exit(6)"))
        #expect(code.components(separatedBy: "\n").count == source.components(separatedBy: "\n").count)
    }

    @Test("String literals are read with their escapes, and where they start")
    func literals() {
        // Given
        let source = """
            @Test("A \\"quoted\\" word, a tab\\t and \\u{E9}") func x() {}
            let raw = #"no \\n escape"#
            """

        // When
        let literals = SwiftSource(source).literals

        // Then
        #expect(literals.map(\.value) == ["A \"quoted\" word, a tab\t and é", "no \\n escape"])
        #expect(literals.map(\.line) == [1, 2])
    }

    @Test("Checks are found with the keys Swift Testing gives them, nested suites and labels included")
    func declaredChecks() {
        // Given
        let source = """
            import Testing

            /// A spy.
            final class Spy { func record(_ x: Int) {} }

            @Suite("Views")
            struct ViewTests {
                let sut = 1

                @Test("It shows {the} menu")
                func showsMenu() {
                    let braces = "}}}"
                }

                @Test(
                    "Each seed decodes",
                    arguments: [1, 2]
                )
                func decodes(seed: Int, _ other: Int, with third: String) async throws {}

                func helper() {}
            }

            extension Outer {
                @Suite struct Inner {
                    @Test func unnamed() {}
                }
            }
            """

        // When
        let checks = SwiftSource(source).declaredChecks(file: "ViewTests.swift")

        // Then
        #expect(
            checks.map(\.key) == [
                "ViewTests/showsMenu()", "ViewTests/decodes(seed:_:with:)", "Outer/Inner/unnamed()",
            ])
        #expect(checks.map(\.name) == ["It shows {the} menu", "Each seed decodes", "unnamed()"])
        #expect(checks.map(\.line) == [10, 15, 26])
    }
}

@Suite("The kit's own checks, read from their sources")
struct KitChecksTests {
    @Test("Every step's checks are read from their sources, each with its name and its hints", arguments: RealKit.steps)
    func declaredChecksMatchTheCatalogue(step: Step) {
        // Given
        let kit = RealKit.workspace

        // When
        let declared = DeclaredCheck.all(of: step, in: kit)

        // Then
        // Each check is found once, with its display name and the hints written above it.
        #expect(Set(declared.map(\.key)).count == declared.count)
        #expect(declared.allSatisfy { !$0.name.hasSuffix(")") })
        #expect(declared.allSatisfy { !$0.annotations.hints.isEmpty && !$0.annotations.file.isEmpty })
    }
}
