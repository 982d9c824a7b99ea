import Foundation

/// Copies of the learner's step folders, kept under `.kata/backups/NN-Name/`, one folder per
/// backup, named by when it was made and why. Nothing here is ever deleted by kata.
struct Backups {
    enum Reason: String {
        /// Made by `kata reset`, before putting the starter back.
        case reset
        /// Made by `kata reset --undo`, before bringing a backup back.
        case beforeUndo = "before-undo"
        /// A reset backup that `--undo` has brought back; the next undo takes an older one.
        case restored
    }

    struct Backup {
        let folder: URL
        let name: String
    }

    let workspace: Workspace

    private func folder(of step: Step) -> URL {
        workspace.stateFolder.appendingPathComponent("backups").appendingPathComponent(step.folder)
    }

    /// Copies the step's folder, byte for byte. Nil when there is nothing to copy.
    func save(_ step: Step, reason: Reason, at date: Date = Date()) throws -> Backup? {
        let source = workspace.folder(of: step)
        guard FileManager.default.fileExists(atPath: source.path) else { return nil }
        let name = Self.stamp(date) + "-" + reason.rawValue
        var destination = folder(of: step).appendingPathComponent(name)
        var suffix = 2
        while FileManager.default.fileExists(atPath: destination.path) {
            destination = folder(of: step).appendingPathComponent("\(name)-\(suffix)")
            suffix += 1
        }
        try FileManager.default.createDirectory(
            at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: source, to: destination)
        return Backup(folder: destination, name: destination.lastPathComponent)
    }

    /// The newest backup made by a reset and not yet brought back.
    func latestReset(of step: Step) -> Backup? {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder(of: step).path)) ?? []
        return names.filter { $0.contains("-\(Reason.reset.rawValue)") }.sorted().last.map {
            Backup(folder: folder(of: step).appendingPathComponent($0), name: $0)
        }
    }

    /// Marks a reset backup as brought back, so the next undo reaches an older one.
    func markRestored(_ backup: Backup) throws {
        let renamed = backup.folder.deletingLastPathComponent()
            .appendingPathComponent(
                backup.name.replacingOccurrences(of: "-\(Reason.reset.rawValue)", with: "-\(Reason.restored.rawValue)"))
        try FileManager.default.moveItem(at: backup.folder, to: renamed)
    }

    static func stamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HH-mm-ss.SSS'Z'"
        return formatter.string(from: date)
    }
}
