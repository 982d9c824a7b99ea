import Foundation

/// How a grade runs learner code: in bubblewrap's sandbox where the system allows namespaces; as a user of its own
/// where it does not and kata is root (a container); or not isolated, which the grade then says in every format.
enum Isolation: Sendable {
    case sandbox(Bubblewrap)
    case separateUser(SeparateUser)
    case none(reason: String)

    /// What runs learner code isolated, when anything does.
    var runner: (any LearnerCodeIsolation)? {
        switch self {
        case .sandbox(let sandbox): sandbox
        case .separateUser(let user): user
        case .none: nil
        }
    }

    var isIsolated: Bool { runner != nil }

    /// The grade's words for it.
    var summary: String {
        switch self {
        case .sandbox:
            "isolated: bubblewrap (its own user, mount, PID, IPC and network namespaces; nothing of the grader's)"
        case .separateUser:
            "isolated: a user of its own for each run, as the system allows no namespaces; the network stays"
        case .none(let reason): "not isolated: \(reason)"
        }
    }

    /// Ubuntu (23.10 on, GitHub's runners too) lets no unprivileged program make a user namespace, which bubblewrap
    /// needs: where that switch is on, what to do about it.
    static func namespaceAdvice(
        switchFile: URL = URL(fileURLWithPath: "/proc/sys/kernel/apparmor_restrict_unprivileged_userns")
    ) -> String {
        guard
            (try? String(contentsOf: switchFile, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
                == "1"
        else { return "" }
        return "; Ubuntu's AppArmor keeps unprivileged programs from making them: on a machine for grading, "
            + "sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0, or grade as root"
    }

    /// What this machine allows, tried once: bubblewrap's sandbox runs a program; else, as root, a user of its own.
    /// `runtimeLibraries` are the Swift runtime's folders the test programs load.
    static func probe(runtimeLibraries: [String], environment: [String: String]) -> Isolation {
        #if os(Linux)
            let path = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
            func find(_ name: String) -> String? {
                path.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
            }
            let root = geteuid() == 0
            let setpriv = find("setpriv")
            var refusal = "bubblewrap is not installed (Debian and Ubuntu: apt-get install bubblewrap)"
            if let bwrap = find("bwrap") {
                let help = Subprocess.run(Command(bwrap, ["--help"], timeLimit: .seconds(30))).output
                let sandbox = Bubblewrap(
                    program: bwrap, runtimeLibraries: runtimeLibraries,
                    disablesNestedNamespaces: help.contains("--disable-userns"), sizesFolders: help.contains("--size"),
                    dropTo: root ? setpriv : nil)
                switch sandbox.tryOut() {
                case nil: return .sandbox(sandbox)
                case let said?:
                    refusal = "bubblewrap cannot make its namespaces here (\(said))" + Self.namespaceAdvice()
                }
            }
            if root, let setpriv { return .separateUser(SeparateUser(setpriv: setpriv)) }
            return .none(reason: refusal)
        #else
            return .none(reason: "isolation needs Linux's namespaces (bubblewrap); this is not Linux")
        #endif
    }
}

/// One grade's folder of isolated runs, in the machine's temporary folder: a run's event stream is made here, and
/// each run gets a folder holding copies of its program's files and resources, so that the run's own user can read
/// them wherever the build folder is. Removed with the runs.
enum RunFolders {
    /// A new folder of the runs, which every user may pass through (but not list): in /tmp, which every user
    /// reaches, whatever TMPDIR says.
    static func make() -> URL {
        let shared =
            FileTree.kind(at: URL(fileURLWithPath: "/tmp")) == .folder
            ? URL(fileURLWithPath: "/tmp") : FileManager.default.temporaryDirectory
        let folder = shared.appendingPathComponent(
            "kata-isolated-\(getpid())-\(UUID().uuidString.prefix(8))", isDirectory: true)
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        chmod(folder.path, 0o711)
        ScratchFiles.shared.track(folder)
        return folder
    }

    /// A run's own folder in `folder`, holding copies of `items` (files and folders) by their names; where each one
    /// is now, by where it was.
    static func copy(_ items: [URL], into folder: URL) -> (run: URL, copies: [String: String]) {
        let run = folder.appendingPathComponent("run-\(UUID().uuidString.prefix(8))", isDirectory: true)
        try? FileManager.default.createDirectory(at: run, withIntermediateDirectories: true)
        chmod(run.path, 0o755)
        var copies: [String: String] = [:]
        for item in items where FileTree.kind(at: item) != nil {
            // Copied, never linked: a link would change the original's stamp (its count of links), which the grade
            // watches, and let the run's user reach the original's bytes.
            let copy = run.appendingPathComponent(item.lastPathComponent)
            try? FileManager.default.copyItem(at: item, to: copy)
            copies[item.path] = copy.path
        }
        return (run, copies)
    }

    static func remove(_ url: URL) {
        ScratchFiles.removeItem(url.path)
    }
}
