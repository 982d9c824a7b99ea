import Foundation

/// `kata guide N`: the step's guide, wrapped to the terminal's width.
struct GuideCommand: WorkspaceCommand {
    static let spec = CommandSpec(
        name: "guide",
        usage: ["kata guide [<step>]"],
        summary: "Print a step's guide",
        details: """
            The guide is the step's README.md in Exercises/; code blocks are printed as they are.
            Without a step, the guide of the step you are on: the one you last checked, watched or
            edited.
            """,
        arguments: 0...1
    )

    let requestedStep: Step?

    init(_ arguments: ParsedArguments, in kit: Kit) throws(UsageError) {
        requestedStep = try arguments.words.first.map { word throws(UsageError) in
            try StepArgument.parse(word, command: "guide", in: kit)
        }
    }

    func run(in context: Context, on kit: Kit) throws(CommandFailure) -> ExitStatus {
        let workspace = kit.workspace
        let step = requestedStep ?? StepInHand(kit: kit).step(results: ResultStore(kit: kit))
        let file = workspace.folder(of: step).appendingPathComponent("README.md")
        guard let text = try? String(contentsOf: file, encoding: .utf8) else {
            throw CommandFailure(
                "kata guide: \(workspace.relativePath(file.path)) is missing. `kata reset \(step.number)` puts the starter back, guide included.",
                status: .noInput
            )
        }
        context.write(GuideFormatter.format(text, width: context.terminal.width, style: context.style))
        return .success
    }
}

/// Reflows a Markdown guide to the terminal's width: paragraphs and list items are
/// joined and wrapped again; headings, tables and code blocks are kept as written.
enum GuideFormatter {
    static func format(_ markdown: String, width: Int, style: Style) -> String {
        var output: [String] = []
        var paragraph: (indent: String, hanging: String, text: String)?
        var inCode = false

        func flush() {
            guard let current = paragraph else { return }
            let wrapped = TextWrapper.wrap(current.text, width: max(width - current.hanging.count, 20))
            output += wrapped.enumerated().map { ($0.offset == 0 ? current.indent : current.hanging) + $0.element }
            paragraph = nil
        }

        for line in markdown.components(separatedBy: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") {
                flush()
                inCode.toggle()
                continue
            }
            if inCode {
                output.append("    " + style.accent(line))
                continue
            }
            if trimmed.isEmpty {
                flush()
                output.append("")
            } else if trimmed.hasPrefix("#") {
                flush()
                output.append(style.bold(String(trimmed.drop { $0 == "#" }).trimmingCharacters(in: .whitespaces)))
            } else if trimmed.hasPrefix("|") {
                flush()
                output.append(line)
            } else if let marker = listMarker(trimmed) {
                flush()
                let indent = String(line.prefix { $0 == " " })
                paragraph = (indent, indent + String(repeating: " ", count: marker.count), trimmed)
            } else if var current = paragraph {
                current.text += " " + trimmed
                paragraph = current
            } else {
                let indent = String(line.prefix { $0 == " " })
                paragraph = (indent, indent, trimmed)
            }
        }
        flush()
        return output.joined(separator: "\n") + "\n"
    }

    /// "- " or "12. " at the start of a list item.
    private static func listMarker(_ line: String) -> String? {
        if line.hasPrefix("- ") || line.hasPrefix("* ") { return "- " }
        let digits = line.prefix { $0.isNumber }
        guard !digits.isEmpty, line.dropFirst(digits.count).hasPrefix(". ") else { return nil }
        return digits + ". "
    }
}
