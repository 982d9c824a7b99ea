import Foundation

@testable import KataCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A kata workspace with no real package and a `swift` that only pretends, for what kata
/// does around a build or a run of checks (signals, scratch files, timing) without the
/// cost of a real one. Each instance has folders of its own, so tests can run side by side.
///
/// The fake (a bash script) answers `swift build` (and writes the test executable and the
/// app the direct driver and `kata run` start: itself, and a script) and `swift test`,
/// as FAKE_BUILD and FAKE_TEST say:
/// - `hang`: start a process in a process group of its own, as SwiftPM starts each
///   compiler, record its pid, say `waiting`, and wait for it (for ever, in effect);
/// - `background` (tests): leave a process running that holds the output open, and end;
/// - `edit` (tests): the first time, append a line to the file FAKE_EDIT names, as a
///   learner saving while the checks run; then end;
/// - `saved-meanwhile` (build): the first time, fail as SwiftPM does when a file is saved
///   while it is compiled;
/// - `disk-full`, `compiler-killed` (build): fail as a build does when the machine fails it;
/// - `database-locked` (build): fail as SwiftPM does when another SwiftPM builds in the same folder;
/// - `no-build-system` (build): refuse the build system asked for, as a SwiftPM that has no such one;
/// - `no-match` (tests): end as Swift Testing 6.4 does when the filter matches no test: no event, status 69.
/// FAKE_LAYOUT=swiftbuild puts the products where Swift Build does, one test runner (and its library) per test
/// target; otherwise where the native build system does, one program for the package.
/// It answers `--show-bin-path` and `-print-target-info` as SwiftPM and swift do.
/// Every call is logged in `log` (a run of a test program as `test`, then `program NAME`), every process it
/// leaves in `pids`.
final class FakeToolchain: Sendable {
    let root: URL
    /// The fake's own files: `log`, `pids`, and `tmp` (the TMPDIR kata is given).
    let scratch: URL
    let swift: URL

    init() {
        let base = FileManager.default.temporaryDirectory
            .appendingPathComponent("kata fake \(UUID().uuidString.prefix(8))")
        root = base.appendingPathComponent("workspace")
        scratch = base.appendingPathComponent("fake")
        swift = scratch.appendingPathComponent("swift")
        let manager = FileManager.default
        try? manager.createDirectory(at: scratch.appendingPathComponent("tmp"), withIntermediateDirectories: true)
        try? Data("// Not a package: the tests of kata give this workspace a fake swift.\n".utf8)
            .write(to: root.appendingPathComponent("Package.swift").creatingFolder())
        // The kit's course, so that kata knows the steps.
        for path in [Course.path] + RealKit.steps.map({ "Tests/\($0.testTarget)/step.json" }) {
            try? Data(RealKit.workspace.bytes(of: path)).write(to: root.appendingPathComponent(path).creatingFolder())
        }
        for source in ["Exercises", "Solutions"] {
            for step in RealKit.steps {
                try? Data("// \(step.name)\n".utf8)
                    .write(
                        to: root.appendingPathComponent("\(source)/\(step.folder)/Placeholder.swift").creatingFolder())
            }
        }
        try? Data(Self.script.utf8).write(to: swift)
        chmod(swift.path, 0o755)
    }

    deinit {
        for pid in pids { kill(pid, SIGKILL) }
        try? FileManager.default.removeItem(at: root.deletingLastPathComponent())
    }

    /// The variables that point kata at the fake, with `extra` (FAKE_BUILD, FAKE_TEST…).
    func environment(_ extra: [String: String] = [:]) -> [String: String] {
        [
            "KATA_SWIFT": swift.path, "FAKE_DIR": scratch.path, "TMPDIR": scratch.appendingPathComponent("tmp").path,
            "NO_COLOR": "1", "KATA_TIME_LIMIT": "",
        ].merging(extra) { _, new in new }
    }

    /// Runs kata to its end, with `input` as its standard input when given.
    func kata(
        _ arguments: [String], input: String? = nil, environment extra: [String: String] = [:],
        timeLimit: Duration = .seconds(60)
    ) -> CommandResult {
        let inputFile = scratch.appendingPathComponent("input-\(UUID().uuidString)")
        try? (input ?? "").write(to: inputFile, atomically: true, encoding: .utf8)
        return Subprocess.run(
            Command(
                "/bin/sh", ["-c", "cd \"$0\" && exec \"$@\" < \"$INPUT\"", root.path, kataBinary.path] + arguments,
                environment: environment(extra).merging(["INPUT": inputFile.path]) { _, new in new },
                timeLimit: timeLimit))
    }

    /// Starts kata on a pseudo-terminal and leaves it running.
    func start(_ arguments: [String], environment extra: [String: String] = [:]) -> PseudoTerminal? {
        PseudoTerminal(kataBinary.path, arguments, in: root.path, environment: environment(extra))
    }

