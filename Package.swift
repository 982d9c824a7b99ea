// swift-tools-version: 6.2
import Foundation
import PackageDescription

// The VIP kata: one library target per lesson, built from Exercises/ (the learner's
// work) or, with KATA_SOURCE=solutions, from Solutions/ (the reference answers).
//
// Environment variables shape the graph:
//   KATA_SOURCE=solutions  every step target reads Solutions/NN-Name instead of Exercises/NN-Name.
//   KATA_STEP=N            the package holds only step N, its checks and the given code they
//                          need, so a broken step elsewhere never stops step N from building.
//   KATA_STEP=all          every step and its checks, without the runner's own targets.
//   KATA_STEP=none         the runner and its own tests, without any step (make test builds it).
//   KATA_SCENE=1           with KATA_STEP, adds the SceneHost executable that `kata run` uses.
//   KATA_END_TO_END=0      the runner's tests without their end-to-end suites (Tests/KataCoreTests/EndToEnd):
//                          make test builds them so, make test-all and CI with them.
//
// A lesson of kind "suites" (course.json) is one where the learner writes the tests: its
// folder is its test target, and it tests a given module (see givenTarget).

/// The course: its lessons in order and the apps (tracks) they build, read from
/// Tests/course.json, the one list both this manifest and `kata` read. A lesson's folder
/// NN-Name gives its module StepNNName and its checks' target StepNNNameTests.
struct Lesson {
    let number: String
    let name: String
    /// The given code the lesson stands on: its track's modules.
    let given: [String]
    /// "checks" (the learner writes code the kit's checks grade) or "suites" (the learner
    /// writes the test suites, graded by the mistakes of a given scene they catch).
    let kind: String

    var folder: String { "\(number)-\(name)" }
    var module: String { "Step\(number)\(name)" }
}

let lessons: [Lesson] = {
    let file = Context.packageDirectory + "/Tests/course.json"
    guard let data = FileManager.default.contents(atPath: file),
        let course = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
        let tracks = course["tracks"] as? [[String: Any]],
        let entries = course["lessons"] as? [[String: Any]]
    else {
        fatalError("\(file) is missing or is not the course's JSON; restore it from the kit.")
    }
    let given = Dictionary(
        tracks.compactMap { track in (track["id"] as? String).map { ($0, track["given"] as? [String] ?? []) } },
        uniquingKeysWith: { first, _ in first })
    return entries.map { entry in
        let folder = entry["folder"] as? String ?? ""
        let parts = folder.split(separator: "-", maxSplits: 1).map(String.init)
        guard parts.count == 2, let track = entry["track"] as? String, let modules = given[track] else {
            fatalError("\(file): the lesson '\(folder)' needs a folder NN-Name and one of the tracks.")
        }
        return Lesson(number: parts[0], name: parts[1], given: modules, kind: entry["kind"] as? String ?? "checks")
    }
}()

let environment = Context.environment
let sourceFolder = environment["KATA_SOURCE"] == "solutions" ? "Solutions" : "Exercises"
let stepSelection = environment["KATA_STEP"] ?? ""
/// Every step, and nothing of the runner: what grading builds.
let stepsOnly = stepSelection == "all"
/// The runner and its own tests, and no step: what make test builds before kata verify,
/// which builds the steps as a grade does.
let runnerOnly = stepSelection == "none"
let onlyStep: Int? =
    stepSelection.isEmpty || stepsOnly || runnerOnly
    ? nil
    : {
        guard let step = Int(stepSelection), lessons.indices.contains(step - 1) else {
            fatalError(
                "KATA_STEP must be a step number from 1 to \(lessons.count), all or none; it is '\(stepSelection)'.")
        }
        return step
    }()

/// The learner's modules are plain app code: main-actor by default, as an app target is.
let appCodeSettings: [SwiftSetting] = [.defaultIsolation(MainActor.self)]

