import Foundation

/// One mistake of a given scene that a lesson of suites grades the learner's tests by. The scene's module has a copy
/// with every mistake built in behind a switch (`SceneSwitch`) the runner sets for one run of the learner's suites.
struct SuiteMistake: Decodable, Equatable, Sendable {
    /// The id the built-in copy tests the switch against.
    let id: String
    /// The check's display name: what catching it means.
    let name: String
    /// How the scene misbehaves, finishing "Your suites still pass when …".
    let missed: String
    /// The learner's file to look in, relative to the step folder, and text on the line.
    let lookIn: String
    let symbol: String?
    /// Hints in levels, each more direct; none shows the mistake's code.
    let hints: [String]

    /// Keyed as checks are, so reports, hints and orders treat it as one.
    var key: String { "Mistakes/\(id)" }

    /// The file that lists a lesson's mistakes, relative to the workspace.
    static func listPath(of step: Step) -> String { "Tests/\(step.testTarget)/mistakes.json" }

    /// The lesson's mistakes in teaching order; none when the list is missing or unreadable (`kata verify` says which).
    static func all(of step: Step, in workspace: Workspace) -> [SuiteMistake] {
        (try? read(of: step, in: workspace)) ?? []
    }

    /// The lesson's mistakes, or why they cannot be read.
    static func read(of step: Step, in workspace: Workspace) throws -> [SuiteMistake] {
        try JSONDecoder().decode([SuiteMistake].self, from: Data(workspace.bytes(of: listPath(of: step))))
    }

    /// The given module whose copy has the mistakes built in, when this workspace has it: a
    /// class's template leaves the copy with the kit, which grades with it.
    static func builtInCopy(of step: Step, in workspace: Workspace) -> String? {
        step.givenModules.first { module in
            FileTree.kind(at: workspace.root.appendingPathComponent("Tests/\(step.testTarget)/\(module)")) == .folder
        }
    }

    /// The mistake as a check the step declares.
    func declared(step: Step, index: Int) -> DeclaredCheck {
        var annotations = CheckAnnotations(lines: [])
        annotations.file = lookIn
        annotations.symbol = symbol ?? ""
        annotations.hints = hints
        return DeclaredCheck(
            key: key, name: name, file: Self.listPath(of: step), line: index + 1, annotations: annotations)
    }
}

/// A correct variant of a given scene: written otherwise, keeping every promise of the guide. The learner's suites must
/// pass on each one as on the scene itself; a test that fails on one expects something the guide does not promise.
/// Built into the same copy as the mistakes, behind a switch of its own.
struct SuiteVariant: Decodable, Equatable, Sendable {
    let id: String
    /// How this correct scene is written differently, in a plain line.
    let differs: String
    /// What the guide leaves free that this variant takes the other way, in the guide's own words
    /// (its list "What this guide leaves free"): what a suite failing here over-specified.
    let freedom: String

    /// The line that tells a learner whose test fails here what that test takes away.
    var freedomLine: String { "The guide leaves this free: “\(freedom)”" }

    /// The file that lists a lesson's variants, relative to the workspace.
    static func listPath(of step: Step) -> String { "Tests/\(step.testTarget)/variants.json" }

    /// The lesson's variants; none when the list is missing (a lesson may have none) or unreadable (verify says so).
    static func all(of step: Step, in workspace: Workspace) -> [SuiteVariant] {
        (try? read(of: step, in: workspace)) ?? []
    }

    /// The ids of the variants marked in a copy's code: each `Variant.isOn("id")`, and each freedom a rule takes
    /// the other way (`Variant.inEitherOrder("id", …)`, `Variant.read("id") { … }`, `Variant.keep("id") { … }`).
    static func marked(in code: String) -> Set<String> {
        Set(code.matches(of: /Variant\.(?:isOn|inEitherOrder|read|keep)\(\s*"(\w+)"/).map { String($0.output.1) })
    }

    /// A text's words, one space between each, so that a sentence is found however a guide wraps it.
    static func words(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    static func read(of step: Step, in workspace: Workspace) throws -> [SuiteVariant] {
        let bytes = workspace.bytes(of: listPath(of: step))
        guard !bytes.isEmpty else { return [] }
        return try JSONDecoder().decode([SuiteVariant].self, from: Data(bytes))
    }
}

/// What one run of a learner's suites has switched on in the scene's copy: a mistake, a correct variant, or neither.
/// Every run is given a value, the scene's own included, so that whether the variable is there says nothing; the copy's
/// SceneSwitch target takes it out of the test process's environment before any test runs.
enum SceneSwitch: Equatable, Sendable {
    case none
    case mistake(SuiteMistake)
    case variant(SuiteVariant)

    static let variable = "KATA_SCENE_SWITCH"
    /// Set for every run of a lesson's suites, the same in each: an exit test's own process, which the switch never
    /// reaches, sees it and runs no scene (the SceneSwitch target ends it with a sentence).
    static let suitesRun = ("KATA_SUITES_RUN", "1")
    /// Every value has this length, padded with dots (which the SceneSwitch target drops): the
    /// blank left where the variable was says nothing of which run this is.
    static let width = 160

    var value: String {
        let text =
            switch self {
            case .none: "none"
            case .mistake(let mistake): "mistake:\(mistake.id)"
            case .variant(let variant): "variant:\(variant.id)"
            }
        return text.padding(toLength: max(Self.width, text.count), withPad: ".", startingAt: 0)
    }
}
