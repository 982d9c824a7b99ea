import Foundation

/// Learner code as a user of its own, where kata is root and the system allows no namespaces (a container's default
/// seccomp profile): a uid no other process has, no capability and no way to gain one, an environment of the few
/// variables the run sets, a home and a temporary folder of its own, and a copy of its program's files. It reads
/// what every user may read, so a grade first closes the folders it must not (the kit, the grading copy: `protect`);
/// it keeps the network and sees other processes, which the grade says. After each run, every process of the uid is
/// ended and every file it left in the shared temporary folders removed.
struct SeparateUser: LearnerCodeIsolation {
    let setpriv: String
    /// A uid of the run's own: above the ranges systems give people and services, by kata's process.
    let uid: UInt32
    let folder: URL

    init(setpriv: String, uid: UInt32 = 64_000 + UInt32(getpid() % 1000), folder: URL = RunFolders.make()) {
        self.setpriv = setpriv
        self.uid = uid
        self.folder = folder
    }

    var eventsFolder: URL { folder }

    func isolate(_ command: Command, reading readable: [URL], writing writable: [URL]) -> IsolatedCommand {
        let (run, copies) = RunFolders.copy(readable, into: folder)
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
        }
        let variables = command.environment.merging([
            "HOME": home.path, "TMPDIR": temporary.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8",
        ]) { _, new in new }
        let executable = copies[command.executable] ?? command.executable
        var isolated = Command(
            "/usr/bin/env",
            ["-i", "-C", home.path] + variables.sorted(by: { $0.key < $1.key }).map { "\($0.key)=\($0.value)" }
                + [setpriv] + drop + ["--", executable] + command.arguments,
            timeLimit: command.timeLimit, outputLimit: command.outputLimit)
        isolated.inherits = { _ in false }
        isolated.onOutput = command.onOutput
        return IsolatedCommand(command: isolated) { [self] in
            endEverything()
            RunFolders.remove(run)
        }
    }

    private var drop: [String] {
        [
            "--reuid=\(uid)", "--regid=\(uid)", "--clear-groups", "--inh-caps=-all", "--bounding-set=-all",
            "--no-new-privs",
        ]
    }

    /// Ends every process of the uid (a `kill -1` as that user reaches all of them, and only them), and removes what
    /// it left in the folders every user may write.
    func endEverything() {
        _ = Subprocess.run(
            Command(setpriv, drop + ["/bin/sh", "-c", "kill -KILL -1"], timeLimit: .seconds(30)))
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
        for folder in folders where FileTree.kind(at: folder) == .folder {
            var info = stat()
            guard stat(folder.path, &info) == 0 else { continue }
            chmod(folder.path, info.st_mode & 0o7700)
        }
    }
}
