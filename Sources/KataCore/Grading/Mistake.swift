import Foundation

/// A plausible learner mistake from the kit's catalogue (`Tests/Mistakes/NN-name.patch`): a
/// small patch of a reference solution, the sentence saying what the learner did, and the
/// checks whose stories are about it. See Tests/Mistakes/README.md for the format.
struct Mistake: Sendable, Equatable {
    /// The file name: `03-view-asks-twice.patch`.
    let name: String
    let step: Int
    /// What the learner did, in one line.
    let description: String
    /// The keys of the checks that must catch it.
    let caughtBy: [String]
    /// Whether `make test` runs it every time.
    let fast: Bool
    /// Not a mistake but a correct answer in another style (`Passes: yes`): every check of
    /// its step must pass on it, so no check rejects a right answer for how it is written.
    var passes = false
    /// Written blind (`Written: blind`): from the step's guide and starter alone, before its
    /// checks changed. Until an author names its checks, any failing check catches it.
    var blind = false
    /// The misconception it shows (`Misconception:`), by its id in Tests/Mistakes/misconceptions.txt.
    var misconception: String?
    /// Kept out of the diagnosis's examples (`Held-out: yes`): a round written blind, on which the
    /// diagnosis is measured apart, as on mistakes it has never seen.
    var heldOut = false
    /// A suite of a lesson of suites that expects what the guide leaves free (`Over-specifies:` the id of the
    /// correct variant it fails on): it must score nothing, and be told that variant's freedom.
    var overSpecifies: String?
    let patch: UnifiedPatch

    static let folder = "Tests/Mistakes"

    /// Reads one catalogue file; a sentence saying what is wrong with it otherwise.
    static func read(name: String, text: String, in course: Course) -> Result<Mistake, MistakeProblem> {
        func problem(_ sentence: String) -> Result<Mistake, MistakeProblem> {
            .failure(MistakeProblem(name: name, sentence: sentence))
        }
        guard let step = Int(name.prefix(2)), let folder = course.step(step)?.folder else {
            return problem("its name does not start with a step number (03-…)")
        }
        var fields: [String: String] = [:]
        var lines = text.components(separatedBy: "\n")[...]
        while let line = lines.first, !line.trimmingCharacters(in: .whitespaces).isEmpty {
            lines = lines.dropFirst()
            guard let colon = line.firstIndex(of: ":") else {
                return problem("its header line '\(line)' is not 'Key: value'")
            }
            fields[String(line[..<colon]).lowercased()] = line[line.index(after: colon)...]
                .trimmingCharacters(in: .whitespaces)
        }
        guard let description = fields["mistake"], !description.isEmpty else {
            return problem("it has no 'Mistake:' line")
        }
        let caughtBy = (fields["caught-by"] ?? "").split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let passes = fields["passes"]?.lowercased() == "yes"
        let blind = fields["written"]?.lowercased() == "blind"
        let overSpecifies = fields["over-specifies"].flatMap { $0.isEmpty ? nil : $0 }
        guard !caughtBy.isEmpty || passes || blind || overSpecifies != nil else {
            return problem("it has no 'Caught-by:' line naming a check (or 'Passes: yes' for a correct answer)")
        }
        let patch = UnifiedPatch(lines.joined(separator: "\n"))
        guard !patch.files.isEmpty else { return problem("it holds no diff") }
        guard patch.files.allSatisfy({ $0.path.hasPrefix("Solutions/\(folder)/") }) else {
            return problem("its diff changes files outside Solutions/\(folder)/")
        }
        return .success(
            Mistake(
                name: name, step: step, description: description, caughtBy: caughtBy,
                fast: fields["fast"]?.lowercased() == "yes", passes: passes, blind: blind,
                misconception: fields["misconception"].flatMap { $0.isEmpty ? nil : $0 },
                heldOut: fields["held-out"]?.lowercased() == "yes", overSpecifies: overSpecifies, patch: patch))
    }

    /// Mistakes that name a check their step does not have.
    static func unknownChecks(in mistakes: [Mistake], course: Course) -> [MistakeProblem] {
        mistakes.compactMap { mistake in
            let declared = Set(course.checks(of: course.steps[mistake.step - 1]).map(\.key))
            return mistake.caughtBy.first { !declared.contains($0) }.map {
                MistakeProblem(
                    name: mistake.name, sentence: "Caught-by names \($0), which step \(mistake.step) does not have")
            }
        }
    }

    /// Every file of the catalogue, read; the problems of those that cannot be.
    static func catalogue(in kit: Kit) -> (mistakes: [Mistake], problems: [MistakeProblem]) {
        let workspace = kit.workspace
        var mistakes: [Mistake] = []
        var problems: [MistakeProblem] = []
        for path in workspace.allFiles(under: folder) where path.hasSuffix(".patch") {
            let name = String(path.dropFirst(folder.count + 1))
            switch read(name: name, text: String(decoding: workspace.bytes(of: path), as: UTF8.self), in: kit.course) {
            case .success(let mistake): mistakes.append(mistake)
            case .failure(let problem): problems.append(problem)
            }
        }
        return (mistakes, problems)
    }

