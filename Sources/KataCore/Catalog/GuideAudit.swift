import Foundation

/// Every guide lists its step's checks, and the list agrees with the tests: a learner reads "Check your work" to know
/// what `kata check N` will ask, and a list that names a check no longer there, leaves one out or says "all four" of
/// five is a guide that lies. The form is the one docs/AUTHORING.md gives: each item of the section (up to the next
/// `## `) that starts with `- **` names one check, its bold text with a wrapped item's lines joined by single spaces;
/// each check is named exactly once and nothing else is; and "all N checks" (N in words up to twenty, or in digits)
/// gives the step's number. `kata verify` runs it for every step.
enum GuideAudit {
    /// The problems of one step's guide, read from the workspace.
    static func problems(step: Step, workspace: Workspace) -> [String] {
        let file = workspace.folder(of: step, in: .exercises).appendingPathComponent("README.md")
        guard let guide = try? String(contentsOf: file, encoding: .utf8) else {
            return ["step \(step.number): no guide at \(workspace.relativePath(file.path))"]
        }
        let names = DeclaredCheck.all(of: step, in: workspace).map(\.name)
        return problems(step: step.number, guide: guide, checkNames: names)
    }

    /// The problems of `guide`, whose step has checks named `checkNames`.
    static func problems(step: Int, guide: String, checkNames: [String]) -> [String] {
        guard let section = checkYourWork(in: guide) else {
            return ["step \(step): the guide has no \"## Check your work\" section listing its checks"]
        }
        let listed = listedChecks(inSection: section)
        var problems: [String] = []
        for name in checkNames where !listed.contains(name) {
            problems.append("step \(step): the guide's \"Check your work\" does not list the check “\(name)”")
        }
        for name in listed where !checkNames.contains(name) {
            problems.append("step \(step): the guide lists “\(name)”, which is not a check of this step")
        }
        for name in Set(listed) where listed.filter({ $0 == name }).count > 1 {
            problems.append("step \(step): the guide lists “\(name)” more than once")
        }
        for count in statedCounts(in: section) where count != checkNames.count {
            problems.append("step \(step): the guide says all \(count) checks, but the step has \(checkNames.count)")
        }
        return problems.sorted()
    }

    /// The check names the guide lists under "## Check your work", in order.
    static func listedChecks(in guide: String) -> [String] {
        checkYourWork(in: guide).map(listedChecks(inSection:)) ?? []
    }

    /// The lines of the "## Check your work" section, up to the next heading of its level or above, less code blocks.
    private static func checkYourWork(in guide: String) -> [String]? {
        let lines = guide.components(separatedBy: "\n")
        guard let start = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "## Check your work" })
        else { return nil }
        var section: [String] = []
        var inCode = false
        for line in lines[(start + 1)...] {
            if line.hasPrefix("# ") || line.hasPrefix("## ") { break }
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                inCode.toggle()
                continue
            }
            if !inCode { section.append(line) }
        }
        return section
    }

    private static func listedChecks(inSection lines: [String]) -> [String] {
        // Join each list item with the lines wrapped under it.
        var items: [String] = []
        var current: String?
        for line in lines {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("- ") || line.hasPrefix("* ") {
                current.map { items.append($0) }
                current = String(trimmed.dropFirst(2))
            } else if let item = current, !trimmed.isEmpty, line.first == " " {
                current = item + " " + trimmed
            } else {
                current.map { items.append($0) }
                current = nil
            }
        }
        current.map { items.append($0) }
        return items.compactMap { item in
            guard item.hasPrefix("**") else { return nil }
            let rest = item.dropFirst(2)
            guard let end = rest.range(of: "**") else { return nil }
            return String(rest[..<end.lowerBound]).trimmingCharacters(in: .whitespaces)
        }
    }

    /// The N of every "all N checks" in the section.
    private static func statedCounts(in lines: [String]) -> [Int] {
        let words = lines.joined(separator: " ").split(whereSeparator: { $0 == " " || $0 == "\t" }).map {
            $0.lowercased().trimmingCharacters(in: .punctuationCharacters)
        }
        return words.indices.dropLast(2).compactMap { index in
            guard words[index] == "all", words[index + 2] == "checks" else { return nil }
            return Int(words[index + 1]) ?? numberWords.firstIndex(of: words[index + 1]).map { $0 + 1 }
        }
    }

    private static let numberWords = [
        "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
        "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty",
    ]
}
