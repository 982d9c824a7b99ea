import Foundation

/// Learner code as a user of its own, where kata is root and the system allows no namespaces (a container's default
/// seccomp profile): a uid no other process has, no capability and no way to gain one, an environment of the few
/// variables the run sets, a home and a temporary folder of its own, and a copy of its program's files. It reads
/// what every user may read, so a grade first closes the folders it must not (the kit, the grading copy: `protect`);
/// it keeps the network and sees other processes, which the grade says. Each run has a uid of its own, leased for
/// the run (runs side by side, in one kata or in several, never share one); after the run every process of that uid
/// is ended and every file it left in the shared temporary folders removed.
struct SeparateUser: LearnerCodeIsolation {
    let setpriv: String
    let folder: URL

    init(setpriv: String, folder: URL = RunFolders.make()) {
        self.setpriv = setpriv
        self.folder = folder
    }

    var eventsFolder: URL { folder }

    func isolate(_ command: Command, reading readable: [URL], writing writable: [URL]) -> IsolatedCommand {
        let lease = UserLease.take()
        let uid = lease.uid
        let (run, copies) = RunFolders.copy(readable, into: folder)
        // Another run's user can read this run's command line, so it can name this folder: only this run's user may
        // enter it (through its group, so that it reads its program and cannot change it).
        chown(run.path, geteuid(), uid)
        chmod(run.path, 0o750)
        let home = run.appendingPathComponent("home")
        let temporary = run.appendingPathComponent("tmp")
        for own in [home, temporary] {
            try? FileManager.default.createDirectory(at: own, withIntermediateDirectories: true)
            chown(own.path, uid, uid)
            chmod(own.path, 0o700)
        }
        for url in writable {
            if FileTree.kind(at: url) == nil { _ = FileManager.default.createFile(atPath: url.path, contents: nil) }
            chown(url.path, uid, uid)
            chmod(url.path, 0o600)
        }
        let variables = command.environment.merging([
            "HOME": home.path, "TMPDIR": temporary.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8",
        ]) { _, new in new }
        let executable = copies[command.executable] ?? command.executable
        var isolated = Command(
            "/usr/bin/env",
            ["-i", "-C", home.path] + variables.sorted(by: { $0.key < $1.key }).map { "\($0.key)=\($0.value)" }
                + [setpriv] + Self.drop(to: uid) + ["--", executable] + command.arguments,
            timeLimit: command.timeLimit, outputLimit: command.outputLimit)
        isolated.inherits = { _ in false }
        isolated.onOutput = command.onOutput
        return IsolatedCommand(command: isolated) { [self] in
            endEverything(of: uid)
            RunFolders.remove(run)
            lease.release()
        }
    }

    private static func drop(to uid: UInt32) -> [String] {
        [
            "--reuid=\(uid)", "--regid=\(uid)", "--clear-groups", "--inh-caps=-all", "--bounding-set=-all",
            "--no-new-privs",
        ]
    }

    /// Ends every process of the run's uid (a `kill -1` as that user reaches all of them, and only them), and
    /// removes what it left in the folders every user may write.
    func endEverything(of uid: UInt32) {
        _ = Subprocess.run(
            Command(setpriv, Self.drop(to: uid) + ["/bin/sh", "-c", "kill -KILL -1"], timeLimit: .seconds(30)))
        for shared in ["/tmp", "/var/tmp", "/dev/shm"] {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: shared)) ?? [] {
                var info = stat()
                let path = shared + "/" + name
                guard lstat(path, &info) == 0, info.st_uid == uid else { continue }
                ScratchFiles.removeItem(path)
            }
        }
    }

    /// Closes `folders` to every user but their owner, for the grade: the run's user can read what others may, and
    /// these hold the kit, its answers and the grading copy.
    func protect(_ folders: [URL]) {
        folders.forEach(FileTree.closeToOthers)
    }
}

/// A uid leased to one run: taken by locking its file in a folder every kata on the machine shares, and free again
/// when the lock goes (released, or the kata that held it gone), so that no two runs, of one kata or of katas side by
/// side, ever have the same. The uids lie above the ranges systems give people and services, and below 65,534, so
/// that a container that maps only 65,536 uids still has them.
final class UserLease: @unchecked Sendable {
    let uid: UInt32
    private let descriptor: Int32

    static let uids: Range<UInt32> = 40_000..<65_000
    static let folder = "/tmp/kata-uids"

    private init(uid: UInt32, descriptor: Int32) {
        self.uid = uid
        self.descriptor = descriptor
    }

    /// A free uid, starting the search at a place of this process's own so that katas side by side rarely meet.
    static func take() -> UserLease {
        let folder = Self.sharedFolder()
        let count = UInt32(uids.count)
        let start = (UInt32(truncatingIfNeeded: getpid()) &* 7919 &+ next()) % count
        for offset in 0..<count {
            let uid = uids.lowerBound + (start + offset) % count
            let descriptor = open("\(folder)/\(uid)", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { continue }
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return UserLease(uid: uid, descriptor: descriptor) }
            close(descriptor)
        }
        // Every uid of the range is running something: share the first rather than run with the grader's.
        return UserLease(uid: uids.lowerBound, descriptor: -1)
    }

    /// The shared folder of leases, made by kata and closed to others; one a run's user made there first (learner code
    /// can write /tmp) is not trusted: kata then keeps its leases in a folder of its own.
    private static func sharedFolder() -> String {
        mkdir(folder, 0o700)
        var info = stat()
        if lstat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, info.st_uid == geteuid(),
            info.st_mode & 0o077 == 0
        {
            return folder
        }
        return ownFolder
    }

    /// This kata's own folder of leases, made once: its runs still never share a uid.
    private static let ownFolder: String = {
        let own = RunFolders.make().appendingPathComponent("uids").path
        mkdir(own, 0o700)
        return own
    }()

    func release() {
        guard descriptor >= 0 else { return }
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var taken: UInt32 = 0
    private static func next() -> UInt32 {
        lock.withLock {
            taken &+= 1
            return taken
        }
    }
}
