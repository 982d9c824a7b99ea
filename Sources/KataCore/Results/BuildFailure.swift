/// Why a step did not build: errors in the learner's files first, then those it caused in the checks, then the rest.
enum BuildFailure {
    static func report(for step: Step, source: Source, build: CommandResult, workspace: Workspace) -> StepReport {
        if case .notStarted(let reason) = build.ending {
            return StepReport(
                step: step, source: source, status: .couldNotRun,
                problem:
                    "Swift could not be started (\(reason)). Install a Swift 6.2 or newer toolchain and put `swift` on your PATH."
            )
        }
        if let reason = BuildSystemRefused.reason(in: build) {
            return StepReport(step: step, source: source, status: .couldNotRun, problem: reason)
        }
        if let reason = InfrastructureFailure.reason(in: build) {
            return StepReport(
                step: step, source: source, status: .couldNotRun,
                problem: "The step could not be built, through no fault of its code: \(reason).")
        }
        let learnerFolder = workspace.folder(of: step, in: source).path + "/"
        let checksFolder = workspace.root.appendingPathComponent("Tests").path + "/"
        let errors = DiagnosticParser.diagnostics(in: build.output).filter { $0.severity != .warning }
            .map { $0.withExcerptFromSource() }
        let learner = errors.filter { $0.file.hasPrefix(learnerFolder) }
        let checks = errors.filter { $0.file.hasPrefix(checksFolder) }
        let others = errors.filter { !$0.file.hasPrefix(learnerFolder) && !$0.file.hasPrefix(checksFolder) }

        var problem: String?
        var rawOutput: String?
        var shownChecks = checks
        if let missing = missingStarters(of: step, source: source, in: workspace).first {
            // The errors it causes only say that names are gone: the file itself is the learner's clue.
            problem = missingSentence(missing, step: step, needed: "the step needs it")
        } else if learner.isEmpty,
            let reordering = checks.lazy.compactMap({ ArgumentOrder(diagnostic: $0.message) }).first
        {
            problem = reordering.explanation(in: reordering.declaringFile(of: step, in: source, workspace: workspace))
            // The type checker gives up on the checks' expressions that no order of the arguments fits: an echo of
            // the reordering, which sent a learner looking for a second problem.
            shownChecks = checks.filter { !$0.message.contains("unable to type-check this expression") }
        } else if learner.isEmpty, !checks.isEmpty {
            problem =
                "Your code compiles, but the checks cannot use it: they call the names and signatures the "
                + "starter gave you. Put back any you renamed, removed or gave another type or signature (the errors below are in "
                + "the checks, caused by that; the line each quotes shows which name)."
        } else if errors.isEmpty {
            let general = DiagnosticParser.generalErrors(in: build.output)
            problem =
                general.isEmpty
                ? "The build failed without a compiler message; the end of its output is below."
                : general.joined(separator: "\n")
            rawOutput = build.output.components(separatedBy: "\n").suffix(30).joined(separator: "\n")
        }
        return StepReport(
            step: step, source: source, status: .buildFailed,
            diagnostics: learner + shownChecks + others, problem: problem, rawOutput: rawOutput
        )
    }
}

extension BuildFailure {
    /// A starter file gone, why it matters, and the two ways back.
    static func missingSentence(_ missing: String, step: Step, needed: String) -> String {
        "\(missing) is missing (deleted or renamed?), and \(needed). Put it back: "
            + "kata reset \(step.number) brings the step's starter back (your files are backed up first), "
            + "or git restore \(missing)."
    }

    /// The step's starter files (as the kit's manifest has them) that are not in the learner's folder, but for those its
    /// lesson deletes.
    static func missingStarters(of step: Step, source: Source, in workspace: Workspace) -> [String] {
        guard source == .exercises, let manifest = try? KitManifest.load(from: workspace) else { return [] }
        let folder = "Exercises/\(step.folder)/"
        let deleted = Set(manifest.deletedByLessons ?? [])
        return manifest.starters.map(\.path).filter { path in
            path.hasPrefix(folder) && path.hasSuffix(".swift") && !deleted.contains(path)
                && FileTree.kind(at: workspace.root.appendingPathComponent(path)) == nil
        }
    }
}

/// A call in the checks whose arguments come in another order than the learner's
/// declaration takes them: most often a struct whose stored properties were declared in
/// another order, since its memberwise initializer follows the declarations.
struct ArgumentOrder: Equatable {
    /// The labels as the checks pass them.
    let checksPass: [String]
    /// The labels as the learner's declaration takes them, when the compiler said.
    let declared: [String]?

