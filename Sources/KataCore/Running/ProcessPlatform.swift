import Foundation

/// The one place where starting, finding and ending processes differs between Darwin and Glibc. Each difference says
/// which declaration it follows; the rest of the runner sees none of them.
enum ProcessPlatform {
    // posix_spawn's two opaque types. Darwin's <spawn.h> declares both `void *`, so Swift
    // imports them as raw pointers that `_init` allocates (they start out nil); Glibc's
    // <spawn.h> declares both structs, which `_init` fills in place.
    #if canImport(Darwin)
        typealias FileActions = posix_spawn_file_actions_t?
        typealias Attributes = posix_spawnattr_t?
        static func makeFileActions() -> FileActions { nil }
        static func makeAttributes() -> Attributes { nil }
    #else
        typealias FileActions = posix_spawn_file_actions_t
        typealias Attributes = posix_spawnattr_t
        static func makeFileActions() -> FileActions { posix_spawn_file_actions_t() }
        static func makeAttributes() -> Attributes { posix_spawnattr_t() }
    #endif

    #if !canImport(Darwin)
        // posix_spawn_file_actions_addclosefrom_np: glibc 2.34 and later, declared only under
        // _GNU_SOURCE, so looked up at run time; with an older glibc, the child keeps what it inherits.
        private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        private static let closeFromAction: CloseFrom? = dlsym(
            nil, "posix_spawn_file_actions_addclosefrom_np"
        ).map { unsafeBitCast($0, to: CloseFrom.self) }
    #endif

    // POSIX_SPAWN_SETSID: a new session for the child. Darwin's <sys/spawn.h> makes it public (0x0400) from xnu-6153,
    // macOS 10.15. Glibc has it from 2.26 (0x80), but only under _GNU_SOURCE, which Swift's Glibc module does not
    // define, so it is spelled out. posix_spawnattr_setflags takes a `short` on both; the other POSIX_SPAWN_* are plain
    // `#define`d ints on both, imported as Int32.
    #if canImport(Darwin)
        static let newSessionFlag = Int16(POSIX_SPAWN_SETSID)
    #else
        static let newSessionFlag: Int16 = 0x80
    #endif

    /// What a spawned child's standard streams are.
    enum Streams {
        /// Input from /dev/null; output and errors both into `writeEnd`; `readEnd` closed.
        case captured(readEnd: Int32, writeEnd: Int32)
        /// kata's own terminal, as they are.
        case inherited
    }

