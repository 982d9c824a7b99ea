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
            let nameWidth = (Kata.specs.map(\.name.count).max() ?? 0) + 3
            for spec in Kata.specs {
                lines.append("  " + spec.name.padding(toLength: nameWidth, withPad: " ", startingAt: 0) + spec.summary)
            }
            lines += [
                "",
                "Environment:",
                "  KATA_ROOT        the workspace to use (a folder holding Package.swift, Exercises/, Solutions/);",
                "                   without it, kata finds the workspace from the current folder upwards",
                "  KATA_TIME_LIMIT  the default of --time-limit, in seconds (1 to 3600)",
                "  KATA_BUILD_SYSTEM  native or swiftbuild: the build system SwiftPM builds the steps with",
                "                   (the toolchain's own without it; every command also takes --build-system NAME)",
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
        var lines: [String] = []
        for (index, usage) in spec.usage.enumerated() {
            // A long usage wraps under its first option, never mid-option.
            let hanging = String(repeating: " ", count: 7 + "kata \(spec.name) ".count)
            let wrapped = wrapUsage(usage, width: 88 - 7, hanging: hanging.count - 7)
            lines.append((index == 0 ? "Usage: " : "       ") + (wrapped.first ?? ""))
            lines += wrapped.dropFirst().map { hanging + $0 }
        }
        lines += ["", spec.summary + "."]
        if !spec.details.isEmpty {
            lines += ["", spec.details]
        }
        if !spec.options.isEmpty {
            lines += ["", "Options:"]
            // Wide enough for the longest option with its placeholder: a column never cuts one.
            let named = spec.options.map { option in
                (option.value.map { "\(option.name) \($0)" } ?? option.name, option.help)
            }
            let width = max(22, (named.map(\.0.count).max() ?? 0) + 2)
            for (name, help) in named + [("--help", "show this help")] {
                lines.append("  " + name.padding(toLength: width, withPad: " ", startingAt: 0) + help)
            }
        }
        context.write(lines.joined(separator: "\n") + "\n")
        return .success
    }

    /// Breaks a usage line between its bracketed parts, so `[--kit PATH|REF]` stays whole.
    static func wrapUsage(_ usage: String, width: Int, hanging: Int) -> [String] {
        var parts: [String] = []
        var part = ""
        var depth = 0
        for character in usage {
            if character == " ", depth == 0 {
                if !part.isEmpty { parts.append(part) }
                part = ""
                continue
            }
            if character == "[" { depth += 1 }
            if character == "]" { depth = max(0, depth - 1) }
            part.append(character)
        }
        if !part.isEmpty { parts.append(part) }
        var lines: [String] = []
        var line = ""
        for part in parts {
            if !line.isEmpty, line.count + 1 + part.count > (lines.isEmpty ? width : width - hanging) {
                lines.append(line)
                line = part
            } else {
                line += (line.isEmpty ? "" : " ") + part
            }
        }
        lines.append(line)
        return lines
    }
}
