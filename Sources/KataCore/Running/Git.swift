import Foundation

/// git as kata runs it: reading no one's configuration. No system or per-user file (learner code or anyone could have
/// planted a `core.fsmonitor` command, a hook or a credential helper there), and the repository's own settings that
/// run a program are switched off; nothing of git's inherited from kata's environment, and never a prompt.
enum Git {
    static func command(
        _ arguments: [String], in repository: URL? = nil, timeLimit: Duration, outputLimit: Int = 256 * 1024
    ) -> Command {
        var command = Command(
            "git", (repository.map { ["-C", $0.path] } ?? []) + safeSettings + arguments, environment: environment,
            timeLimit: timeLimit, outputLimit: outputLimit)
        command.inherits = { !$0.hasPrefix("GIT_") && $0 != "SSH_ASKPASS" }
        return command
    }

    /// Settings given on the command line win over every file: none of them can run a program.
    static let safeSettings = [
        "-c", "core.fsmonitor=false", "-c", "core.hooksPath=/dev/null", "-c", "credential.helper=",
        "-c", "core.sshCommand=ssh", "-c", "protocol.ext.allow=never", "-c", "diff.external=",
        "-c", "core.pager=cat", "-c", "core.askPass=",
    ]

    static let environment = [
        "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": "/dev/null", "GIT_TERMINAL_PROMPT": "0",
        "GIT_OPTIONAL_LOCKS": "0",
    ]
}