    /// What the patch changes, file by file: the lines it takes out and puts in, with indentation, blank lines and
    /// comments set aside. Two catalogue files with the same change are one mistake written twice, as a blind round
    /// often rewrites what an earlier one wrote.
    var change: String {
        patch.files.map { file in
            // A hunk's old and new lines share its context; what is left of each, less the other, is what changed.
            func lines(_ these: [String], notIn those: [String]) -> [String] {
                var others = those
                return these.filter { line in
                    guard let index = others.firstIndex(of: line) else { return true }
                    others.remove(at: index)
                    return false
                }
            }
            let removed = file.hunks.flatMap { lines($0.old, notIn: $0.new) }
            let added = file.hunks.flatMap { lines($0.new, notIn: $0.old) }
            func code(_ lines: [String]) -> [String] {
                lines.map { $0.replacing(/(^|\s)\/\/.*$/, with: "").trimmingCharacters(in: .whitespaces) }
                    .filter { !$0.isEmpty }.sorted()
            }
            return ([file.path] + code(removed).map { "-" + $0 } + code(added).map { "+" + $0 }).joined(separator: "\n")
        }.joined(separator: "\n")
    }
}

/// Why a catalogue file cannot be used.
struct MistakeProblem: Error, Sendable, Equatable {
    let name: String
    let sentence: String
}

/// A unified diff, as `git diff` writes it, that can be applied to texts in memory.
struct UnifiedPatch: Sendable, Equatable {
    struct FilePatch: Sendable, Equatable {
        /// Relative to the kit: `Solutions/NN-Name/Scene/View.swift`.
        let path: String
        let hunks: [Hunk]
        /// A file the patch adds (`--- /dev/null`): applied to an empty text.
        var isNew = false
    }

    struct Hunk: Sendable, Equatable {
        /// Where the old lines start (1-based), as the header says.
        let oldStart: Int
        /// The old lines (context and removed) and the new lines (context and added).
        let old: [String]
        let new: [String]
    }

    let files: [FilePatch]

    init(_ text: String) {
        var files: [FilePatch] = []
        var path: String?
        var isNew = false
        // `--- /dev/null` comes before the `+++` line that names the file it adds.
        var addsNext = false
        var hunks: [Hunk] = []
        // A hunk's header says how many old and new lines it has: lines past them are not its.
        var current: (start: Int, oldCount: Int, newCount: Int, old: [String], new: [String])?
        func closeHunk() {
            if let hunk = current {
                // `@@ -0,0 …` adds to an empty file; otherwise the start is where the old lines begin.
                hunks.append(
                    Hunk(oldStart: hunk.old.isEmpty ? hunk.start + 1 : hunk.start, old: hunk.old, new: hunk.new))
            }
            current = nil
        }
        func closeFile() {
            closeHunk()
            if let path, !hunks.isEmpty { files.append(FilePatch(path: path, hunks: hunks, isNew: isNew)) }
            hunks = []
            isNew = false
        }
        for line in text.components(separatedBy: "\n") {
            if line.hasPrefix("+++ ") {
                closeFile()
                isNew = addsNext
                let name = line.dropFirst(4).prefix { $0 != "\t" }
                path = name.hasPrefix("b/") ? String(name.dropFirst(2)) : String(name)
            } else if line.hasPrefix("--- ") || line.hasPrefix("diff ") || line.hasPrefix("index ") {
                closeHunk()
                if line.hasPrefix("--- ") { addsNext = line.dropFirst(4).hasPrefix("/dev/null") }
            } else if line.hasPrefix("@@ ") {
                closeHunk()
                // @@ -12,7 +12,8 @@
                let ranges = line.dropFirst(3).split(separator: " ").prefix(2).map { range in
                    let numbers = range.dropFirst().split(separator: ",").map { Int($0) ?? 0 }
                    return (start: numbers.first ?? 0, count: numbers.count > 1 ? numbers[1] : 1)
                }
                guard ranges.count == 2 else { continue }
                current = (ranges[0].start, ranges[0].count, ranges[1].count, [], [])
            } else if let hunk = current, hunk.old.count < hunk.oldCount || hunk.new.count < hunk.newCount {
                if line.hasPrefix(" ") {
                    current?.old.append(String(line.dropFirst()))
                    current?.new.append(String(line.dropFirst()))
                } else if line.hasPrefix("-") {
                    current?.old.append(String(line.dropFirst()))
                } else if line.hasPrefix("+") {
                    current?.new.append(String(line.dropFirst()))
                } else if line.hasPrefix("\\") {
                    continue  // "\ No newline at end of file"
                } else if line.isEmpty {
                    // A context line that was blank, when an editor dropped its space.
                    current?.old.append("")
                    current?.new.append("")
                }
            }
        }
        closeFile()
        self.files = files
    }

    /// The text with this file's hunks applied: each where its old lines are, searched from the line its header gives
    /// outwards (the solution may have moved since). Nil when a hunk's old lines are nowhere in the text.
    static func apply(_ patch: FilePatch, to text: String) -> String? {
        var lines = text.components(separatedBy: "\n")
        var shift = 0
        for hunk in patch.hunks {
            let expected = max(0, hunk.oldStart - 1 + shift)
            guard let at = position(of: hunk.old, in: lines, near: expected) else { return nil }
            lines.replaceSubrange(at..<(at + hunk.old.count), with: hunk.new)
            shift += hunk.new.count - hunk.old.count + (at - expected)
        }
        return lines.joined(separator: "\n")
    }

    private static func position(of block: [String], in lines: [String], near expected: Int) -> Int? {
        guard block.count <= lines.count else { return nil }
        let last = lines.count - block.count
        for distance in 0...max(expected, last - expected, 0) {
            for candidate in [expected - distance, expected + distance] where candidate >= 0 && candidate <= last {
                if Array(lines[candidate..<(candidate + block.count)]) == block { return candidate }
            }
        }
        return nil
    }
}