/// A lesson of suites is graded against a given module with its mistakes built in, behind a
/// switch the runner sets per run. That copy lives beside the lesson's data in
/// Tests/StepNNNameTests/<Module>/, with the C target that takes the switch before any test
/// runs (SceneSwitch/); a copy of the kit without them builds the module from Sources/<Module>,
/// the code as the learner reads it.
func givenTargets(_ name: String, dependencies: [Target.Dependency] = [], resources: [Resource]? = nil) -> [Target] {
    for lesson in lessons where lesson.kind == "suites" && lesson.given.contains(name) {
        let copy = "Tests/\(lesson.module)Tests/\(name)"
        let sceneSwitch = "Tests/\(lesson.module)Tests/SceneSwitch"
        if FileManager.default.fileExists(atPath: Context.packageDirectory + "/" + copy) {
            return [
                .target(name: "SceneSwitch", path: sceneSwitch),
                .target(name: name, dependencies: dependencies + ["SceneSwitch"], path: copy, resources: resources),
            ]
        }
    }
    return [.target(name: name, dependencies: dependencies, resources: resources)]
}

// The given code; the runner alone needs only the terminal UI (its tests try a picker).
var targets: [Target] = [.target(name: "TerminalUI")]
if !runnerOnly {
    targets += givenTargets("Scaffolding")
    targets += givenTargets("ScoopsAndScones", resources: [.process("Resources")])
    targets += givenTargets("Authentication", resources: [.process("Resources")])
    targets += givenTargets("RecentOrders", dependencies: ["TerminalUI"])
    targets += [
        .target(
            name: "Seeds",
            dependencies: ["ScoopsAndScones", "Authentication", "RecentOrders"],
            path: "Seeds",
            resources: [.process("Fixtures")]
        )
    ]
}

for (index, lesson) in lessons.enumerated() where !runnerOnly && (onlyStep == nil || onlyStep == index + 1) {
    let given = lesson.given.map { Target.Dependency.target(name: $0) }
    if lesson.kind == "suites" {
        // The learner's files are the tests: their folder is the test target.
        targets.append(
            .testTarget(
                name: "\(lesson.module)Tests",
                dependencies: ["Seeds"] + given,
                path: "\(sourceFolder)/\(lesson.folder)",
                exclude: ["README.md"],
                swiftSettings: appCodeSettings
            ))
        continue
    }
    targets.append(
        .target(
            name: lesson.module,
            dependencies: given,
            path: "\(sourceFolder)/\(lesson.folder)",
            exclude: ["README.md"],
            swiftSettings: appCodeSettings
        ))
    targets.append(
        .testTarget(
            name: "\(lesson.module)Tests",
            dependencies: [.target(name: lesson.module), "Seeds"] + given,
            // step.json says what the lesson is about, for kata; it is not part of the checks.
            exclude: ["step.json"],
            swiftSettings: appCodeSettings
        ))
}

/// A lesson's app is its module; a lesson of suites shows the given scene it tests.
func sceneHostDependencies(_ lesson: Lesson) -> [Target.Dependency] {
    // The host adds TerminalUI itself; a track that lists it too must not name it twice.
    lesson.kind == "suites"
        ? lesson.given.filter { $0 != "TerminalUI" }.map { .target(name: $0) } : [.target(name: lesson.module)]
}

// `kata run N` shows step N's app: KATA_SCENE=1 adds the host that runs it in the terminal.
if let onlyStep, environment["KATA_SCENE"] == "1" {
    targets.append(
        .executableTarget(
            name: "SceneHost",
            dependencies: sceneHostDependencies(lessons[onlyStep - 1]) + ["TerminalUI"],
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
        targets.append(
            .testTarget(
                name: "KataCoreTests", dependencies: ["KataCore", "TerminalUI"],
                // The end-to-end suites (the real kata on copies of the kit) take minutes to run and a fifth of the
                // tests' build: make test, which does not run them, does not build them either.
                exclude: environment["KATA_END_TO_END"] == "0" ? ["EndToEnd"] : [], resources: [.copy("Fixtures")]))
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
