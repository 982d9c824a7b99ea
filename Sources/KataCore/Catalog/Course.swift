import Foundation

/// The course a workspace teaches, read at run time: the runner is compiled with no course in it. `Tests/course.json`
/// lists the lessons and the apps (tracks) they build, the one list Package.swift reads too; each lesson's
/// `Tests/StepNNNameTests/step.json` says what it is about; each check's hints sit beside it, in its test file (see
/// `CheckAnnotations`); each guide is the step's README.md.
struct Course: Sendable {
    /// An app the lessons build, and the given code its lessons stand on.
    struct Track: Codable, Sendable, Equatable {
        let id: String
        /// The app's name, as learners see it.
        let app: String
        /// The modules under Sources/ its lessons depend on.
        let given: [String]
        /// Variables `kata run` sets for the app (a delay that makes a loading state visible).
        let runEnvironment: [String: String]?
    }

    /// The file that lists the lessons, relative to the workspace.
    static let path = "Tests/course.json"

    let title: String
    let tracks: [Track]
    let steps: [Step]
    /// The workspace the course was read from: where its checks and guides are.
    let root: URL
    /// The test files and guides already read, kept per course (a kit's copy has its own) so each is read once.
    private let readings = Readings()

    private final class Readings: Sendable {
        let checks = Locked<[Int: [DeclaredCheck]]>([:])
        let orders = Locked<[Int: [String]]>([:])
    }

    private struct File: Decodable {
        struct Lesson: Decodable {
            let folder: String
            let track: String
            /// "checks" when absent; "suites" for a lesson where the learner writes the tests.
            let kind: String?
        }

        let title: String
        let tracks: [Track]
        let lessons: [Lesson]
    }

    private struct StepFile: Decodable {
        let scene: String
        let lesson: String
        /// A lesson of suites: the given scene's files its mistakes are in.
        let tested: [String]?
        /// What `kata run` adds when a piped line was not taken (why the screen may be empty).
        let runNote: String?
        /// A lesson of suites: the files of `Seeds/` whose declarations the guide teaches the suites to use.
        let seeds: [String]?
    }

    /// Reads the course of `workspace`, with one line saying what is wrong when it cannot.
    static func load(from workspace: Workspace) throws(CommandFailure) -> Course {
        try load(root: workspace.root, reading: workspace.bytes(of:))
    }

    /// Reads a course from files given by path (a kit's, before it is on disk), for a workspace at `root`.
    static func load(root: URL, reading bytes: (String) -> [UInt8]) throws(CommandFailure) -> Course {
        let data = bytes(path)
        guard !data.isEmpty else {
            throw CommandFailure(
                "kata: \(path) is missing; it lists the kit's lessons (restore it from the kit).", status: .noInput)
        }
        let file: File
        do {
            file = try JSONDecoder().decode(File.self, from: Data(data))
        } catch {
            throw CommandFailure("kata: \(path) cannot be read: \(Self.describe(error)).", status: .noInput)
        }
        var steps: [Step] = []
        for (index, lesson) in file.lessons.enumerated() {
            let parts = lesson.folder.split(separator: "-", maxSplits: 1).map(String.init)
            guard parts.count == 2, Int(parts[0]) == index + 1, parts[0].count == 2 else {
                throw CommandFailure(
                    "kata: \(path) lists '\(lesson.folder)' as lesson \(index + 1); lessons are named NN-Name, "
                        + "numbered from 01 in order.", status: .noInput)
            }
            guard let track = file.tracks.first(where: { $0.id == lesson.track }) else {
                throw CommandFailure(
                    "kata: \(path): lesson \(lesson.folder) names the track '\(lesson.track)', which it does not list.",
                    status: .noInput)
            }
            let target = "Tests/Step\(parts[0])\(parts[1])Tests/step.json"
            let stepData = bytes(target)
            guard !stepData.isEmpty, let about = try? JSONDecoder().decode(StepFile.self, from: Data(stepData)) else {
                throw CommandFailure(
                    "kata: \(target) is missing or is not a step's JSON (scene and lesson); restore it from the kit.",
                    status: .noInput)
            }
            guard let kind = Step.Kind(rawValue: lesson.kind ?? "checks") else {
                throw CommandFailure(
                    "kata: \(path): lesson \(lesson.folder) has the kind '\(lesson.kind ?? "")'; it is checks or suites.",
                    status: .noInput)
            }
            steps.append(
                Step(
                    number: index + 1, name: parts[1], app: track.app, scene: about.scene, lesson: about.lesson,
                    track: track.id, givenModules: track.given, kind: kind,
                    runEnvironment: track.runEnvironment ?? [:], testedFiles: about.tested ?? [],
                    runNote: about.runNote ?? "", seedFiles: about.seeds ?? []))
        }
        return Course(title: file.title, tracks: file.tracks, steps: steps, root: root)
    }

    private static func describe(_ error: Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): "it has no '\(key.stringValue)'"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context),
            DecodingError.dataCorrupted(let context):
            context.codingPath.isEmpty
                ? "it is not JSON"
                : "'\(context.codingPath.map(\.stringValue).joined(separator: "."))' is not as expected"
        default: "\(error)"
        }
    }

    /// `Orchard (steps 1-5), then Market (steps 6-8)`: the apps in the order they come.
    var outline: String {
        tracks.compactMap { track in
            let numbers = steps.filter { $0.track == track.id }.map(\.number)
            guard let first = numbers.first, let last = numbers.last else { return nil }
            return "\(track.app) (step\(first == last ? " \(first)" : "s \(first)-\(last)"))"
        }
        .joined(separator: ", then ")
    }

    // MARK: - What the course knows of its checks

    /// The checks of a step, from its test files, with their annotations.
    func checks(of step: Step) -> [DeclaredCheck] {
        if let cached = readings.checks.withLock({ $0[step.number] }) { return cached }
        let checks = DeclaredCheck.all(of: step, in: Workspace(root: root))
        readings.checks.withLock { $0[step.number] = checks }
        return checks
    }

    /// A step by its number.
    func step(_ number: Int) -> Step? { steps.first { $0.number == number } }

    /// The check's place in the learner's code and its hints.
    func guide(_ step: Step, key: String) -> CheckAnnotations? {
        checks(of: step).first { $0.key == key }?.annotations
    }

    /// The order the guide's "Check your work" lists a step's checks in: the order to work in.
    func teachingOrder(of step: Step) -> [String] {
        if let cached = readings.orders.withLock({ $0[step.number] }) { return cached }
        let guide = Workspace(root: root).folder(of: step).appendingPathComponent("README.md")
        let listed = GuideAudit.listedChecks(in: (try? String(contentsOf: guide, encoding: .utf8)) ?? "")
        let checks = checks(of: step)
        let order = listed.compactMap { name in checks.first { $0.name == name }?.key }
        readings.orders.withLock { $0[step.number] = order }
        return order
    }
}
