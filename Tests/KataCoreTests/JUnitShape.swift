import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Reads JUnit XML against the shape of Jenkins' junit-10.xsd (the elements and attributes
/// it allows, the ones it requires, its time format), plus what the kit promises beyond it:
/// every suite says its skipped count and time, every case its time, and every count equals
/// the elements it counts.
enum JUnitShape {
    static let allowed: [String: (attributes: Set<String>, required: Set<String>, children: Set<String>)] = [
        "testsuites": (["name", "time", "tests", "failures", "errors"], [], ["testsuite"]),
        "testsuite": (
            [
                "name", "tests", "failures", "errors", "group", "time", "skipped", "timestamp", "hostname", "id",
                "package",
                "file", "log", "url",
            ],
            ["name", "tests", "failures", "errors"],
            ["testsuite", "properties", "testcase", "system-out", "system-err"]
        ),
        "testcase": (
            ["name", "time", "classname", "group"], ["name"],
            [
                "skipped", "error", "failure", "rerunFailure", "rerunError", "flakyFailure", "flakyError", "system-out",
                "system-err",
            ]
        ),
        "properties": ([], [], ["property"]),
        "property": (["name", "value"], ["name", "value"], []),
        "failure": (["type", "message"], [], []),
        "error": (["type", "message"], [], []),
        "skipped": (["type", "message"], [], []),
    ]

    static let timePattern = #"^(([0-9]{0,3},)*[0-9]{3}|[0-9]{0,3})*(\.[0-9]*)?$"#

    static func problems(in xml: String) -> [String] {
        guard let document = try? XMLDocument(xmlString: xml, options: []), let root = document.rootElement() else {
            return ["not well-formed XML"]
        }
        var problems: [String] = []
        guard root.name == "testsuites" else { return ["the root is \(root.name ?? "?"), not testsuites"] }
        check(root, into: &problems)
        var sums = (tests: 0, failures: 0, errors: 0)
        for suite in elements(root) {
            let cases = elements(suite).filter { $0.name == "testcase" }
            let counted = (
                tests: cases.count,
                failures: cases.filter { elements($0).contains { $0.name == "failure" } }.count,
                errors: cases.filter { elements($0).contains { $0.name == "error" } }.count,
                skipped: cases.filter { elements($0).contains { $0.name == "skipped" } }.count
            )
            let name = attribute(suite, "name") ?? "?"
            for (key, value) in [
                ("tests", counted.tests), ("failures", counted.failures), ("errors", counted.errors),
                ("skipped", counted.skipped),
            ] where attribute(suite, key) != "\(value)" {
                problems.append("suite \(name): \(key)=\(attribute(suite, key) ?? "none"), but it holds \(value)")
            }
            if attribute(suite, "time") == nil { problems.append("suite \(name) has no time") }
            for testCase in cases where attribute(testCase, "time") == nil {
                problems.append("case \(attribute(testCase, "name") ?? "?") has no time")
            }
            sums.tests += counted.tests
            sums.failures += counted.failures
            sums.errors += counted.errors
        }
        for (key, value) in [("tests", sums.tests), ("failures", sums.failures), ("errors", sums.errors)]
        where attribute(root, key) != "\(value)" {
            problems.append("testsuites: \(key)=\(attribute(root, key) ?? "none"), but the suites hold \(value)")
        }
        return problems
    }

    private static func check(_ element: XMLElement, into problems: inout [String]) {
        let name = element.name ?? "?"
        guard let rule = allowed[name] else {
            problems.append("<\(name)> is not an element of the schema")
            return
        }
        let attributes = Set((element.attributes ?? []).compactMap(\.name))
        for extra in attributes.subtracting(rule.attributes).sorted() {
            problems.append("<\(name)> has \(extra), which the schema does not allow")
        }
        for missing in rule.required.subtracting(attributes).sorted() {
            problems.append("<\(name)> lacks \(missing)")
        }
        if let time = attribute(element, "time"), time.range(of: timePattern, options: .regularExpression) == nil {
            problems.append("<\(name)> time=\(time) is not in the schema's time format")
        }
        for child in elements(element) {
            if !rule.children.contains(child.name ?? "") {
                problems.append("<\(child.name ?? "?")> cannot be inside <\(name)>")
            }
            check(child, into: &problems)
        }
    }

    private static func elements(_ element: XMLElement) -> [XMLElement] {
        (element.children ?? []).compactMap { $0 as? XMLElement }
    }

    private static func attribute(_ element: XMLElement, _ name: String) -> String? {
        element.attribute(forName: name)?.stringValue
    }
}
