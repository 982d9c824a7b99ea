import Foundation

@testable import KataCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A program running on a pseudo-terminal, as it would in a terminal window: it sees a
/// TTY on its input and output, and the test types keys and reads the screen.
final class PseudoTerminal {
    let pid: pid_t
    private let master: Int32
    private let slavePath: String
    private(set) var screen = ""

    init?(_ executable: String, _ arguments: [String], in folder: String, environment: [String: String] = [:]) {
        master = PTY.open(O_RDWR | O_NOCTTY)
        guard master >= 0, PTY.grant(master) == 0, PTY.unlock(master) == 0, let name = PTY.name(master) else {
            return nil
        }
        slavePath = String(cString: name)

        var actions = ProcessPlatform.makeFileActions()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addclose(&actions, master)
        posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        // As kata starts its own: a fake swift another test is writing must not stay open in this one.
        ProcessPlatform.closeInheritedFiles(&actions)

        var env = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        // A terminal that says what it can do, unless the test says otherwise.
        env["TERM"] = environment["TERM"] ?? "xterm"
        // The program starts in `folder`, through a shell, since posix_spawn cannot change directory.
        let argv = ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", folder, executable] + arguments
        let cArguments = argv.map { strdup($0) } + [nil]
        let cEnvironment = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in cArguments + cEnvironment { free(pointer) }
        }
        // Started as kata starts its children, so that this process (which adopts what its children
        // orphan, and ends it) knows it for its own.
        let started = RunningChildren.shared.start(scope: .session) { () -> Result<pid_t, ProcessPlatform.SpawnError> in
            var child: pid_t = 0
            let code = posix_spawn(&child, "/bin/sh", &actions, nil, cArguments, cEnvironment)
            return code == 0 ? .success(child) : .failure(ProcessPlatform.SpawnError(code: code))
        }
        guard case .success(let child) = started else { return nil }
        pid = child
    }

    deinit {
        kill(pid, SIGKILL)
        RunningChildren.shared.finished(pid)
        close(master)
    }

    func type(_ text: String) {
        _ = text.withCString { write(master, $0, strlen($0)) }
    }

    /// Reads what the program writes until `text` appears after `offset`, or `seconds` pass.
    @discardableResult
    func waitFor(_ text: String, after offset: Int = 0, seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if screen.dropFirst(offset).contains(text) { return true }
            var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 200) > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 65536)
            let count = read(master, &buffer, buffer.count)
            guard count > 0 else { break }
            screen += String(decoding: buffer[0..<count], as: UTF8.self)
        }
        return screen.dropFirst(offset).contains(text)
    }

    /// Waits for the program to end; its exit status, or 128 + the signal that ended it.
    func waitForExit(seconds: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        var status: Int32 = 0
        while Date() < deadline {
            _ = waitFor("\u{0}", seconds: 0.2)
            if waitpid(pid, &status, WNOHANG) == pid {
                RunningChildren.shared.finished(pid)
                return status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
            }
        }
        return nil
    }

    /// Whether the terminal is back in its usual line mode, with echo.
    var isInLineMode: Bool {
        let slave = open(slavePath, O_RDWR | O_NOCTTY)
        defer { close(slave) }
        var settings = termios()
        guard slave >= 0, tcgetattr(slave, &settings) == 0 else { return false }
        return TerminalModes.isInLineMode(settings)
    }
}

/// The pseudo-terminal functions of the C library: posix_openpt, grantpt, unlockpt and
/// ptsname (POSIX), the same four on both platforms; openpty (BSD, <util.h> on Darwin,
/// <pty.h> and libutil on Glibc) is not used. Darwin's <_stdlib.h> declares the four for
/// every compilation that is not strict ANSI, so Swift's Darwin module has them. Glibc's
/// <stdlib.h> declares them only under __USE_XOPEN2KXSI and __USE_XOPEN_EXTENDED, which
/// Swift's Glibc module does not define, so on Linux they are looked up at run time, with
/// the same C types: `int (int)`, and `char *(int)` for ptsname.
private enum PTY {
    #if canImport(Darwin)
        static let open: (Int32) -> Int32 = { posix_openpt($0) }
        static let grant: (Int32) -> Int32 = { grantpt($0) }
        static let unlock: (Int32) -> Int32 = { unlockpt($0) }
        static let name: (Int32) -> UnsafeMutablePointer<CChar>? = { ptsname($0) }
    #else
        private static func function<T>(_ name: String, as type: T.Type) -> T {
            unsafeBitCast(dlsym(UnsafeMutableRawPointer(bitPattern: 0), name), to: type)
        }
        static let open = function("posix_openpt", as: (@convention(c) (Int32) -> Int32).self)
        static let grant = function("grantpt", as: (@convention(c) (Int32) -> Int32).self)
        static let unlock = function("unlockpt", as: (@convention(c) (Int32) -> Int32).self)
        static let name = function("ptsname", as: (@convention(c) (Int32) -> UnsafeMutablePointer<CChar>?).self)
    #endif
}