    /// The kata built with these tests: the test executable sits beside it.
    var kataBinary: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("kata")
    }

    var log: [String] {
        ((try? String(contentsOf: scratch.appendingPathComponent("log"), encoding: .utf8)) ?? "")
            .split(separator: "\n").map(String.init)
    }

    /// The processes the fake left, as it recorded them.
    var pids: [pid_t] {
        ((try? String(contentsOf: scratch.appendingPathComponent("pids"), encoding: .utf8)) ?? "")
            .split(separator: "\n").compactMap { pid_t($0) }
    }

    /// Waits (a few seconds at most) until the fake has logged `line`.
    func waitForLog(_ line: String, seconds: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if log.contains(line) { return true }
            usleep(10_000)
        }
        return log.contains(line)
    }

    /// The files kata left in the temporary folder it was given.
    var temporaryFiles: [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: scratch.appendingPathComponent("tmp").path)) ?? []
    }

    private static let script = #"""
        #!/bin/bash
        # A stand-in for swift, and for the test executable it pretends to build.
        log() { echo "$1" >> "$FAKE_DIR/log"; }
        leave() {
            # Job control gives the process a group of its own, as SwiftPM gives each compiler.
            set -m
            sleep 100 > /dev/null 2>&1 &
            echo $! >> "$FAKE_DIR/pids"
            set +m
        }
        scratch=""
        package="$PWD"
        previous=""
        for argument in "$@"; do
            [ "$previous" = "--scratch-path" ] && scratch="$argument"
            [ "$previous" = "--package-path" ] && package="$argument"
            # Swift Testing opens its event stream as the run starts.
            case "$previous" in
            --event-stream-output-path | --experimental-event-stream-output) : > "$argument" ;;
            esac
            previous="$argument"
        done
        products="$scratch/debug"
        [ "$FAKE_LAYOUT" = swiftbuild ] && products="$scratch/out/Products/Debug-linux"
        case "$1" in
        -print-target-info)
            echo '{"compilerVersion": "Swift version 6.3.1 (a fake for kata'"'"'s tests)", "paths": {"runtimeLibraryPaths": []}}'
            exit 0
            ;;
        build)
            case " $* " in *" --show-bin-path "*) echo "$products"; exit 0 ;; esac
            log build
            if [ "$FAKE_BUILD" = no-build-system ]; then
                echo "error: The value 'swiftbuild' is invalid for '--build-system <build-system>'. Please provide one of 'native' or 'xcode'."
                exit 64
            fi
            mkdir -p "$products"
            if [ "$FAKE_LAYOUT" = swiftbuild ]; then
                for target in "$package"/Tests/*Tests; do
                    name="$(basename "$target")"
                    cp "$0" "$products/$name-test-runner"
                    echo "the tests of $name" > "$products/$name.so"
                done
            else
                cp "$0" "$products/VIPKataPackageTests.xctest"
            fi
            printf '#!/bin/bash\necho $$ >> "%s/pids"\nexec sleep 100\n' "$FAKE_DIR" > "$products/SceneHost"
            chmod +x "$products/SceneHost"
            if [ "$FAKE_BUILD" = hang ]; then leave; log waiting; wait; fi
            if [ "$FAKE_BUILD" = disk-full ]; then
                echo "error: unable to write file: No space left on device"
                exit 1
            fi
            if [ "$FAKE_BUILD" = database-locked ]; then
                echo "error: database is locked"
                exit 1
            fi
            if [ "$FAKE_BUILD" = compiler-killed ]; then
                echo "error: compile command failed due to signal 9 (use -v to see invocation)"
                exit 1
            fi
            if [ "$FAKE_BUILD" = saved-meanwhile ] && [ ! -e "$FAKE_DIR/saved" ]; then
                touch "$FAKE_DIR/saved"
                echo "error: input file '$PWD/Exercises/02-Model/Placeholder.swift' was modified during the build"
                exit 1
            fi
            exit 0
            ;;
        test | --testing-library)
            log test
            [ "$1" = --testing-library ] && log "program $(basename "$0")"
            case "$FAKE_TEST" in
            no-match) exit 69 ;;
            hang) leave; log waiting; wait ;;
            background)
                sleep 100 &
                echo $! >> "$FAKE_DIR/pids"
                echo "a check left this running"
                ;;
            edit)
                if [ ! -e "$FAKE_DIR/edited" ]; then
                    touch "$FAKE_DIR/edited"
                    echo "// saved while the checks ran" >> "$FAKE_EDIT"
                fi
                ;;
            esac
            exit 0
            ;;
        esac
        """#
}

extension URL {
    /// Itself, once its folder exists.
    fileprivate func creatingFolder() -> URL {
        try? FileManager.default.createDirectory(at: deletingLastPathComponent(), withIntermediateDirectories: true)
        return self
    }
}

/// Whether a process is still running: present, and not a zombie waiting to be collected.
func isRunning(_ pid: pid_t) -> Bool {
    ProcessPlatform.processes().contains { $0.pid == pid && !$0.isZombie }
}

/// Waits until none of `pids` is running, for `seconds` at most; true when none is.
func noneRunning(_ pids: [pid_t], within seconds: Double) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    repeat {
        if !pids.contains(where: isRunning) { return true }
        usleep(20_000)
    } while Date() < deadline
    return !pids.contains(where: isRunning)
}
