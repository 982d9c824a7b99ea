import Foundation
import Testing

@testable import KataCore

@Suite("The catalogue of plausible mistakes")
struct MistakeTests {
    static let patchText = """
        Mistake: onAppear() asks twice
        Caught-by: CreateIceCreamViewTests/appearingLoadsOnce(), CreateIceCreamViewTests/fetchSendsOneRequest()
        Fast: yes

        diff --git a/Solutions/03-Interactor/V.swift b/Solutions/03-Interactor/V.swift
        --- a/Solutions/03-Interactor/V.swift
        +++ b/Solutions/03-Interactor/V.swift
        @@ -2,4 +2,5 @@ final class V {
         
             func onAppear() {
                 fetch()
        +        fetch()
             }

        """

    @Test("A catalogue file is read: its step, sentence, checks, speed and diff")
    func reads() throws {
        // Given
        let name = "03-asks-twice.patch"

        // When
        let mistake = try Mistake.read(name: name, text: Self.patchText, in: RealKit.course).get()

        // Then
        #expect(mistake.step == 3)
        #expect(mistake.description == "onAppear() asks twice")
        #expect(
            mistake.caughtBy == [
                "CreateIceCreamViewTests/appearingLoadsOnce()", "CreateIceCreamViewTests/fetchSendsOneRequest()",
            ])
        #expect(mistake.fast)
        #expect(mistake.patch.files.map(\.path) == ["Solutions/03-Interactor/V.swift"])
        #expect(mistake.patch.files[0].hunks[0].old.count == 4)
    }

    @Test("Two files make the same change whatever their context, indentation or comments; another file's is another")
    func sameChange() throws {
        // Given
        let elsewhere = """
            Mistake: onAppear() asks for the menu twice, to be safe
            Written: blind

            --- a/Solutions/03-Interactor/V.swift
            +++ b/Solutions/03-Interactor/V.swift
            @@ -9,3 +9,4 @@
                 fetch()
            +    fetch() // once more, to be safe
                 }
            """
        let otherFile = Self.patchText.replacingOccurrences(of: "/V.swift", with: "/W.swift")

        // When
        let sut = try [Self.patchText, elsewhere, otherFile].map {
            try Mistake.read(name: "03-x.patch", text: $0, in: RealKit.course).get().change
        }

        // Then
        #expect(sut[0] == "Solutions/03-Interactor/V.swift\n+fetch()")
        #expect(sut[1] == sut[0])
        #expect(sut[2] != sut[0])
    }

    @Test("A patch can add a file (a spy of its own), which starts from nothing")
    func addsAFile() throws {
        // Given
        let text = """
            Mistake: spies in files of their own
            Passes: yes

            diff --git a/Solutions/09-Spies/Spy.swift b/Solutions/09-Spies/Spy.swift
            new file mode 100644
            index 0000000..1111111
            --- /dev/null
            +++ b/Solutions/09-Spies/Spy.swift
            @@ -0,0 +1,2 @@
            +final class Spy {
            +}

            """

        // When
        let mistake = try Mistake.read(
            name: "03-spy-file.patch", text: text.replacingOccurrences(of: "09-Spies", with: "03-Interactor"),
            in: RealKit.course
        ).get()
        let file = try #require(mistake.patch.files.first)

        // Then
        // The added file is known as new, and applies to an empty text.
        #expect(file.isNew)
        #expect(UnifiedPatch.apply(file, to: "") == "final class Spy {\n}\n")
    }

    @Test("A hunk applies where its lines are, even when the solution moved them")
    func appliesWithOffset() throws {
        // Given
        let mistake = try Mistake.read(name: "03-x.patch", text: Self.patchText, in: RealKit.course).get()
        let moved =
            "// a comment added above\n// and another\nfinal class V {\n\n    func onAppear() {\n        fetch()\n    }\n}\n"

        // When
        let patched = UnifiedPatch.apply(mistake.patch.files[0], to: moved)

        // Then
        #expect(
            patched
                == "// a comment added above\n// and another\nfinal class V {\n\n    func onAppear() {\n        fetch()\n        fetch()\n    }\n}\n"
        )
        #expect(UnifiedPatch.apply(mistake.patch.files[0], to: "something else\n") == nil)
    }

    @Test(
        "A file that is not a usable mistake says why",
        arguments: [
            (
                "x-no-step.patch",
                "Mistake: m\nCaught-by: A/b()\n\n+++ b/Solutions/01-Starter/A.swift\n@@ -1 +1 @@\n-a\n+b\n",
                "step number"
            ),
            (
                "01-no-sentence.patch", "Caught-by: A/b()\n\n+++ b/Solutions/01-Starter/A.swift\n@@ -1 +1 @@\n-a\n+b\n",
                "Mistake:"
            ),
            (
                "01-no-check.patch", "Mistake: m\n\n+++ b/Solutions/01-Starter/A.swift\n@@ -1 +1 @@\n-a\n+b\n",
                "Caught-by:"
            ),
            ("01-no-diff.patch", "Mistake: m\nCaught-by: A/b()\n\n", "no diff"),
            (
                "01-other-step.patch",
                "Mistake: m\nCaught-by: A/b()\n\n+++ b/Solutions/02-Model/A.swift\n@@ -1 +1 @@\n-a\n+b\n", "outside"
            ),
        ])
    func problems(name: String, text: String, expected: String) {
        // When
        let result = Mistake.read(name: name, text: text, in: RealKit.course)

        // Then
        // The problem is named, so an author can fix the file.
        guard case .failure(let problem) = result else {
            Issue.record("\(name) was read as a mistake")
            return
        }
        #expect(problem.sentence.contains(expected))
    }

    @Test("Every file of the kit's catalogue is usable and names checks its step has")
    func kitCatalogue() {
        // Given
        let kit = RealKit.workspace

        // When
        let (mistakes, problems) = Mistake.catalogue(in: RealKit.kit)

        // Then
        #expect(problems.map { "\($0.name): \($0.sentence)" } == [])
        let declared = RealKit.steps.map { Set(DeclaredCheck.all(of: $0, in: kit).map(\.key)) }
        for mistake in mistakes {
            let declared = declared[mistake.step - 1]
            #expect(
                Set(mistake.caughtBy).isSubset(of: declared), "\(mistake.name) names a check its step does not have")
        }
    }

    @Test("Every mistake of the kit's catalogue applies to the reference solution as it is now")
    func catalogueApplies() {
        // Given
        let (mistakes, _) = Mistake.catalogue(in: RealKit.kit)

        // When
        // A solution edited since a mistake was written can leave its diff behind: make mistakes then
        // cannot judge it, and the quick subset make test runs does not try it.
        let stale = mistakes.filter { mistake in
            mistake.patch.files.contains { file in
                let text = String(decoding: RealKit.workspace.bytes(of: file.path), as: UTF8.self)
                return UnifiedPatch.apply(file, to: file.isNew ? "" : text) == nil
            }
        }

        // Then
        #expect(stale.map(\.name) == [])
    }
}
