import Foundation

// The kit's own rules, which `kata verify` (and `kata manifest`) check: every step has its
// folders and a guide, every check its hints, a lesson of suites its mistakes, and the
// manifest is current. Each audit reads the course and says what is wrong, in sentences.

/// The folders, modules and guides every step has.
enum LayoutAudit {
    /// Four things per step: its exercise, its solution, its checks, its guide.
    static func itemCount(of kit: Kit) -> Int { kit.steps.count * 4 }

    static func problems(in kit: Kit) -> [String] {
        let workspace = kit.workspace
        let files = FileManager.default
        var problems: [String] = []
        for step in kit.steps {
            for source in [Source.exercises, .solutions] {
                let folder = workspace.folder(of: step, in: source)
                if !files.fileExists(atPath: folder.path) {
                    problems.append("\(workspace.relativePath(folder.path)) is missing")
                }
            }
            if !files.fileExists(atPath: workspace.testsFolder(of: step).path) {
                problems.append("Tests/\(step.testTarget) is missing")
            }
            let guides = [Source.exercises, .solutions].map {
                try? String(
                    contentsOf: workspace.folder(of: step, in: $0).appendingPathComponent("README.md"), encoding: .utf8)
            }
            if guides.contains(where: { ($0 ?? "").count < 400 }) {
                problems.append(
                    "step \(step.number) has no guide: README.md missing or too short in Exercises/ or Solutions/")
            } else if guides[0] != guides[1] {
                problems.append("step \(step.number)'s README.md differs between Exercises/ and Solutions/")
            }
        }
        return problems
    }
}

/// Every check has hints, and each hint points at a file of the step that has the marked place.
/// A lesson of suites: its list of mistakes is whole, and each is built into the scene's copy.
enum SuiteAudit {
    static func problems(step: Step, workspace: Workspace) -> [String] {
        guard step.kind == .suites else { return [] }
        let list = SuiteMistake.listPath(of: step)
        let mistakes: [SuiteMistake]
        do {
            mistakes = try SuiteMistake.read(of: step, in: workspace)
        } catch {
            return ["step \(step.number): \(list) cannot be read as a list of mistakes (\(error))"]
        }
        guard !mistakes.isEmpty else { return ["step \(step.number): \(list) lists no mistake"] }
        var problems: [String] = []
        guard let module = SuiteMistake.builtInCopy(of: step, in: workspace) else {
            return [
                "step \(step.number): no copy of \(step.givenModules) with the mistakes built in under Tests/\(step.testTarget)"
            ]
        }
        let copy = workspace.allFiles(under: "Tests/\(step.testTarget)/\(module)").filter { $0.hasSuffix(".swift") }
            .map { String(decoding: workspace.bytes(of: $0), as: UTF8.self) }.joined(separator: "\n")
        var seen: Set<String> = []
        for mistake in mistakes {
            if !seen.insert(mistake.id).inserted {
                problems.append("step \(step.number): the mistake \(mistake.id) is listed twice in \(list)")
            }
            if !copy.contains("\"\(mistake.id)\"") {
                problems.append(
                    "step \(step.number): the mistake \(mistake.id) is not built into the copy of \(module)")
            }
            if mistake.hints.count != 3 {
                problems.append(
                    "step \(step.number): the mistake \(mistake.id) has \(mistake.hints.count) hints, not 3")
            }
        }
        do {
            let variants = try SuiteVariant.read(of: step, in: workspace)
            let marked = SuiteVariant.marked(in: copy)
            let readme = workspace.folder(of: step).appendingPathComponent("README.md")
            let guide = SuiteVariant.words((try? String(contentsOf: readme, encoding: .utf8)) ?? "")
            for variant in variants {
                if !seen.insert(variant.id).inserted {
                    problems.append("step \(step.number): the id \(variant.id) names two mistakes or variants")
                }
                if !marked.contains(variant.id) {
                    problems.append(
                        "step \(step.number): the variant \(variant.id) is not built into the copy of \(module)")
                }
                if !guide.contains(SuiteVariant.words(variant.freedom)) {
                    problems.append(
                        "step \(step.number): the variant \(variant.id)'s freedom is not, word for word, in the guide")
                }
            }
            // A freedom marked in the scene's code is a variant the suites must run on: listed, or never tried.
            for id in marked.subtracting(variants.map(\.id)).sorted() {
                problems.append(
                    "step \(step.number): the copy of \(module) marks a variant \(id) that \(list) "
                        + "does not list in variants.json")
            }
        } catch {
            problems.append(
                "step \(step.number): \(SuiteVariant.listPath(of: step)) cannot be read as a list of variants (\(error))"
            )
        }
        return problems
    }
}

enum HintAudit {
    static func problems(step: Step, keys: Set<String>, in kit: Kit) -> [String] {
        keys.sorted().compactMap { key in
            guard let guide = kit.course.guide(step, key: key), !guide.hints.isEmpty else {
                return "step \(step.number): check \(key) has no hint"
            }
            let file = kit.workspace.folder(of: step, in: .exercises).appendingPathComponent(guide.file)
            guard let text = try? String(contentsOf: file, encoding: .utf8), text.contains(guide.symbol) else {
                return
                    "step \(step.number): the hint of \(key) points at '\(guide.symbol)' in \(guide.file), which is not there"
            }
            return nil
        }
    }
}

/// What differs between the recorded manifest and the kit's files.
enum ManifestAudit {
    static func problems(recorded: KitManifest, current: KitManifest) -> [String] {
        let grading = differing(
            recorded.grading.map { ($0.path, $0.sha256) }, current.grading.map { ($0.path, $0.sha256) })
        let starters = differing(
            recorded.starters.map { ($0.path, $0.text) }, current.starters.map { ($0.path, $0.text) })
        return grading.map { "the manifest is not current: \($0) differs from it" }
            + starters.map { "the manifest is not current: the starter \($0) differs from it" }
    }

    /// The paths one list has and the other has not, or has with another value, sorted.
    private static func differing(_ recorded: [(String, String)], _ current: [(String, String)]) -> [String] {
        let (before, after) = (Dictionary(uniqueKeysWithValues: recorded), Dictionary(uniqueKeysWithValues: current))
        return Set(before.keys).union(after.keys).sorted().filter { before[$0] != after[$0] }
    }
}
