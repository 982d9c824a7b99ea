import Foundation

/// Why a run of checks stopped before its end, as the report will say it.
struct StopReason {
    let isTimeout: Bool
    let sentence: String
    let failure: CheckResult.Failure

    init(outcome: CommandResult, timeLimit: Duration, learnerFolders: [String]) {
        let location = CrashLog.firstFrame(in: outcome.output, under: learnerFolders)
        isTimeout = outcome.ending == .timedOut
        switch outcome.ending {
        case .timedOut:
            sentence =
                "It was still running after the time limit of \(timeLimit.components.seconds) s, so it was stopped: "
                + "look for a loop that never ends or a wait that is never answered."
        case .signalled(let signal):
            sentence =
                CrashLog.message(in: outcome.output) ?? "The test process crashed (\(CrashLog.signalName(signal)))."
        case .exited(let code):
            sentence =
                CrashLog.message(in: outcome.output)
                ?? "The test process ended (exit code \(code)) before the check finished: does the code call exit()?"
        case .notStarted(let reason):
            sentence = reason
        }
        failure = CheckResult.Failure(message: sentence, file: location?.file, line: location?.line)
    }
}

/// Reads what a crashing Swift process printed: the reason, and where in the learner's code.
///
/// The output holds everything the run printed, checks that passed included, and a check
/// may print anything, "Fatal error:" too. The runtime writes the crash's own report last,
/// as the process dies, so the crash is read from the last such line on.
enum CrashLog {
    static let reasons = ["Fatal error:", "Precondition failed", "Assertion failed", "Program crashed:"]

    /// The runtime's own sentence: `Fatal error: Unexpectedly found nil while unwrapping…`.
    static func message(in output: String) -> String? {
        guard let line = crashLines(of: output).first,
            let reason = reasons.first(where: { line.contains($0) }),
            let range = line.range(of: reason)
        else { return nil }
        let text = line[range.lowerBound...].trimmingCharacters(in: .whitespaces)
        return "It crashed: "
            + text.replacingOccurrences(of: "Program crashed: ", with: "")
            .trimmingCharacters(in: CharacterSet(charactersIn: "* "))
    }

    /// The first backtrace frame in one of `folders`: `… at /path/File.swift:12:5`, read
    /// in the crash's own report when there is one.
    static func firstFrame(in output: String, under folders: [String]) -> (file: String, line: Int)? {
        let report = crashLines(of: output)
        for line in report.isEmpty ? output.components(separatedBy: "\n")[...] : report {
            guard let at = line.range(of: " at /", options: .backwards) else { continue }
            let parts = line[line.index(at.lowerBound, offsetBy: 4)...].split(separator: ":")
            guard parts.count >= 2, let lineNumber = Int(parts[1]) else { continue }
            let file = String(parts[0])
            if folders.contains(where: { file.hasPrefix($0) }) { return (file, lineNumber) }
        }
        return nil
    }

    /// The crash's own report: the output from the last line that states a crash's reason, or nothing when no line
    /// does, or when a check started or ended after it (then it was printed, and the crash left no sentence). "Program
    /// crashed:" (the backtracer's heading) follows the runtime's "Fatal error:" line of the same crash, so the report
    /// starts at that line when it is there.
    private static func crashLines(of output: String) -> ArraySlice<String> {
        let lines = output.components(separatedBy: "\n")
        guard var start = lines.lastIndex(where: { line in reasons.contains { line.contains($0) } }),
            !lines[start...].contains(where: isCheckBoundary)
        else {
            return []
        }
        if lines[start].contains("Program crashed:"),
            let runtime = lines[..<start].lastIndex(where: { line in
                reasons.dropLast().contains { line.contains($0) }
            }),
            !lines[runtime..<start].contains(where: isCheckBoundary)
        {
            start = runtime
        }
        return lines[start...]
    }

    /// A line Swift Testing prints as a check starts or ends: `◇ Test "…" started.`,
    /// `✔ Test "…" passed after…`. A crash's own report never has one after it.
    private static func isCheckBoundary(_ line: String) -> Bool {
        guard line.contains("Test \"") || line.contains("Suite \"") else { return false }
        return [" started.", " passed", " failed", " skipped"].contains { line.contains($0) }
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
