import Foundation

/// Turns one test process's event stream into a result for each check it knew of.
///
/// A check that started and never ended was running when the process stopped: the
/// caller knows why (a crash, the time limit) and names it so.
struct RunAssembler {
    struct Run {
        var checks: [CheckResult]
        /// The keys of checks that started but never ended.
        var unfinished: [String]
        /// Whether the stream reached its end: the process finished its run.
        var reachedEnd: Bool
    }

    static func assemble(_ records: [EventStreamRecord]) -> Run {
        var order: [String] = []
        var checks: [String: CheckResult] = [:]
        var started: Set<String> = []
        var ended: Set<String> = []
        var startedAt: [String: Double] = [:]
        var reachedEnd = false

        for record in records {
            let payload = record.payload
            switch record.kind {
            case .test where payload.kind == .function:
                guard let id = payload.id, checks[id] == nil else { continue }
                order.append(id)
                checks[id] = CheckResult(
                    target: CheckResult.target(fromTestID: id),
                    key: CheckResult.key(fromTestID: id),
                    name: payload.displayName ?? payload.name ?? id,
                    status: .notRun,
                    file: payload.sourceLocation?.filePath,
                    line: payload.sourceLocation?.line
                )
            case .event:
                guard let eventKind = payload.kind else { continue }
                if eventKind == .runEnded {
                    reachedEnd = true
                    continue
                }
                guard let id = payload.testID, checks[id] != nil else { continue }
                switch eventKind {
                case .testStarted:
                    started.insert(id)
                    startedAt[id] = payload.instant?.absolute
                case .testEnded:
                    ended.insert(id)
                    if let start = startedAt[id], let end = payload.instant?.absolute {
                        checks[id]?.duration = max(0, end - start)
                    }
                case .testSkipped:
                    checks[id]?.status = .skipped
                case .issueRecorded:
                    guard let issue = payload.issue, issue.isFailure ?? !(issue.isKnown ?? false) else { continue }
                    checks[id]?.failures.append(failure(from: payload, issue: issue))
                default:
                    continue
                }
            default:
                continue
            }
        }

        var unfinished: [String] = []
        for id in order {
            guard var check = checks[id], check.status != .skipped else { continue }
            if ended.contains(id) {
                check.status = check.failures.isEmpty ? .passed : .failed
            } else if started.contains(id) {
                check.status = .failed
                unfinished.append(check.key)
            }
            checks[id] = check
        }
        return Run(checks: order.compactMap { checks[$0] }, unfinished: unfinished, reachedEnd: reachedEnd)
    }

    private static func failure(from payload: EventStreamRecord.Payload, issue: EventStreamRecord.Issue)
        -> CheckResult.Failure
    {
        let messages = payload.messages ?? []
        let main = messages.first { $0.symbol == .fail } ?? messages.first
        let details = messages.filter { $0.symbol == .details }
            .map(\.text)
            .filter { !isSectionMarker($0) }
            .map(stripCommentMarker)
        let location = issue.sourceLocation
        return CheckResult.Failure(
            message: main?.text ?? "The check recorded a failure.",
            details: details,
            argument: payload.testCase?.displayName,
            file: location?.filePath,
            line: location?.line
        )
    }

    /// `// Then` is the story's section marker, not part of what should hold.
    private static func isSectionMarker(_ comment: String) -> Bool {
        ["given", "when", "then"].contains(stripCommentMarker(comment).lowercased())
    }

    private static func stripCommentMarker(_ comment: String) -> String {
        let marker = ["///", "//"].first { comment.hasPrefix($0) } ?? ""
        return comment.dropFirst(marker.count).trimmingCharacters(in: .whitespaces)
    }
}
