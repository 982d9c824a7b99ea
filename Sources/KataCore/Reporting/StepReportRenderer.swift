/// Writes a step's report as a learner reads it: each check on a line, and for the first failing one (or each, when
/// asked) its story, what went wrong with the values, where, and a first hint.
struct StepReportRenderer {
    let kit: Kit
    let style: Style
    let width: Int
    /// How many failures of one check to show before summing up the rest: every one with `tellsEveryFailure`.
    var failuresShown = 1
    /// How many lines one failure's message may take before it is cut (not with `tellsEveryFailure`): a list of a
    /// hundred flavours hid the one missing.
    static let messageLines = 14
    /// How many lines of a Given or a When kata check shows: enough to say what kind of set-up it is.
    static let storyLines = 16
    /// Every failing check told in full (`kata check --all-failures`). Otherwise only the first, the others a line
    /// each: told all at once, the check to fix first was hundreds of lines up.
    var tellsEveryFailure = false

    init(kit: Kit, terminal: Terminal) {
        self.kit = kit
        self.style = Style(enabled: terminal.usesColor)
        self.width = max(terminal.width, 40)
    }

    func render(_ report: StepReport) -> String {
        var lines = [heading(report), ""]
        switch report.status {
        case .buildFailed:
            lines += buildFailure(report)
        case .couldNotRun:
            lines.append(style.fail(report.problem ?? "The checks could not run."))
        case .failed
        where report.checks.first(where: { $0.status.isFailure }).flatMap(MistakeHunt.reasonNothingCounts) != nil:
            lines += nothingCounts(report)
            if let problem = report.problem {
                lines += [""] + TextWrapper.wrap(problem, width: width).map(style.warn)
            }
        case .passed, .failed:
            let toldInOrder = toldChecks(report)
            let told = Set(toldInOrder.map(\.key))
            for (index, check) in report.checks.enumerated() {
                if told.contains(check.key) {
                    // The likely misconception goes under the first check told: the one to fix first.
                    let diagnosis = check.key == toldInOrder.first?.key ? report.diagnosis : nil
                    let parts = self.told(check, step: report.step, source: report.source, diagnosis: diagnosis)
                    lines += parts.title + parts.story + parts.outcome + parts.hint + [""]
                } else {
                    lines += item(check)
                }
                // Checks that did not run share their reason: say it under the first of them.
                if check.status == .notRun, let why = check.failures.first?.message,
                    !report.checks[..<index].contains(where: { $0.status == .notRun })
                {
                    lines += labelled("Why", [why], paint: style.dim)
                }
            }
            if let problem = report.problem {
                lines += TextWrapper.wrap(problem, width: width).map(style.warn) + [""]
            }
            let named = report.checks.filter { $0.status.isFailure }.count - told.count
            if named > 0 {
                if lines.last != "" { lines.append("") }
                let note =
                    "The first failing check is the one to fix; "
                    + (named == 1 ? "the other is" : "the \(named) others are") + " named only."
                // The command on a line of its own, so that no wrapping cuts it in two.
                let all =
                    "To see \(named == 1 ? "it" : "each") in full: kata check \(report.step.number) --all-failures"
                lines += (TextWrapper.wrap(note, width: width) + TextWrapper.wrap(all, width: width)).map(style.dim)
            }
        }
        if lines.last != "" { lines.append("") }
        lines.append(summary(report))
        return lines.joined(separator: "\n") + "\n"
    }

    /// A lesson of suites whose suites fail (or stop) on a correct scene: no mistake was tried, so none is named as if
    /// it were missed. The reason stands under a heading of its own, with where and why, and the mistakes are counted.
    private func nothingCounts(_ report: StepReport) -> [String] {
        guard let check = report.checks.first(where: { $0.status.isFailure }), let failure = check.failures.first
        else { return [] }
        let heading = "Your suites must pass on the scene, and on its correct variants, before a mistake counts"
        var lines = TextWrapper.wrap(heading, width: width - 4).enumerated().map { index, piece in
            (index == 0 ? "  " + style.fail("✘") + " " : "    ") + style.bold(piece)
        }
        let group = FailureGroup.group([failure]).first
        let values = ReadableValues(step: report.step, workspace: kit.workspace)
        lines += labelled("Why", [values.readable(failure.message)], paint: style.fail)
        if let arguments = group?.argumentsPhrase, !arguments.isEmpty {
            lines += labelled("", ["It failed " + arguments.dropLast(2) + "."])
        }
        lines += labelled("", failure.details)
        if let file = failure.file, let line = failure.line {
            lines += labelled("", ["\(kit.workspace.relativePath(file)):\(line)"], paint: style.dim)
        }
        let count = report.checks.count
        return lines + [""]
            + TextWrapper.wrap(
                "None of the \(count) mistakes was tried. Once your suites pass here, kata check "
                    + "\(report.step.number) runs them on each.", width: width
            ).map(style.dim)
    }

