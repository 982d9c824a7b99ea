import Foundation

/// The step the learner is working on: the one they last checked, watched or asked a hint of (kept in
/// `.kata/in-hand.json`), or one whose files they edited since (putting a starter back is no edit). Not the first step
/// left unfinished: a learner who skipped step 5 and passed step 6 is on step 6, and `kata hint` must not spend step 5's
/// hints.
struct StepInHand {
    let kit: Kit

    private var file: URL { kit.workspace.stateFolder.appendingPathComponent("in-hand.json") }

    private struct Note: Codable {
        /// The step's folder, which names it even if lessons are added before it.
        let folder: String
        /// Each step folder's stamps when it was noted, digested: a step whose files differ now was edited since. The
        /// stamps, not the clock: a shared folder's file times may come from another machine's clock.
        let stamps: [String: String]
    }

    /// The step in hand now. Before any is noted, the first step not done.
    func step(results store: ResultStore) -> Step {
        guard let note = load(), let noted = kit.steps.first(where: { $0.folder == note.folder }) else {
            return StepProgress.firstUnfinished(in: store)
        }
        // A save is as good as a check: of the steps edited since, the one written last.
        let edited = kit.steps.compactMap { step -> (Step, Double)? in
            let now = stamps(of: step)
            guard let then = note.stamps[step.folder], now.digest != then else { return nil }
            return (step, now.lastWrite ?? 0)
        }
        return edited.max { $0.1 < $1.1 }?.0 ?? noted
    }

    /// The learner checked, watched or asked a hint of `step`.
    func note(_ step: Step) {
        save(
            Note(
                folder: step.folder,
                stamps: Dictionary(uniqueKeysWithValues: kit.steps.map { ($0.folder, stamps(of: $0).digest) })))
    }

    private func save(_ note: Note) {
        guard let data = try? JSONEncoder().encode(note) else { return }
        try? FileManager.default.createDirectory(at: kit.workspace.stateFolder, withIntermediateDirectories: true)
        try? data.write(to: file, options: .atomic)
    }

    /// `step`'s starter was put back: no work on it, so its files as they are now count as unedited.
    func starterPutBack(_ step: Step) {
        guard let note = load() else { return }
        var stamps = note.stamps
        stamps[step.folder] = self.stamps(of: step).digest
        save(Note(folder: note.folder, stamps: stamps))
    }

    private func load() -> Note? {
        guard let data = try? Data(contentsOf: file) else { return nil }
        return try? JSONDecoder().decode(Note.self, from: data)
    }

    /// The step's exercise as `kata watch` sees it: what a save changes.
    private func stamps(of step: Step) -> FolderStamps { FolderStamps(of: kit.workspace.folder(of: step)) }
}