    /// Reads "argument 'a' must precede argument 'b'" and "incorrect argument labels in call
    /// (have 'a:b:', expected 'b:a:')" when the labels are the same, only reordered.
    init?(diagnostic message: String) {
        let quoted = message.split(separator: "'", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
        if message.hasPrefix("argument '"), message.contains("' must precede argument '"), quoted.count == 2 {
            // The compiler names the argument that should come first in the declaration's order.
            checksPass = [quoted[1], quoted[0]]
            declared = nil
        } else if message.hasPrefix("incorrect argument labels in call"), quoted.count == 2 {
            let have = quoted[0].split(separator: ":").map(String.init)
            let expected = quoted[1].split(separator: ":").map(String.init)
            guard have != expected, have.sorted() == expected.sorted() else { return nil }
            checksPass = have
            declared = expected
        } else {
            return nil
        }
    }

    /// What happened and what to change; `file` is the learner's file that declares the properties, when found.
    func explanation(in file: String? = nil) -> String {
        let order =
            declared.map {
                "as (\(checksPass.map { $0 + ":" }.joined())) and your declaration takes (\($0.map { $0 + ":" }.joined()))"
            }
            ?? "'\(checksPass[0])' before '\(checksPass[1])', and your declaration takes them the other way round"
        let place = file.map { " in \($0)" } ?? ""
        return "Your code compiles, but the checks pass the arguments \(order). "
            + "A struct's memberwise initializer takes its arguments in the order its stored properties are declared: "
            + "declare them\(place) in the order the checks pass them (the errors below are in the checks, caused by that)."
    }

    /// The first Swift file of the step's folder that declares a stored property for each label the checks pass, as
    /// a path inside that folder.
    func declaringFile(of step: Step, in source: Source, workspace: Workspace) -> String? {
        let folder = "\(source.folderName)/\(step.folder)/"
        for path in workspace.files(of: step, in: source) where path.hasSuffix(".swift") {
            let text = String(decoding: workspace.bytes(of: folder + path), as: UTF8.self)
            if Self.declaresAll(checksPass, in: text) { return path }
        }
        return nil
    }

    /// Whether `text` has `var label` or `let label` for every label. Written plainly: one expression of it took the
    /// type checker seconds.
    private static func declaresAll(_ labels: [String], in text: String) -> Bool {
        var declared: Set<String> = []
        var previous = ""
        var word = ""
        for character in text + " " {
            if character.isLetter || character.isNumber || character == "_" {
                word.append(character)
                continue
            }
            guard !word.isEmpty else { continue }
            if previous == "var" || previous == "let" { declared.insert(word) }
            previous = word
            word = ""
        }
        return labels.allSatisfy(declared.contains)
    }
}

/// A build system the toolchain does not offer (SwiftPM before Swift Build, or a name it does not know): said in one
/// sentence, never as the step's failure.
enum BuildSystemRefused {
    static func reason(in build: CommandResult) -> String? {
        guard let line = build.output.split(separator: "\n").first(where: { $0.contains("for '--build-system") })
        else { return nil }
        let quoted = line.split(separator: "'", omittingEmptySubsequences: false)
        let name = quoted.count > 1 ? String(quoted[1]) : "that"
        return "This Swift has no build system '\(name)' (KATA_BUILD_SYSTEM or --build-system chose "
            + "it); choose another, or leave it out for the toolchain's own."
    }
}

/// A build that failed because of the machine, not the code: the disk full, the compiler killed,
/// the build folder not writable. Such a step was never graded, and a grade must not count it.
enum InfrastructureFailure {
    static func reason(in build: CommandResult) -> String? {
        if case .signalled(let signal) = build.ending {
            return "the build was stopped from outside (signal \(signal))"
        }
        let output = build.output
        let causes: [(String, String)] = [
            ("No space left on device", "the disk is full"),
            ("Disk quota exceeded", "the disk quota is used up"),
            ("Read-only file system", "the build folder is on a read-only file system"),
            ("Cannot allocate memory", "the machine ran out of memory"),
            ("failed due to signal 9", "the compiler was killed (out of memory, or stopped from outside)"),
            ("terminated due to signal 9", "the compiler was killed (out of memory, or stopped from outside)"),
            ("error: unable to open output file", "the build folder cannot be written"),
            ("error: unable to write", "the build folder cannot be written"),
            // SQLite's words: another SwiftPM built in the same folder at the same time.
            (
                "database is locked",
                "another build was using the build folder at the same time; check again once it is done"
            ),
        ]
        for (said, reason) in causes where output.contains(said) {
            return reason
        }
        if output.contains("Permission denied"), !output.contains(": error: "),
            DiagnosticParser.diagnostics(in: output).isEmpty
        {
            return "the build folder cannot be written (permission denied)"
        }
        return nil
    }
}
