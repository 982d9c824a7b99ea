import Foundation

/// The file of a step a learner should open for a failing check: where it crashed or hung, when that is in their own
/// code (a better clue than any guide); the file where the mistakes of the likely misconception were made; the file
/// the failing expectation's comment names, when the step has it; or else the file its guide names.
struct PlaceToLook {
    /// The path in the step's folder.
    let file: String
    /// Whether it is where the check stopped, not the guide's file.
    let isWhereItStopped: Bool

    /// `diagnosis`: the likely misconception, when it is told under this check: its mistakes were made in its file,
    /// which says more than the check's guide (where it stopped says more still).
    init?(for check: CheckResult, of step: Step, source: Source, in kit: Kit, diagnosis: Diagnosis? = nil) {
        let folder = kit.workspace.folder(of: step, in: source).path + "/"
        if [.crashed, .timedOut].contains(check.status),
            let stopped = check.failures.lazy.compactMap(\.file).first(where: { $0.hasPrefix(folder) })
        {
            (file, isWhereItStopped) = (String(stopped.dropFirst(folder.count)), true)
        } else if let placed = diagnosis?.file, FileManager.default.fileExists(atPath: folder + placed) {
            (file, isWhereItStopped) = (placed, false)
        } else if check.status == .failed,
            let named = Self.file(namedIn: check.failures.first?.details ?? [], in: folder)
        {
            (file, isWhereItStopped) = (named, false)
        } else if let guide = kit.course.guide(step, key: check.key) {
            (file, isWhereItStopped) = (guide.file, false)
        } else {
            return nil
        }
    }

    /// The one file of the step's folder that `details` names (`… in Store.swift …`): the check's author knew which
    /// file that expectation is about, where the check as a whole is about another (a property too weak to keep what
    /// it is handed, failed in a check of the file that hands it over).
    private static func file(namedIn details: [String], in folder: String) -> String? {
        let names = Set(details.flatMap { $0.matches(of: /[A-Za-z0-9_+]+\.swift/).map { String($0.output) } })
        guard !names.isEmpty else { return nil }
        let named = FileTree.walk(URL(fileURLWithPath: folder)).filter {
            $0.kind == .file && names.contains(URL(fileURLWithPath: $0.path).lastPathComponent)
        }
        return named.count == 1 ? named[0].path : nil
    }
}
