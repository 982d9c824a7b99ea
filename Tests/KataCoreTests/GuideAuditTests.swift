import Testing

@testable import KataCore

@Suite("A guide's list of checks")
struct GuideAuditTests {
    static let guide = """
        # Step 9 · Example

        - **Not a check**: this list is in another section.

        ## Check your work

        ```sh
        - **Nor this**, inside a code block
        ```

        - **The first check's name**: what it does.
        - **The second check's name, long enough to be wrapped
          onto a second line**. More words.
        - A bullet without bold is free text.

        **Done when** all two checks of step 9 pass.

        ## Next

        - **Not a check either**
        """

    @Test("Bold list items under Check your work are the checks, wrapped lines joined")
    func readsTheList() {
        // Given
        let guide = Self.guide

        // When
        let listed = GuideAudit.listedChecks(in: guide)

        // Then
        // Only the bold items of the section, outside code blocks, with a wrapped name joined by one space.
        #expect(
            listed == [
                "The first check's name", "The second check's name, long enough to be wrapped onto a second line",
            ])
    }

    @Test("A guide that lists exactly the step's checks, with the right count, has no problem")
    func agreeingGuide() {
        // Given
        let names = ["The second check's name, long enough to be wrapped onto a second line", "The first check's name"]

        // When
        let problems = GuideAudit.problems(step: 9, guide: Self.guide, checkNames: names)

        // Then
        // The order is free; names and count agree.
        #expect(problems == [])
    }

    @Test("A check left out, one that is not there, and a wrong count are each named")
    func disagreeingGuide() {
        // Given
        let names = ["The first check's name", "A third check", "A fourth check"]

        // When
        let problems = GuideAudit.problems(step: 9, guide: Self.guide, checkNames: names)

        // Then
        // Each disagreement is one problem that names the check, or the count.
        #expect(
            problems == [
                "step 9: the guide lists “The second check's name, long enough to be wrapped onto a second line”, which is not a check of this step",
                "step 9: the guide says all 2 checks, but the step has 3",
                "step 9: the guide's \"Check your work\" does not list the check “A fourth check”",
                "step 9: the guide's \"Check your work\" does not list the check “A third check”",
            ])
    }

    @Test("A guide with no Check your work section is a problem")
    func missingSection() {
        // Given
        let guide = "# Step 9\n\nNothing to check.\n"

        // When
        let problems = GuideAudit.problems(step: 9, guide: guide, checkNames: ["A check"])

        // Then
        // The section is where the list lives: without it, nothing is listed.
        #expect(problems == ["step 9: the guide has no \"## Check your work\" section listing its checks"])
    }
}