    /// kata watch's screen, `height` lines at most: the step, the first failing check's title and as much of its story
    /// as fits, then a line for each other check, so that redrawn on a terminal the check to fix never scrolls off.
    func screen(_ report: StepReport, height: Int) -> String {
        let again = "kata check \(report.step.number)"
        if report.status == .passed {
            // A line each, or when they do not all fit, the passing ones counted on one.
            var list = report.checks.map { row($0) }
            if list.count > height - 4 {
                list =
                    [style.pass("  ✔ \(report.passedCount) checks pass")]
                    + report.checks.filter { !$0.status.isPass }.map { row($0) }
            }
            return ([heading(report), ""] + list + ["", summary(report)]).joined(separator: "\n") + "\n"
        }
        guard report.status == .failed, let first = report.checks.firstIndex(where: { $0.status.isFailure }) else {
            // Nothing to choose from: the report as it is, cut at the bottom but for its last line.
            var lines = render(report).components(separatedBy: "\n").dropLast().map { $0 }
            if lines.count > height, height > 2 {
                lines = lines.prefix(height - 2) + [style.dim("… (\(again) shows the rest)"), lines[lines.count - 1]]
            }
            return lines.joined(separator: "\n") + "\n"
        }
        let check = report.checks[first]
        // One failure of the check is enough to start on; the others wait for kata check.
        var briefer = self
        briefer.failuresShown = 1
        let parts = briefer.told(check, step: report.step, source: report.source, diagnosis: report.diagnosis)
        let head = [heading(report), ""] + item(check, bold: true)
        let tail = ["", summary(report)]
        let room = max(height - head.count - tail.count, 0)
        var others = report.checks.indices.filter { $0 != first }.map { report.checks[$0] }
        var list = others.map { row($0) }
        // The list has up to half the room (a line each, the passing ones counted on one line if need be), the
        // failing check's telling the rest.
        let listRoom = max(room / 2, 3)
        if list.count + 1 > listRoom {
            let passing = others.filter(\.status.isPass).count
            if passing > 1 {
                others = others.filter { !$0.status.isPass }
                list = [style.pass("  ✔ \(passing) checks pass")] + others.map { row($0) }
            }
        }
        if list.count + 1 > listRoom {
            let kept = max(listRoom - 2, 1)
            list = list.prefix(kept) + [style.dim("  … and \(list.count - kept) more (\(again) names them)")]
        }
        let left = room - (list.isEmpty ? 0 : list.count + 1)
        // What failed, where, and the hint say what to do: the story is cut first, from the end of its Given (the
        // Then says what should hold), then what failed, and the hint last.
        let essential = parts.outcome + parts.hint
        var details = parts.story + essential
        if details.count > left {
            let storyKept = min(parts.story.count, max(left - 1 - essential.count, 0))
            let marker = labelled(
                "", [storyKept == 0 ? "(\(again) shows its Given/When/Then)" : "… (\(again) shows the rest)"],
                paint: style.dim)
            let afterGiven = parts.story.count - parts.setUp
            details =
                storyKept >= afterGiven
                ? Array(parts.story.prefix(storyKept - afterGiven)) + marker + parts.story.suffix(afterGiven)
                    + essential
                : Array(parts.story.dropFirst(parts.setUp).prefix(storyKept)) + marker + essential
            if details.count > left {
                // Still too long: what failed is cut, before the hint.
                let rest = labelled("", ["… (\(again) shows the rest)"], paint: style.dim)
                let outcomeRoom = left - rest.count - parts.hint.count
                details =
                    outcomeRoom > 0
                    ? Array(parts.outcome.prefix(outcomeRoom)) + rest + parts.hint
                    : Array(essential.prefix(max(left - rest.count, 0))) + rest
            }
        }
        let lines = head + details + (list.isEmpty ? [] : [""] + list) + tail
        return lines.joined(separator: "\n") + "\n"
    }

    func heading(_ report: StepReport) -> String {
        let step = report.step
        let source = report.source == .solutions ? " · reference solution" : ""
        return style.bold("Step \(step.number) · \(step.name)") + style.dim(" (\(step.app) · \(step.scene))" + source)
    }

