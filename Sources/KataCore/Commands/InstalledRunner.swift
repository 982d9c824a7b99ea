import Foundation

/// Where the `kata` a learner types comes from: `swift run kata` until `make install` puts a
/// copy on the PATH, and that copy stays as it was built until installed again.
struct InstalledRunner {
    let environment: [String: String]
    /// The running executable, when kata was started as a program (nil in memory).
    let executable: URL?

    /// Whether typing `kata` in a shell runs a kata: an executable of that name on PATH.
    var isOnPath: Bool {
        (environment["PATH"] ?? "").split(separator: ":").contains { folder in
            FileManager.default.isExecutableFile(atPath: "\(folder)/kata")
        }
    }

    /// How the kit's commands are typed here: `kata`, or `swift run kata` before `make install`.
    var commandName: String { isOnPath ? "kata" : "swift run kata" }

    /// What to do while `kata` is not on the PATH: add the folder of an installed copy run by its path, or until
    /// then type `swift run kata` (or install it). Nil when typing `kata` works.
    var pathNote: String? {
        guard !isOnPath else { return nil }
        if let executable, !Self.isBuildProduct(executable) {
            let folder = executable.deletingLastPathComponent().path
            return "kata is installed in \(folder), which is not on your PATH: run export PATH=\"\(folder):$PATH\" "
                + "(and add it to your shell's profile), then type kata where the guides say kata."
        }
        return "kata is not on your PATH yet: type swift run kata where the guides say kata, "
            + "or run make install once (see the README)."
    }

    /// A note when this is an installed copy older than the runner's sources in `workspace`
    /// (after a `git pull`, say): it still works, but as the kit was when it was installed.
    func staleNote(for workspace: Workspace) -> String? {
        guard let executable, !Self.isBuildProduct(executable),
            let built = Self.modified(executable)
        else { return nil }
        let sources =
            ["Package.swift"] + workspace.allFiles(under: "Sources/KataCore")
            + workspace.allFiles(under: "Sources/kata")
        guard
            sources.contains(where: {
                (Self.modified(workspace.root.appendingPathComponent($0)) ?? 0) > built
            })
        else { return nil }
        return "this kata (\(executable.path)) was installed before the kit's runner last changed (a git pull?): "
            + "run make install again to bring it up to date."
    }

    /// A build folder's product (`swift run kata`, the tests) is rebuilt by SwiftPM: never stale.
    private static func isBuildProduct(_ url: URL) -> Bool {
        url.pathComponents.contains { $0 == ".build" || $0.hasPrefix(".build-") }
    }

    private static func modified(_ url: URL) -> Double? {
        FileTree.stamp(of: url.path)?.modifiedSeconds
    }
}
