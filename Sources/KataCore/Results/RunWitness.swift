/// Cross-examines one test process's event stream against what the runner knows independently of it: how the process
/// ended, what it printed, and which checks the step has. Learner code runs inside that process and could write events
/// of its own; a stream that a real run could not have written is named, so the step is marked for review.
struct RunWitness: Sendable {
    /// The step's test target: every check in the stream must belong to it.
    let target: String
    /// The keys of the step's declared checks.
    let knownKeys: Set<String>

    /// Sentences naming what does not add up; empty for an ordinary run.
    func anomalies(in records: [EventStreamRecord], ending: CommandResult.Ending, output: String) -> [String] {
        var anomalies: [String] = []
        var runStarts = 0
        var runEnds = 0
        var afterEnd = false
        var started: [String: Int] = [:]
        var ended: [String: Int] = [:]
        var failures = 0

        for record in records {
            let payload = record.payload
            if afterEnd {
                afterEnd = false
                anomalies.append("the event stream goes on after the run ended")
            }
            switch record.kind {
            case .test where payload.kind == .function:
                guard let id = payload.id else { continue }
                let key = CheckResult.key(fromTestID: id)
                if CheckResult.target(fromTestID: id) != target || !knownKeys.contains(key) {
                    anomalies.append("the event stream reports a check the step does not have: \(id)")
                }
            case .event:
                switch payload.kind {
                case .runStarted: runStarts += 1
                case .runEnded:
                    runEnds += 1
                    afterEnd = true
                case .testStarted: if let id = payload.testID { started[id, default: 0] += 1 }
                case .testEnded:
                    guard let id = payload.testID else { continue }
                    ended[id, default: 0] += 1
                    if started[id, default: 0] < ended[id, default: 0] {
                        anomalies.append("the event stream ends a check it never started: \(id)")
                    }
                case .issueRecorded:
                    guard let issue = payload.issue, issue.isFailure ?? !(issue.isKnown ?? false) else { continue }
                    failures += 1
                    if let id = payload.testID, ended[id, default: 0] > 0 {
                        anomalies.append("the event stream records a failure after its check ended: \(id)")
                    }
                default: continue
                }
            default: continue
            }
        }
        if runStarts > 1 || runEnds > 1 {
            anomalies.append("the event stream holds more than one run")
        }
        for (id, count) in started.sorted(by: { $0.key < $1.key }) where count > 1 || ended[id, default: 0] > 1 {
            anomalies.append("the event stream runs a check more than once: \(id)")
        }
        switch ending {
        case .exited(0) where failures > 0:
            anomalies.append("the test process succeeded, but its event stream records failures")
        case .exited(0) where runEnds == 0:
            anomalies.append("the test process succeeded, but its event stream never ends the run")
        case .exited(1) where failures == 0 && runEnds == 1:
            anomalies.append("the test process reported failures its event stream does not hold")
        default: break
        }
        if failures == 0, runEnds == 1, Self.printedFailure(output) {
            anomalies.append(
                "the test process printed that the run failed, but its event stream says every check passed")
        }
        var seen = Set<String>()
        return anomalies.filter { seen.insert($0).inserted }
    }

    /// Swift Testing's own last line: `✘ Test run with 5 tests in 2 suites failed after …`.
    static func printedFailure(_ output: String) -> Bool {
        output.split(separator: "\n").contains { line in
            line.contains("Test run with ") && line.contains(" failed after ")
        }
    }
}