    /// Starts `executable` (looked up in PATH when it has no slash). With `newSession`, the child leads a session of
    /// its own, so everything it starts, whatever process group it moves to (SwiftPM gives each compiler one), can be
    /// found and ended. The child starts with no signal blocked and the stopping signals at their defaults, whatever
    /// kata blocked for itself. Returns the pid, or the error number.
    static func spawn(
        _ executable: String, _ arguments: [String], environment: [String: String], streams: Streams,
        newSession: Bool
    ) -> Result<pid_t, SpawnError> {
        var actions = makeFileActions()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if case .captured(let readEnd, let writeEnd) = streams {
            posix_spawn_file_actions_addclose(&actions, readEnd)
            posix_spawn_file_actions_adddup2(&actions, writeEnd, STDOUT_FILENO)
            posix_spawn_file_actions_adddup2(&actions, writeEnd, STDERR_FILENO)
            posix_spawn_file_actions_addclose(&actions, writeEnd)
            posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        }
        closeInheritedFiles(&actions)

        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE] {
            sigaddset(&defaults, signal)
        }
        let signalFlags = Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)

        let argv = [executable] + arguments
        let envp = environment.map { "\($0.key)=\($0.value)" }
        func attempt(_ flags: Int16) -> (Int32, pid_t) {
            var attributes = makeAttributes()
            posix_spawnattr_init(&attributes)
            defer { posix_spawnattr_destroy(&attributes) }
            posix_spawnattr_setflags(&attributes, flags)
            posix_spawnattr_setpgroup(&attributes, 0)
            posix_spawnattr_setsigmask(&attributes, &noSignals)
            posix_spawnattr_setsigdefault(&attributes, &defaults)
            var pid: pid_t = 0
            let status = withCStrings(argv) { argvPointer in
                withCStrings(envp) { envPointer in
                    posix_spawnp(&pid, executable, &actions, &attributes, argvPointer, envPointer)
                }
            }
            return (status, pid)
        }

        // A session leader cannot also be given a process group (setsid comes first in both
        // C libraries, then setpgid fails), so the two flags are never combined.
        var (status, pid) = attempt(signalFlags | (newSession ? newSessionFlag : 0))
        if status == EINVAL, newSession {
            // A C library too old for POSIX_SPAWN_SETSID: a process group of its own instead.
            (status, pid) = attempt(signalFlags | Int16(POSIX_SPAWN_SETPGROUP))
        }
        guard status == 0 else { return .failure(SpawnError(code: status)) }
        return .success(pid)
    }

    /// Only the standard streams reach the child: a file another thread (verify's lanes) is writing, inherited by a long
    /// build, would stay busy (exec fails with ETXTBSY), and a pipe would stay open past its command's end.
    static func closeInheritedFiles(_ actions: inout FileActions) {
        #if !canImport(Darwin)
            _ = closeFromAction.map { $0(&actions, STDERR_FILENO + 1) }
        #endif
    }

    /// Why a process could not be started: an error number, with its sentence.
    struct SpawnError: Error {
        let code: Int32
        var reason: String { String(cString: strerror(code)) }
    }

    /// One process, as the process table lists it.
    struct Entry: Equatable {
        let pid: pid_t
        let parent: pid_t
        let group: pid_t
        let session: pid_t
        /// Ended, waiting for its parent to collect its status: nothing left to stop.
        let isZombie: Bool
    }

    /// Makes kata the parent of every process its children orphan (Linux's "child subreaper"),
    /// so one that double-forks out of its session to outlive a run is still kata's to end.
    /// macOS has no such thing: there, a process that leaves its session this way is not seen.
    static func adoptOrphans() { _ = subreaper }

    private static let subreaper: Bool = {
        #if os(Linux)
            // prctl(2) is variadic, which Swift cannot call; its address, typed for the two
            // arguments PR_SET_CHILD_SUBREAPER takes, can be (integer arguments pass the same way).
            typealias Prctl = @convention(c) (Int32, UInt) -> Int32
            // A nil handle is glibc's RTLD_DEFAULT: the symbol as the process already links it.
            guard let symbol = dlsym(nil, "prctl") else { return false }
            let setChildSubreaper: Int32 = 36
            return unsafeBitCast(symbol, to: Prctl.self)(setChildSubreaper, 1) == 0
        #else
            return false
        #endif
    }()

    /// Every process of the machine that kata can see.
    static func processes() -> [Entry] {
        #if canImport(Darwin)
            // sysctl(CTL_KERN, KERN_PROC, KERN_PROC_ALL) returns `struct kinfo_proc` (<sys/sysctl.h>): the pid and
            // state in kp_proc (<sys/proc.h>: p_pid, p_stat, SZOMB), the parent and group in kp_eproc (e_ppid, e_pgid).
            // It has no session, which getsid(2) gives for any pid.
            var names: [Int32] = [CTL_KERN, KERN_PROC, KERN_PROC_ALL, 0]
            for _ in 0..<4 {
                var size = 0
                guard sysctl(&names, UInt32(names.count), nil, &size, nil, 0) == 0 else { return [] }
                size += 32 * MemoryLayout<kinfo_proc>.stride
                var table = [kinfo_proc](repeating: kinfo_proc(), count: size / MemoryLayout<kinfo_proc>.stride)
                guard sysctl(&names, UInt32(names.count), &table, &size, nil, 0) == 0 else {
                    if errno == ENOMEM { continue }
                    return []
                }
                return table.prefix(size / MemoryLayout<kinfo_proc>.stride).map { info in
                    Entry(
                        pid: info.kp_proc.p_pid, parent: info.kp_eproc.e_ppid, group: info.kp_eproc.e_pgid,
                        session: getsid(info.kp_proc.p_pid), isZombie: Int32(info.kp_proc.p_stat) == SZOMB)
                }
            }
            return []
        #else
            // Linux: /proc/<pid>/stat is "pid (name) state ppid pgrp session …" (proc(5));
            // the name may hold spaces and parentheses, so fields are read after the last ')'.
            let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
            return names.compactMap { name -> Entry? in
                guard let pid = pid_t(name) else { return nil }
                let file = open("/proc/\(name)/stat", O_RDONLY | O_CLOEXEC)
                guard file >= 0 else { return nil }
                defer { close(file) }
                var buffer = [UInt8](repeating: 0, count: 1024)
                let count = read(file, &buffer, buffer.count)
                guard count > 0, let close = buffer[0..<count].lastIndex(of: UInt8(ascii: ")")) else { return nil }
                let fields = buffer[(close + 1)..<count].split(separator: UInt8(ascii: " "))
                guard fields.count >= 4, let parent = pid_t(fields[1]), let group = pid_t(fields[2]),
                    let session = pid_t(fields[3])
                else { return nil }
                return Entry(
                    pid: pid, parent: parent, group: group, session: session,
                    isZombie: fields[0].first == UInt8(ascii: "Z"))
            }
        #endif
    }
}

extension pid_t {
    fileprivate init?(_ bytes: ArraySlice<UInt8>) {
        self.init(String(decoding: bytes, as: UTF8.self))
    }
}

/// Passes `strings` to C as a NULL-terminated `char *[]`.
func withCStrings<Result>(
    _ strings: [String],
    _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> Result
) -> Result {
    var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
    pointers.append(nil)
    defer {
        for pointer in pointers { free(pointer) }
    }
    return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
}
