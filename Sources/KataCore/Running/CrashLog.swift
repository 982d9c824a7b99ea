import Foundation

/// Why a run of checks stopped before its end, as the report will say it.
struct StopReason {
    let isTimeout: Bool
    let sentence: String
    let failure: CheckResult.Failure

    init(outcome: CommandResult, timeLimit: Duration, learnerFolders: [String]) {
        let location = CrashLog.firstFrame(in: outcome.output, under: learnerFolders)
        switch outcome.ending {
        case .timedOut:
            isTimeout = true
            sentence =
                "It was still running after the time limit of \(timeLimit.components.seconds) s, so it was stopped: "
                + "look for a loop that never ends or a wait that is never answered."
        case .signalled(let signal):
            isTimeout = false
            sentence =
                CrashLog.message(in: outcome.output) ?? "The test process crashed (\(CrashLog.signalName(signal)))."
        case .exited(let code):
            isTimeout = false
            sentence =
                CrashLog.message(in: outcome.output)
                ?? "The test process ended (exit code \(code)) before the check finished: does the code call exit()?"
        case .notStarted(let reason):
            isTimeout = false
            sentence = reason
        }
        failure = CheckResult.Failure(message: sentence, file: location?.file, line: location?.line)
    }
}

/// Reads what a crashing Swift process printed: the reason, and where in the learner's code.
enum CrashLog {
    /// The runtime's own sentence: `Fatal error: Unexpectedly found nil while unwrapping…`.
    static func message(in output: String) -> String? {
        let reasons = ["Fatal error:", "Precondition failed", "Assertion failed", "Program crashed:"]
        for line in output.components(separatedBy: "\n") {
            guard let reason = reasons.first(where: { line.contains($0) }),
                let range = line.range(of: reason)
            else { continue }
            let text = line[range.lowerBound...].trimmingCharacters(in: .whitespaces)
            return "It crashed: "
                + text.replacingOccurrences(of: "Program crashed: ", with: "")
                .trimmingCharacters(in: CharacterSet(charactersIn: "* "))
        }
        return nil
    }

    /// The first backtrace frame in one of `folders`: `… at /path/File.swift:12:5`.
    static func firstFrame(in output: String, under folders: [String]) -> (file: String, line: Int)? {
        for line in output.components(separatedBy: "\n") {
            guard let at = line.range(of: " at /", options: .backwards) else { continue }
            let location = line[line.index(at.lowerBound, offsetBy: 4)...]
            let parts = location.split(separator: ":")
            guard parts.count >= 2, let lineNumber = Int(parts[1]) else { continue }
            let file = String(parts[0])
            if folders.contains(where: { file.hasPrefix($0) }) {
                return (file, lineNumber)
            }
        }
        return nil
    }

    static func signalName(_ signal: Int32) -> String {
        switch signal {
        case SIGILL: "illegal instruction: a Swift runtime trap"
        case SIGTRAP: "trap: a Swift runtime check failed"
        case SIGSEGV: "segmentation fault: often a stack overflow from endless recursion"
        case SIGBUS: "bus error"
        case SIGABRT: "abort"
        case SIGKILL: "killed"
        default: "signal \(signal)"
        }
    }
}
