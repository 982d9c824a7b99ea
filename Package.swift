// swift-tools-version: 6.2
import Foundation
import PackageDescription

// The VIP kata: one library target per lesson, built from Exercises/ (the learner's
// work) or, with KATA_SOURCE=solutions, from Solutions/ (the reference answers).
//
// Two environment variables shape the graph:
//   KATA_SOURCE=solutions  every step target reads Solutions/NN-Name instead of Exercises/NN-Name.
//   KATA_STEP=N            the package holds only step N, its checks and the given code they
//                          need, so a broken step elsewhere never stops step N from building.
//   KATA_STEP=all          every step and its checks, without the runner's own targets.
//   KATA_SCENE=1           with KATA_STEP, adds the SceneHost executable that `kata run` uses.

/// The two apps the lessons build, and the given code each one stands on.
enum Track {
    case scoopsAndScones, login

    var givenModules: [String] {
        switch self {
        case .scoopsAndScones: ["ScoopsAndScones", "TerminalUI", "Scaffolding"]
        case .login: ["Authentication", "TerminalUI", "Scaffolding"]
        }
    }
}

/// The lessons in order. Folder NN-Name, module StepNNName, test target StepNNNameTests.
let lessons: [(name: String, track: Track)] = [
    ("Starter", .scoopsAndScones),
    ("Model", .scoopsAndScones),
    ("Interactor", .scoopsAndScones),
    ("Presenter", .scoopsAndScones),
    ("Configurator", .scoopsAndScones),
    ("Router", .login),
    ("Worker", .login),
]

let environment = Context.environment
let sourceFolder = environment["KATA_SOURCE"] == "solutions" ? "Solutions" : "Exercises"
let stepSelection = environment["KATA_STEP"] ?? ""
/// Every step, and nothing of the runner: what grading builds.
let stepsOnly = stepSelection == "all"
let onlyStep: Int? =
    stepSelection.isEmpty || stepsOnly
    ? nil
    : {
        guard let step = Int(stepSelection), lessons.indices.contains(step - 1) else {
            fatalError("KATA_STEP must be a step number from 1 to \(lessons.count), or all; it is '\(stepSelection)'.")
        }
        return step
    }()

/// The learner's modules are plain app code: main-actor by default, as an app target is.
let appCodeSettings: [SwiftSetting] = [.defaultIsolation(MainActor.self)]

var targets: [Target] = [
    .target(name: "Scaffolding"),
    .target(name: "ScoopsAndScones", resources: [.process("Resources")]),
    .target(name: "Authentication", resources: [.process("Resources")]),
    .target(name: "TerminalUI"),
    .target(
        name: "Seeds",
        dependencies: ["ScoopsAndScones", "Authentication"],
        path: "Seeds",
        resources: [.process("Fixtures")]
    ),
]

for (index, lesson) in lessons.enumerated() where onlyStep == nil || onlyStep == index + 1 {
    let number = index < 9 ? "0\(index + 1)" : "\(index + 1)"
    let module = "Step\(number)\(lesson.name)"
    let given = lesson.track.givenModules.map { Target.Dependency.target(name: $0) }
    targets.append(
        .target(
            name: module,
            dependencies: given,
            path: "\(sourceFolder)/\(number)-\(lesson.name)",
            exclude: ["README.md"],
            swiftSettings: appCodeSettings
        ))
    targets.append(
        .testTarget(
            name: "\(module)Tests",
            dependencies: [.target(name: module), "Seeds"] + given,
            swiftSettings: appCodeSettings
        ))
}

// `kata run N` shows step N's app: KATA_SCENE=1 adds the host that runs it in the terminal.
if let onlyStep, environment["KATA_SCENE"] == "1" {
    let lesson = lessons[onlyStep - 1]
    let number = onlyStep < 10 ? "0\(onlyStep)" : "\(onlyStep)"
    targets.append(
        .executableTarget(
            name: "SceneHost",
            dependencies: [.target(name: "Step\(number)\(lesson.name)"), "TerminalUI"],
            swiftSettings: appCodeSettings + [.define("KATA_STEP_\(onlyStep)")]
        ))
}

var products: [Product] = []
if onlyStep == nil, !stepsOnly {
    targets.append(.target(name: "KataCore"))
    targets.append(.executableTarget(name: "kata", dependencies: ["KataCore"]))
    products.append(.executable(name: "kata", targets: ["kata"]))
    // The runner's own tests belong to the kit; a class's copy (kata classroom) leaves them out.
    let runnerTests = Context.packageDirectory + "/Tests/KataCoreTests"
    if FileManager.default.fileExists(atPath: runnerTests) {
        targets.append(.testTarget(name: "KataCoreTests", dependencies: ["KataCore"], resources: [.copy("Fixtures")]))
    }
}

let package = Package(
    name: "VIPKata",
    // macOS 13 is the newest of three floors. Swift 6.2's Xcode (26) deploys to macOS 11 and
    // later; Swift Testing 6.2 runs on macOS 10.15 and later; the kit itself needs macOS 13:
    // Duration, ContinuousClock and Task.sleep(for:) (the runner's time limits, the login's
    // delay) are `@available(SwiftStdlib 5.7)`, which is macOS 13.0. Everything else it uses
    // is older (posix_spawn's POSIX_SPAWN_SETSID: 10.15; NSLocking.withLock: 10.10;
    // JSONEncoder's .withoutEscapingSlashes: 10.15), and it stores no typed-throws function
    // type, whose metadata would need macOS 15. Linux needs no entry.
    platforms: [.macOS(.v13)],
    products: products,
    targets: targets
)