    /// `Step 3: 2/4 checks pass`, or why there is no count.
    func summary(_ report: StepReport) -> String {
        switch report.status {
        case .buildFailed: style.fail("Step \(report.step.number): does not build")
        case .couldNotRun: style.fail("Step \(report.step.number): could not run")
        case .passed: style.pass("Step \(report.step.number): " + count(report))
        case .failed: "Step \(report.step.number): " + count(report) + kept(report)
        }
    }

    /// `4/6 checks pass`, or for a lesson of suites `4/14 mistakes caught`.
    private func count(_ report: StepReport) -> String {
        "\(report.passedCount)/\(report.checks.count) " + report.step.passingWords
    }

    /// In a migration, the checks the starter already passes are the behaviour to keep:
    /// ` (behaviour kept: 6/6; the new structure: 2/20)`, so a learner sees which part is left.
    private func kept(_ report: StepReport) -> String {
        let keptKeys = Set(kit.course.checks(of: report.step).filter(\.annotations.starterPasses).map(\.key))
        guard !keptKeys.isEmpty else { return "" }
        let (kept, rest) = (
            report.checks.filter { keptKeys.contains($0.key) }, report.checks.filter { !keptKeys.contains($0.key) }
        )
        func tally(_ checks: [CheckResult]) -> String { "\(checks.filter(\.status.isPass).count)/\(checks.count)" }
        return " (behaviour kept: \(tally(kept)); the new structure: \(tally(rest)))"
    }

    // MARK: - Checks

    /// The failing checks told in full, each with its story and its first hint.
    func toldChecks(_ report: StepReport) -> [CheckResult] {
        let failing = report.checks.filter { $0.status.isFailure }
        return tellsEveryFailure ? failing : Array(failing.prefix(1))
    }

    /// How a check is marked at the start of its line, and how its name is painted.
    private func mark(_ check: CheckResult) -> (mark: String, paint: (String) -> String, after: String) {
        switch check.status {
        case .passed: (style.pass("✔"), { $0 }, "")
        case .skipped: (style.dim("-"), style.dim, " (skipped)")
        case .notRun: (style.warn("?"), { $0 }, " (did not run)")
        case .crashed: (style.fail("✘ crashed:"), { $0 }, "")
        case .timedOut: (style.fail("✘ hung:"), { $0 }, "")
        case .failed: (style.fail("✘"), { $0 }, "")
        }
    }

    /// A check named on its own line, wrapped under itself when its name is longer than the terminal.
    private func item(_ check: CheckResult, bold: Bool = false) -> [String] {
        let (mark, paint, after) = self.mark(check)
        let lead = "  " + mark + " "
        let leadWidth = TextWrapper.visibleCount(lead)
        let pieces = TextWrapper.wrap(check.name + after, width: width - leadWidth)
        return pieces.enumerated().map { index, piece in
            (index == 0 ? lead : String(repeating: " ", count: 4)) + (bold ? style.bold(piece) : paint(piece))
        }
    }

    /// A check named on exactly one line, cut to the terminal's width: a screen has no room to wrap it.
    private func row(_ check: CheckResult, bold: Bool = false) -> String {
        let (mark, paint, after) = self.mark(check)
        let lead = "  " + mark + " "
        let name = TextWrapper.cut(check.name + after, width: width - TextWrapper.visibleCount(lead))
        return lead + (bold ? style.bold(name) : paint(name))
    }

