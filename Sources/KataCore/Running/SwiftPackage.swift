import Foundation

/// SwiftPM, as the runner drives it: build one step (or all), then run its checks.
struct SwiftPackage {
    let workspace: Workspace
    let source: Source
    let toolchain: Toolchain
    var swift: String { toolchain.swift }
    var driver: TestDriver { toolchain.driver }
    /// Variables for the checks' processes, on top of the ones that choose the graph.
    var extraEnvironment: [String: String] = [:]
    /// Where SwiftPM builds: the source's build folder.
    var scratchFolder: URL { workspace.scratchFolder(for: source) }

    /// What a build holds.
    enum Selection: Sendable {
        /// One step's module and checks and the given code they need, and nothing else, so
        /// that a broken step elsewhere cannot stop this one.
        case step(Step)
        /// Every step and its checks.
        case allSteps
        /// The runner and its own tests, without any step.
        case runner

        var environmentValue: String {
            switch self {
            case .step(let step): "\(step.number)"
            case .allSteps: "all"
            case .runner: "none"
            }
        }
    }

    func build(_ selection: Selection) -> CommandResult {
        swiftBuild(["--build-tests"], environment: buildEnvironment(selection))
    }

    /// Builds the app of one step: its module and the host that shows it in the terminal.
    func buildScene(of step: Step) -> CommandResult {
        var environment = buildEnvironment(.step(step))
        environment["KATA_SCENE"] = "1"
        return swiftBuild(["--product", "SceneHost"], environment: environment)
    }

    /// `swift build` of `what` into the source's build folder, its temporary leftovers swept after.
    private func swiftBuild(_ what: [String], environment: [String: String]) -> CommandResult {
        defer { sweepTemporaryFolder() }
        let arguments =
            ["build"] + what + ["--package-path", workspace.root.path, "--scratch-path", scratchFolder.path]
        var command = Command(swift, arguments, environment: environment, outputLimit: 512 * 1024)
        command.inherits = Self.reachesTheManifest
        return Subprocess.run(command)
    }

    /// SwiftPM caches a manifest's result by the whole environment, so a variable that differs from one kata to the
    /// next (the shell's own, such as PWD and SHLVL, or kata's settings) would have Package.swift compiled again for
    /// each. A build inherits none of those: the manifest reads only the variables that choose the graph, kata's own.
    @Sendable static func reachesTheManifest(_ name: String) -> Bool {
        !name.hasPrefix("KATA_") && !["PWD", "OLDPWD", "SHLVL", "_", "NO_COLOR"].contains(name)
    }

    /// The built app of the step last built with `buildScene(of:)`.
    var sceneExecutable: String { scratchFolder.appendingPathComponent("debug/SceneHost").path }

    /// Runs the built checks that match `filter`, minus those in `skipping`, one at a time
    /// unless `inParallel`, writing Swift Testing's event stream to `events`.
    func runChecks(
        builtWith selection: Selection, filter: String, skipping: [String], inParallel: Bool = false, events: URL,
        timeLimit: Duration
    ) -> CommandResult {
        var testingArguments = (inParallel ? [] : ["--no-parallel"]) + ["--filter", filter]
        for pattern in skipping {
            testingArguments += ["--skip", pattern]
        }
        let executable: String
        let arguments: [String]
        switch driver {
        case .direct:
            // The test executable runs Swift Testing itself: no manifest to load, no second process.
            // Linux only: on macOS the tests are a bundle that only `swift test` knows how to load.
            executable =
                scratchFolder.appendingPathComponent("debug/VIPKataPackageTests.xctest").path
            arguments =
                ["--testing-library", "swift-testing"] + testingArguments
                + ["--event-stream-output-path", events.path, "--event-stream-version", "0"]
        case .swiftTest:
            executable = swift
            arguments =
                [
                    "test", "--skip-build", "--disable-xctest",
                    "--package-path", workspace.root.path,
                    "--scratch-path", scratchFolder.path,
                ]
                + testingArguments
                + ["--experimental-event-stream-output", events.path, "--experimental-event-stream-version", "0"]
        }
        return Subprocess.run(
            Command(
                executable, arguments,
                environment: environment(selection).merging(Self.checksEnvironment) { _, new in new },
                timeLimit: timeLimit
            ))
    }

