import Foundation

/// Learner code in a sandbox of bubblewrap's (the one Flatpak runs on): user, mount, PID, IPC, UTS, cgroup and
/// network namespaces of its own, so it has no network and sees no other process, and runs as nobody (uid 65534, on
/// the machine too: kata as root hands the sandbox to nobody first) with no capability. Its file system is an empty
/// one holding, read-only, the system's libraries and the Swift runtime and a copy of its program's files and
/// resources, and, writable, its event stream and a private temporary folder that goes with it. Its environment is the
/// few variables the run sets, never kata's, and bubblewrap itself starts with none (it is process 1 inside, where
/// its environment can be read).
struct Bubblewrap: LearnerCodeIsolation {
    /// The `bwrap` program.
    let program: String
    /// The folders of the Swift runtime the test programs load (`runtimeLibraryPaths`).
    let runtimeLibraries: [String]
    /// Whether this bubblewrap can forbid namespaces inside the sandbox (`--disable-userns`, from 0.8).
    let disablesNestedNamespaces: Bool
    /// Whether it can give a temporary folder a size (`--size`).
    let sizesFolders: Bool
    /// `setpriv`, when kata is root: root's sandbox user would be root on the machine (it maps onto the user who
    /// starts bubblewrap), so bubblewrap is started as nobody.
    let dropTo: String?
    /// The grade's folder of runs.
    let folder: URL

    static let nobody = "65534"

    init(
        program: String, runtimeLibraries: [String], disablesNestedNamespaces: Bool, sizesFolders: Bool,
        dropTo: String?, folder: URL = RunFolders.make()
    ) {
        self.program = program
        self.runtimeLibraries = runtimeLibraries
        self.disablesNestedNamespaces = disablesNestedNamespaces
        self.sizesFolders = sizesFolders
        self.dropTo = dropTo
        self.folder = folder
    }

    var eventsFolder: URL { folder }

    func isolate(_ command: Command, reading readable: [URL], writing writable: [URL]) -> IsolatedCommand {
        let (run, copies) = RunFolders.copy(readable, into: folder)
        var arguments = sandboxArguments
        for (name, value) in command.environment.sorted(by: { $0.key < $1.key }) {
            arguments += ["--setenv", name, value]
        }
        arguments += ["--ro-bind", run.path, run.path]
        for url in writable {
            if FileTree.kind(at: url) == nil { _ = FileManager.default.createFile(atPath: url.path, contents: nil) }
            // Its own user writes it; the grader, who reads it after, is root or its owner.
            if dropTo != nil { chown(url.path, 65534, 65534) }
            arguments += ["--bind", url.path, url.path]
        }
        let executable = copies[command.executable] ?? command.executable
        arguments += ["--remount-ro", "/", "--chdir", "/tmp/home", "--", executable] + command.arguments
        let start = dropTo.map { [$0] + Self.dropArguments + [program] } ?? [program]
        var isolated = Command(
            start[0], Array(start.dropFirst()) + arguments, environment: ["PATH": "/usr/bin:/bin"],
            timeLimit: command.timeLimit, outputLimit: command.outputLimit)
        isolated.inherits = { _ in false }
        isolated.onOutput = command.onOutput
        return IsolatedCommand(command: isolated) { RunFolders.remove(run) }
    }

    /// setpriv's arguments that make the rest run as nobody, with no capability and no way to gain one.
    static let dropArguments = [
        "--reuid=\(nobody)", "--regid=\(nobody)", "--clear-groups", "--inh-caps=-all", "--bounding-set=-all",
        "--no-new-privs",
    ]

    /// Everything but what one run binds and sets: the namespaces, the identity, the system and the runtime.
    var sandboxArguments: [String] {
        var arguments = ["--unshare-all", "--unshare-user"]
        if disablesNestedNamespaces { arguments.append("--disable-userns") }
        arguments += [
            "--die-with-parent", "--new-session", "--cap-drop", "ALL", "--uid", Self.nobody, "--gid", Self.nobody,
            "--hostname", "kata", "--clearenv", "--setenv", "HOME", "/tmp/home", "--setenv", "TMPDIR", "/tmp",
            "--setenv", "PATH", "/usr/bin:/bin", "--setenv", "LANG", "C.UTF-8", "--ro-bind", "/usr", "/usr",
        ]
        // /lib, /lib64…: links into /usr on most systems (made as the same links), folders of their own on others.
        for name in ["lib", "lib64", "lib32", "libx32", "bin", "sbin"] {
            let path = "/" + name
            switch FileTree.kind(at: URL(fileURLWithPath: path)) {
            case .symlink:
                if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) {
                    arguments += ["--symlink", target, path]
                }
            case .folder: arguments += ["--ro-bind", path, path]
            default: break
            }
        }
        arguments += ["--ro-bind-try", "/etc/ld.so.cache", "/etc/ld.so.cache"]
        for folder in runtimeLibraries where !folder.hasPrefix("/usr/") {
            arguments += ["--ro-bind", folder, folder]
        }
        arguments += ["--proc", "/proc", "--dev", "/dev"]
        // Temporary folders the run can fill, but not without end.
        arguments += (sizesFolders ? ["--size", "\(16 << 20)"] : []) + ["--tmpfs", "/dev/shm", "--remount-ro", "/dev"]
        arguments += (sizesFolders ? ["--size", "\(256 << 20)"] : []) + ["--tmpfs", "/tmp", "--dir", "/tmp/home"]
        return arguments
    }

    /// Runs `true` in the sandbox: nil when it ran, else the first thing bubblewrap said.
    func tryOut() -> String? {
        let probe = isolate(Command("/usr/bin/true", [], timeLimit: .seconds(30)), reading: [], writing: [])
        defer { probe.finish() }
        let result = Subprocess.run(probe.command)
        guard !result.succeeded else { return nil }
        let said = result.output.split(separator: "\n").first.map(String.init) ?? "\(result.ending)"
        return said.trimmingCharacters(in: .whitespaces)
    }
}
