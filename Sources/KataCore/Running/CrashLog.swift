import Foundation

/// Why a run of checks stopped before its end, as the report will say it.
struct StopReason {
    let isTimeout: Bool
    let sentence: String
    let failure: CheckResult.Failure

    init(outcome: CommandResult, timeLimit: Duration, learnerFolders: [String]) {
        isTimeout = outcome.ending == .timedOut
        // A hang's place only from what the program printed once told to abort: before that, a check can print a
        // crash report of its own making.
        let location = CrashLog.firstFrame(
            in: isTimeout ? outcome.abortedOutput ?? "" : outcome.output, under: learnerFolders)
        switch outcome.ending {
        case .timedOut:
            // Where it was, from the backtrace it printed as it was stopped: the function, when the line is unknown.
            let place = location?.function.map { " in \($0)" } ?? ""
            sentence =
                "It was still running after the time limit of \(timeLimit.components.seconds) s, so it was stopped"
                + place + ": look for a loop that never ends or a wait that is never answered."
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

    /// A backtrace frame: `2 [ra] 0x… View.onAppear() + 85 in Tests.xctest at /path/View.swift:12:5`.
    struct Frame: Equatable {
        let file: String
        /// Unknown where the backtracer found the file but no line for the instruction.
        let line: Int?
        /// `View.onAppear()`: the function the frame is in.
        let function: String?

        init(file: String, line: Int?, function: String?) {
            (self.file, self.line, self.function) = (file, line, function)
        }

        init?(_ text: String) {
            guard let at = text.range(of: " at /", options: .backwards) else { return nil }
            let parts = text[text.index(at.lowerBound, offsetBy: 4)...].split(separator: ":")
            guard let file = parts.first else { return nil }
            // `..` resolved, so that a path climbing out of a folder is not taken as inside it.
            self.file = URL(fileURLWithPath: String(file)).standardized.path
            line = parts.count >= 2 ? Int(parts[1]) : nil
            // The function runs from after the address to its offset (` + 85`) or its image (` in `).
            let words = text[..<at.lowerBound]
            function = words.range(of: "0x").flatMap { address in
                words[address.upperBound...].firstIndex(of: " ").flatMap { afterAddress in
                    let rest = words[afterAddress...].dropFirst()
                    let end = rest.range(of: " + ")?.lowerBound ?? rest.range(of: " in ")?.lowerBound ?? rest.endIndex
                    let name = rest[..<end].trimmingCharacters(in: .whitespaces)
                    // A Swift function as the backtracer names it, or nothing: the name goes into the report.
                    let symbolic = name.allSatisfy { $0.isLetter || $0.isNumber || "_.:()<>, ".contains($0) }
                    return name.isEmpty || name.count > 100 || !symbolic ? nil : name
                }
            }
        }
    }

    /// How many of the backtracer's reports `output` holds to their end: each ends with the time it took.
    static func finishedBacktraces(in output: String) -> Int {
        output.components(separatedBy: "\n").dropLast().filter { $0.hasPrefix("Backtrace took ") }.count
    }

    /// The first backtrace frame in one of `folders`, read in the crash's own report when there is one. When the
    /// backtracer found no line for it, a frame of the same thread further down that has one is taken instead.
    static func firstFrame(in output: String, under folders: [String]) -> Frame? {
        let report = crashLines(of: output)
        var withoutLine: Frame?
        for line in report.isEmpty ? output.components(separatedBy: "\n")[...] : report {
            if withoutLine != nil, line.hasPrefix("Thread ") { break }
            guard let frame = Frame(line), folders.contains(where: { frame.file.hasPrefix($0) }) else { continue }
            if frame.line != nil { return frame }
            withoutLine = withoutLine ?? frame
        }
        return withoutLine
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
        // Only the backtracer's own lines stand between the runtime's sentence and its heading: a sentence further up
        // is something a check printed.
        if lines[start].contains("Program crashed:"),
            let runtime = lines[..<start].lastIndex(where: { line in
                reasons.dropLast().contains { line.contains($0) }
            }),
            lines[(runtime + 1)..<start].allSatisfy({ line in
                let line = line.trimmingCharacters(in: .whitespaces)
                return line.isEmpty || line.hasPrefix("*** Signal") || line.hasPrefix("💣")
            })
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