    /// Checks run in a time zone half an hour off any whole hour from UTC: code that means UTC
    /// must say so, not count on the machine being set to it.
    static let checksEnvironment = ["TZ": "America/St_Johns"]

    /// The variables that choose the package graph: which steps, built from which folder.
    private func environment(_ selection: Selection) -> [String: String] {
        extraEnvironment.merging([
            "KATA_STEP": selection.environmentValue, "KATA_SOURCE": source.rawValue,
            "KATA_COURSE_DIGEST": courseDigest,
        ]) { _, new in new }
    }

    /// A build's: the graph's variables, and the compilers' temporary folder inside the build
    /// folder (never the checks': their temporary folder is the machine's, as a test expects).
    private func buildEnvironment(_ selection: Selection) -> [String: String] {
        try? FileManager.default.createDirectory(at: temporaryFolder, withIntermediateDirectories: true)
        return environment(selection).merging(["TMPDIR": temporaryFolder.path]) { _, new in new }
    }

    /// The Swift driver leaves an empty `TemporaryDirectory.*` behind at every run, thousands
    /// over a day of checks: kept in the build folder, and swept after each command.
    var temporaryFolder: URL { scratchFolder.appendingPathComponent("kata-tmp") }

    /// Removes what the driver left behind empty (but for its `.keep-directory` marker);
    /// anything holding more stays.
    func sweepTemporaryFolder() { Self.sweepEmptyTemporaryDirectories(in: temporaryFolder) }

    static func sweepEmptyTemporaryDirectories(in folder: URL) {
        let manager = FileManager.default
        let names = (try? manager.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names where name.hasPrefix("TemporaryDirectory.") {
            let directory = folder.appendingPathComponent(name)
            guard let inside = try? manager.contentsOfDirectory(atPath: directory.path),
                inside.allSatisfy({ $0 == ".keep-directory" })
            else { continue }
            try? manager.removeItem(at: directory)
        }
    }

    /// What Package.swift reads besides itself: the course's list of lessons, and which
    /// given modules have a copy with mistakes built in. SwiftPM caches a manifest's result
    /// by the manifest's text and the environment, and would not see these change (a lesson
    /// added, a kit updated under a grading copy); a variable holding their digest makes it see.
    /// Read from the files as they are now, as Package.swift will read them.
    var courseDigest: String {
        var text = String(decoding: workspace.bytes(of: Course.path), as: UTF8.self)
        let course = try? Course.load(from: workspace)
        for step in course?.steps ?? [] where step.kind == .suites {
            text += "\n\(step.number):" + (SuiteMistake.builtInCopy(of: step, in: workspace) ?? "-")
        }
        return SHA256.hex(Array(text.utf8))
    }
}

/// The two ways to start built checks. `swift test --skip-build` works everywhere and is
/// the only way on macOS; running the test executable directly is quicker and Linux-only.
/// `KATA_TEST_DRIVER=swift-test` selects the macOS way on Linux, so the code macOS runs is
/// exercised here too.
enum TestDriver: String, CaseIterable, Sendable {
    case direct
    case swiftTest = "swift-test"

    static var platformDefault: TestDriver {
        #if os(Linux)
            .direct
        #else
            .swiftTest
        #endif
    }

    /// The driver `KATA_TEST_DRIVER` names, nil when it names none (or one kata does not know;
    /// `KataSettings` refuses that before any command runs).
    static func from(_ environment: [String: String]) -> TestDriver? {
        environment["KATA_TEST_DRIVER"].flatMap { TestDriver(rawValue: $0) }
    }
}

/// The Swift kata builds with and how it starts built checks, as kata's environment chooses
/// them (read from the command's `Context`, never from the process): `KATA_SWIFT` names
/// another `swift`, found on `PATH` when it has no slash; `KATA_TEST_DRIVER` another driver.
struct Toolchain: Sendable {
    let swift: String
    let driver: TestDriver
    /// The folders `PATH` lists, where a `swift` named without a folder is looked for.
    let searchPath: [String]

    init(environment: [String: String]) {
        swift = environment["KATA_SWIFT"].flatMap { $0.isEmpty ? nil : $0 } ?? "swift"
        driver = TestDriver.from(environment) ?? TestDriver.platformDefault
        searchPath = (environment["PATH"] ?? "").split(separator: ":").map(String.init)
    }
}