    /// A failing check told in full: its title, its story, what failed and where, and its first hint.
    private func told(_ check: CheckResult, step: Step, source: Source, diagnosis: Diagnosis? = nil) -> (
        title: [String], story: [String], outcome: [String], hint: [String], setUp: Int
    ) {
        let title = item(check, bold: true)
        let story =
            check.file.flatMap { file in check.line.map { CheckStory.read(file: file, testAt: $0) } } ?? CheckStory()
        let given = briefly(labelled("Given", story.given, asCode: true), check)
        var outcome: [String] = []
        let groups = FailureGroup.group(check.failures)
        let shown = tellsEveryFailure ? groups.count : failuresShown
        let everyFailure = "kata check \(step.number) --all-failures"
        // The Then is what the failures shown promised: the check's other promises hold of the learner's code, or are
        // not reached yet, and read first they send the learner the wrong way. A crash or a hang promised it all.
        let promised = Set(groups.prefix(shown).flatMap(\.failure.details))
        let focused = story.then.filter(promised.contains)
        let then = tellsEveryFailure || focused.isEmpty ? story.then : focused
        var thenLines = labelled("Then", then)
        if then.count < story.then.count {
            thenLines += labelled(
                "", ["… \(story.then.count - then.count) more in its Then: \(everyFailure)"], paint: style.dim)
        }
        let storyLines = given + briefly(labelled("When", story.when, asCode: true), check) + thenLines
        let values = ReadableValues(step: step, workspace: kit.workspace)
        for group in groups.prefix(shown) {
            let label = check.status == .failed ? "Failed" : "Why"
            let said = group.argumentsPhrase + values.readable(group.failure.message)
            var message = labelled(label, [said], paint: style.fail)
            if !tellsEveryFailure, message.count > Self.messageLines {
                let cut = message.count - Self.messageLines + 1
                message =
                    message.prefix(Self.messageLines - 1)
                    + labelled("", ["… \(cut) lines more: \(everyFailure) shows all of it"], paint: style.dim)
            }
            outcome += message
            if let difference = TextDifference.note(for: group.failure.message) {
                outcome += labelled("", [difference])
            }
            // The story's Then already says what should hold; show only what it does not.
            outcome += labelled("", group.failure.details.filter { !story.then.contains($0) })
            if let file = group.failure.file, let line = group.failure.line {
                outcome += labelled("", ["\(kit.workspace.relativePath(file)):\(line)"], paint: style.dim)
            }
        }
        if groups.count > shown {
            let more = groups.count - shown
            outcome += labelled(
                "", ["… and \(more) more failure\(more == 1 ? "" : "s") of this check: \(everyFailure)"],
                paint: style.dim)
        }
        var hint: [String] = []
        if let diagnosis {
            hint += labelled("", ["This looks like: " + diagnosis.sentence], paint: style.accent)
        }
        if source == .solutions {
            // A learner's hints do not fix the kit: a failing reference solution is the author's to mend.
            hint += labelled("", ["This is the reference solution: the kit's check or its solution needs fixing."])
        } else if MistakeHunt.reasonNothingCounts(in: check) != nil {
            // The reason is about the suites as a whole: this mistake's hint would send the learner elsewhere.
        } else if let guide = kit.course.guide(step, key: check.key), let first = guide.hints.first {
            hint += labelled("Hint", [first], paint: style.accent)
            let place = PlaceToLook(for: check, of: step, source: source, in: kit, diagnosis: diagnosis)
            let look = place.map { $0.file + ($0.isWhereItStopped ? ", where it stopped" : "") } ?? guide.file
            hint += labelled("", ["Look in \(look). More: kata hint \(step.number)"], paint: style.dim)
        }
        return (title, storyLines, outcome, hint, given.count)
    }

    /// A long Given or When cut to its first lines, saying where the rest is (a generator's fifty lines of set-up hid
    /// what failed); `--all-failures` tells it whole.
    private func briefly(_ lines: [String], _ check: CheckResult) -> [String] {
        guard !tellsEveryFailure, lines.count > Self.storyLines else { return lines }
        let kept = Self.storyLines - 1
        let place = check.file.map { kit.workspace.relativePath($0) + (check.line.map { ":\($0)" } ?? "") }
        return lines.prefix(kept)
            + labelled("", ["… \(lines.count - kept) lines more" + (place.map { ": \($0)" } ?? "")], paint: style.dim)
    }

    /// `      Given  first line` then continuation lines aligned under it, wrapped (`asCode`: as code is).
    private func labelled(
        _ label: String, _ texts: [String], asCode: Bool = false, paint: (String) -> String = { $0 }
    ) -> [String] {
        let indent = String(repeating: " ", count: 6)
        let gutter = 7
        var lines: [String] = []
        for (index, text) in texts.enumerated() {
            let prefix = indent + (index == 0 ? label : "").padding(toLength: gutter, withPad: " ", startingAt: 0)
            for (lineIndex, piece) in TextWrapper.wrap(text, width: width - prefix.count, asCode: asCode).enumerated() {
                lines.append((lineIndex == 0 ? prefix : String(repeating: " ", count: prefix.count)) + paint(piece))
            }
        }
        return lines
    }

    // MARK: - Builds

    private func buildFailure(_ report: StepReport) -> [String] {
        var lines = [style.fail("Step \(report.step.number) does not build.")]
        if let problem = report.problem {
            lines += ["", problem]
        }
        for diagnostic in report.diagnostics.prefix(8) {
            let location = "\(kit.workspace.relativePath(diagnostic.file)):\(diagnostic.line):\(diagnostic.column)"
            let severity =
                diagnostic.severity == .error ? style.fail("error") : style.warn(diagnostic.severity.rawValue)
            lines += ["", style.bold(location) + ": " + severity + ": " + diagnostic.message]
            lines += diagnostic.excerpt
        }
        if report.diagnostics.count > 8 {
            lines += [
                "", style.dim("… and \(report.diagnostics.count - 8) more: the first ones often cause the rest."),
            ]
        }
        if let raw = report.rawOutput {
            lines += ["", raw]
        }
        let again = "kata check \(report.step.number)" + (report.source == .solutions ? " --solutions" : "")
        lines += ["", "Fix this, then run " + style.bold(again) + " again."]
        return lines
    }
}

