/// `kata --help` and `kata <command> --help`.
enum HelpCommand {
    static func show(topic: String?, in context: Context) -> ExitStatus {
        let style = context.style
        guard let topic else {
            var lines = [
                style.bold("kata") + ": the VIP kata's runner. Build a step, read each check's story, make it pass.",
                "",
                "Usage: kata [command] [options]        (no command: kata status)",
                "",
                "Commands:",
            ]
            for spec in Kata.specs {
                lines.append("  " + spec.name.padding(toLength: 9, withPad: " ", startingAt: 0) + spec.summary)
            }
            lines += [
                "",
                "Environment:",
                "  KATA_ROOT        the workspace to use (a folder holding Package.swift, Exercises/, Solutions/);",
                "                   without it, kata finds the workspace from the current folder upwards",
                "  KATA_TIME_LIMIT  the default of --time-limit, in seconds (1 to 3600)",
                "  NO_COLOR         no colour (TERM=dumb: no colour and no progress line)",
                "",
                "Every command takes --help. kata --version prints the version.",
                "Start with: kata check 1",
            ]
            context.write(lines.joined(separator: "\n") + "\n")
            return .success
        }
        guard let spec = Kata.specs.first(where: { $0.name == topic }) else {
            context.writeError("kata help: there is no command '\(topic)'. See kata --help.\n")
            return .usage
        }
        var lines = spec.usage.enumerated().map { ($0.offset == 0 ? "Usage: " : "       ") + $0.element }
        lines += ["", spec.summary + "."]
        if !spec.details.isEmpty {
            lines += ["", spec.details]
        }
        if !spec.options.isEmpty {
            lines += ["", "Options:"]
            for option in spec.options {
                let name = option.value.map { "\(option.name) \($0)" } ?? option.name
                lines.append("  " + name.padding(toLength: 22, withPad: " ", startingAt: 0) + option.help)
            }
            lines.append("  " + "--help".padding(toLength: 22, withPad: " ", startingAt: 0) + "show this help")
        }
        context.write(lines.joined(separator: "\n") + "\n")
        return .success
    }
}
