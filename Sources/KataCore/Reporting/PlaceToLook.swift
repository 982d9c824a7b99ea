import Foundation

/// The file of a step a learner should open for a failing check: where it crashed or hung, when that is in their own
/// code (a better clue than any guide), or else the file its guide names.
struct PlaceToLook {
    /// The path in the step's folder.
    let file: String
    /// Whether it is where the check stopped, not the guide's file.
    let isWhereItStopped: Bool

    init?(for check: CheckResult, of step: Step, source: Source, in kit: Kit) {
        let folder = kit.workspace.folder(of: step, in: source).path + "/"
        if [.crashed, .timedOut].contains(check.status),
            let stopped = check.failures.lazy.compactMap(\.file).first(where: { $0.hasPrefix(folder) })
        {
            (file, isWhereItStopped) = (String(stopped.dropFirst(folder.count)), true)
        } else if let guide = kit.course.guide(step, key: check.key) {
            (file, isWhereItStopped) = (guide.file, false)
        } else {
            return nil
        }
    }
}