/// Breaks text into lines of at most `width` characters, at spaces where it can.
enum TextWrapper {
    /// A paragraph's indentation is kept, on every line of it. `asCode` (a story's code) goes on four spaces further
    /// in, as Swift is written, and a line comment goes on as a comment: never as code, nor code as prose.
    static func wrap(_ text: String, width: Int, asCode: Bool = false) -> [String] {
        let width = max(width, 20)
        var lines: [String] = []
        for paragraph in text.components(separatedBy: "\n") {
            let indent = String(paragraph.prefix { $0 == " " })
            let isComment = paragraph.dropFirst(indent.count).hasPrefix("//")
            let hanging = !asCode ? indent : isComment ? indent + "// " : indent + "    "
            var line = ""
            var started = false
            for word in words(of: paragraph.dropFirst(indent.count)) {
                if !started {
                    line = indent + word
                    started = true
                } else if visibleCount(line) + 1 + visibleCount(String(word)) > width {
                    lines.append(line)
                    line = hanging + word
                } else {
                    line += " " + word
                }
            }
            lines.append(line)
        }
        return lines
    }

    /// The text split at its spaces, but for the spaces of a quoted value next to its quotes or to each other: a value's
    /// leading or trailing spaces broken onto the end of a line are spaces no learner sees (`"  Ada"` read as `"Ada"`).
    static func words(of text: Substring) -> [Substring] {
        let characters = Array(text)
        var words: [Substring] = []
        var start = text.startIndex
        var inQuote = false
        var index = text.startIndex
        for (offset, character) in characters.enumerated() {
            defer { index = text.index(after: index) }
            if character == "\"", offset == 0 || characters[offset - 1] != "\\" {
                inQuote.toggle()
                continue
            }
            guard character == " " else { continue }
            let neighbours = [
                offset > 0 ? characters[offset - 1] : "x", offset + 1 < characters.count ? characters[offset + 1] : "x",
            ]
            if inQuote, neighbours.contains(" ") || neighbours.contains("\"") { continue }
            words.append(text[start..<index])
            start = text.index(after: index)
        }
        words.append(text[start...])
        return words
    }

    /// How many lines of a terminal `width` wide the text takes, each of its lines wrapped by the terminal.
    static func rows(of text: String, width: Int) -> Int {
        guard !text.isEmpty else { return 0 }
        let lines =
            text.hasSuffix("\n") ? text.dropLast().components(separatedBy: "\n") : text.components(separatedBy: "\n")
        return lines.map { max(1, (visibleCount($0) + width - 1) / max(width, 1)) }.reduce(0, +)
    }

    /// The text on one line of `width` characters at most: cut, with an ellipsis, when it is longer. Plain text only.
    static func cut(_ text: String, width: Int) -> String {
        guard text.count > width else { return text }
        return String(text.prefix(max(width - 1, 0))) + "…"
    }

    /// Characters a terminal shows: colour codes take no room.
    static func visibleCount(_ text: String) -> Int {
        var count = 0
        var inEscape = false
        for character in text {
            if inEscape {
                if character == "m" { inEscape = false }
            } else if character == "\u{1B}" {
                inEscape = true
            } else {
                count += 1
            }
        }
        return count
    }
}

/// Failures that say the same thing for several arguments, told once.
struct FailureGroup {
    let failure: CheckResult.Failure
    var arguments: [String]

    static func group(_ failures: [CheckResult.Failure]) -> [FailureGroup] {
        var groups: [FailureGroup] = []
        for failure in failures {
            var bare = failure
            bare.argument = nil
            if let index = groups.firstIndex(where: { $0.failure == bare }) {
                groups[index].arguments += failure.argument.map { [$0] } ?? []
            } else {
                groups.append(FailureGroup(failure: bare, arguments: failure.argument.map { [$0] } ?? []))
            }
        }
        return groups
    }

    /// "with the gelato bar menu: ", "with the gelato bar menu, the … and 2 more: ", or nothing.
    var argumentsPhrase: String {
        switch arguments.count {
        case 0: ""
        case 1: "with \(arguments[0]): "
        case 2: "with \(arguments[0]) and \(arguments[1]): "
        default: "with \(arguments[0]), \(arguments[1]) and \(arguments.count - 2) more: "
        }
    }
}
