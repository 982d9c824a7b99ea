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
    /// Told when a build waits for another SwiftPM using the same build folder: what SwiftPM said.
    var onWaiting: (@Sendable (String) -> Void)?
    /// Where SwiftPM builds: the source's build folder, unless said (the runner's own tests build where the runner is).
    var scratchFolder: URL

    init(workspace: Workspace, source: Source, toolchain: Toolchain, scratchFolder: URL? = nil) {
        self.workspace = workspace
        self.source = source
        self.toolchain = toolchain
        self.scratchFolder = scratchFolder ?? workspace.scratchFolder(for: source)
    }

    /// What a build holds.
    enum Selection: Sendable {
        /// One step's module and checks and the given code they need, and nothing else, so
        /// that a broken step elsewhere cannot stop this one.
        case step(Step)
        /// Every step and its checks.
        case allSteps
        /// The runner and its own tests, without any step; without the tests' end-to-end suites unless `endToEnd`.
        case runner(endToEnd: Bool)

        /// The variables that say so to the manifest.
        var environment: [String: String] {
            switch self {
            case .step(let step): ["KATA_STEP": "\(step.number)"]
            case .allSteps: ["KATA_STEP": "all"]
            case .runner(let endToEnd): ["KATA_STEP": "none", "KATA_END_TO_END": endToEnd ? "1" : "0"]
            }
        }
    }

    /// `timeLimit`: what is left of a grade's budget; a build past it is stopped (a learner's file can take the type
    /// checker hours).
    func build(_ selection: Selection, timeLimit: Duration? = nil) -> CommandResult {
        swiftBuild(["--build-tests"], environment: buildEnvironment(selection), timeLimit: timeLimit)
    }

    /// Builds the app of one step: its module and the host that shows it in the terminal.
    func buildScene(of step: Step) -> CommandResult {
        swiftBuild(["--product", Self.sceneHost], environment: sceneEnvironment(of: step))
    }

    /// The executable product `kata run` starts.
    static let sceneHost = "SceneHost"

    private func sceneEnvironment(of step: Step) -> [String: String] {
        var environment = buildEnvironment(.step(step))
        environment["KATA_SCENE"] = "1"
        return environment
    }

    /// What every SwiftPM command on this package is told: where the package is, where it builds, and the build
    /// system, when one was chosen.
    private var packageArguments: [String] {
        ["--package-path", workspace.root.path, "--scratch-path", scratchFolder.path] + toolchain.buildSystemArguments
    }

    /// `swift build` of `what` into the source's build folder, its temporary leftovers swept after. A SwiftPM that
    /// crashed (Swift Build is a preview in 6.3, and sometimes does) is given a second chance before its failure is
    /// the step's.
    private func swiftBuild(_ what: [String], environment: [String: String], timeLimit: Duration? = nil)
        -> CommandResult
    {
        defer { sweepTemporaryFolder() }
        var command = Command(
            swift, ["build"] + what + packageArguments, environment: environment, outputLimit: 512 * 1024)
        command.timeLimit = timeLimit
        command.inherits = Self.reachesTheManifest
        if let onWaiting {
            // SwiftPM waits for another SwiftPM building in the same folder, and says so once, as it starts.
            command.onOutput = { piece in
                if let line = piece.split(separator: "\n").first(where: { $0.contains("Another instance of SwiftPM") })
                {
                    onWaiting(String(line))
                }
            }
        }
        let result = Subprocess.run(command)
        guard case .signalled = result.ending, !KataSignals.isStopping else { return result }
        return Subprocess.run(command)
    }

    /// SwiftPM caches a manifest's result by the whole environment, so a variable that differs from one kata to the
    /// next (the shell's own, such as PWD and SHLVL, or kata's settings) would have Package.swift compiled again for
    /// each. A build inherits none of those: the manifest reads only the variables that choose the graph, kata's own.
    @Sendable static func reachesTheManifest(_ name: String) -> Bool {
        !name.hasPrefix("KATA_") && !["PWD", "OLDPWD", "SHLVL", "_", "NO_COLOR"].contains(name)
    }

    /// Where SwiftPM puts what it builds for kata, and the toolchain's release: asked of the toolchain once (with the
    /// arguments kata builds with, so whatever build system SwiftPM uses), then read from the build folder, unless
    /// `fresh` (a grade asks anew, before any learner code runs, and trusts no file learner code could have written).
    func facts(for selection: Selection, fresh: Bool = false) -> Result<ToolchainFacts, ToolchainQuestionFailed> {
        let key = toolchain.identity + "\n" + (toolchain.buildSystem ?? "the toolchain's default")
        if !fresh, let cached = ToolchainFacts.cached(in: scratchFolder, key: key) { return .success(cached) }
        var ask = Command(
            swift, ["build", "--show-bin-path"] + packageArguments, environment: buildEnvironment(selection),
            timeLimit: .seconds(300))
        ask.inherits = Self.reachesTheManifest
        let answer = Subprocess.run(ask)
        let folder = answer.output.split(separator: "\n").last.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        guard answer.succeeded, folder.hasPrefix("/") else {
            return .failure(ToolchainQuestionFailed(command: "swift build --show-bin-path", result: answer))
        }
        let info = ToolchainFacts.read(
            targetInfo: Subprocess.run(Command(swift, ["-print-target-info"], timeLimit: .seconds(60))).output)
        let facts = ToolchainFacts(
            key: key, productsFolder: folder, release: info.release, runtimeLibraries: info.runtimeLibraries)
        facts.save(in: scratchFolder)
        return .success(facts)
    }

    /// The products of the builds in this folder, as SwiftPM says where they are.
    func products(for selection: Selection, fresh: Bool = false) -> Result<BuildProducts, ToolchainQuestionFailed> {
        facts(for: selection, fresh: fresh).map { BuildProducts(folder: URL(fileURLWithPath: $0.productsFolder)) }
    }

    /// The built app of the step last built with `buildScene(of:)`.
    func sceneExecutable(of step: Step) -> Result<URL, ToolchainQuestionFailed> {
        products(for: .step(step)).map { $0.url(of: Self.sceneHost) }
    }

    /// Runs the built checks that match `filter`, minus those in `skipping`, one at a time unless `inParallel`,
    /// writing Swift Testing's event stream to `events`: the direct driver starts `program` (a test program of
    /// `products`), `swift test` finds its programs itself.
    func runChecks(
        _ program: TestProduct?, of products: BuildProducts, facts: ToolchainFacts, builtWith selection: Selection,
        filter: String, skipping: [String], inParallel: Bool = false, events: URL, timeLimit: Duration,
        watchdog: RunWatchdog? = nil, isolation: (any LearnerCodeIsolation)? = nil
    ) -> CommandResult {
        var testingArguments = (inParallel ? [] : ["--no-parallel"]) + ["--filter", filter]
        for pattern in skipping {
            testingArguments += ["--skip", pattern]
        }
        let version = EventStreamVersion.asked(ofRelease: facts.release)
        let stream = ["--event-stream-output-path", events.path, "--event-stream-version", version]
        let executable: String
        let arguments: [String]
        switch driver {
        case .direct:
            // The test program runs Swift Testing itself: no manifest to load, no second process.
            // Linux only: on macOS the tests are a bundle that only `swift test` knows how to load.
            guard let program else {
                return CommandResult(
                    ending: .notStarted("SwiftPM left no test program for this step in \(products.folder.path)"),
                    output: "", droppedBytes: 0)
            }
            executable = products.url(of: program.program).path
            arguments = ["--testing-library", "swift-testing"] + testingArguments + stream
        case .swiftTest:
            executable = swift
            arguments = ["test", "--skip-build", "--disable-xctest"] + packageArguments + testingArguments + stream
        }
        var command = Command(
            executable, arguments,
            environment: environment(selection).merging(Self.checksEnvironment) { _, new in new }
                .merging(EventStreamVersion.environment(for: version)) { _, new in new },
            timeLimit: timeLimit)
        if let watchdog { command.stopWhen = { watchdog.shouldStop() } }
        // A check stopped for hanging is named with the learner's line it was stuck on, as a crash is.
        command.tracedWhenStopped = true
        // Isolated, the test program sees its own files and the resources beside them, and writes its events.
        guard let isolation, driver == .direct, let program else { return Subprocess.run(command) }
        var isolated = isolation.isolate(
            command, reading: program.files.map(products.url(of:)) + products.resourceFolders, writing: [events])
        isolated.command.stopWhen = command.stopWhen
        isolated.command.tracedWhenStopped = command.tracedWhenStopped
        defer { isolated.finish() }
        return Subprocess.run(isolated.command)
    }

    /// Checks run in a time zone half an hour off any whole hour from UTC: code that means UTC
    /// must say so, not count on the machine being set to it.
    static let checksEnvironment = ["TZ": "America/St_Johns"]

    /// The variables that choose the package graph: which steps, built from which folder.
    private func environment(_ selection: Selection) -> [String: String] {
        extraEnvironment.merging(selection.environment) { _, new in new }
            .merging(["KATA_SOURCE": source.rawValue, "KATA_COURSE_DIGEST": courseDigest]) { _, new in new }
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
/// another `swift`, found on `PATH` when it has no slash; `KATA_TEST_DRIVER` another driver;
/// `KATA_BUILD_SYSTEM` a build system (`native` or `swiftbuild`) instead of the toolchain's default.
struct Toolchain: Sendable {
    let swift: String
    let driver: TestDriver
    /// The build system SwiftPM is told to use; nil for the one it uses by default (Swift Build from SwiftPM 6.4).
    let buildSystem: String?
    /// The folders `PATH` lists, where a `swift` named without a folder is looked for.
    let searchPath: [String]

    init(environment: [String: String]) {
        swift = environment["KATA_SWIFT"].flatMap { $0.isEmpty ? nil : $0 } ?? "swift"
        driver = TestDriver.from(environment) ?? TestDriver.platformDefault
        buildSystem = environment[Self.buildSystemVariable].flatMap { $0.isEmpty ? nil : $0 }
        searchPath = (environment["PATH"] ?? "").split(separator: ":").map(String.init)
    }

    static let buildSystemVariable = "KATA_BUILD_SYSTEM"
    /// The build systems whose products kata knows how to find and run.
    static let buildSystems = ["native", "swiftbuild"]

    var buildSystemArguments: [String] { buildSystem.map { ["--build-system", $0] } ?? [] }

    /// The `swift` that builds, by where it is, its size and its time: another toolchain (or the same one updated)
    /// never reuses what kata kept of this one. Cheaper than asking it its version before every check.
    var identity: String {
        let path =
            swift.contains("/")
            ? swift
            : searchPath.map { "\($0)/\(swift)" }.first { FileTree.kind(at: URL(fileURLWithPath: $0)) != nil } ?? swift
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        let stamp = FileTree.stamp(of: resolved)
        return "\(resolved) \(stamp?.size ?? 0) \(stamp?.modifiedSeconds ?? 0)"
    }
}

/// Why kata could not learn from the toolchain where its products go.
struct ToolchainQuestionFailed: Error, Sendable {
    let command: String
    let result: CommandResult

    var sentence: String {
        if case .notStarted(let reason) = result.ending { return "\(command) could not be started (\(reason))" }
        let said =
            result.output.split(separator: "\n").last { $0.contains("error") }
            ?? result.output.split(separator: "\n").last
        return "\(command) did not say where SwiftPM puts what it builds"
            + (said.map { " (it said: \($0.trimmingCharacters(in: .whitespaces)))" } ?? "")
    }
}
