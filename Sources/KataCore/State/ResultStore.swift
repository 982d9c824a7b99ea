import Foundation

/// The latest result of each step (`.kata/results/`), with a fingerprint of its files, to tell when they changed since.
struct ResultStore {
    struct Entry: Codable {
        let report: StepReport
        let fingerprint: String
        let checkedAt: Date
    }

    let kit: Kit

    private var workspace: Workspace { kit.workspace }

    private var folder: URL { workspace.stateFolder.appendingPathComponent("results") }

    private func file(for step: Step) -> URL {
        folder.appendingPathComponent("step-\(step.paddedNumber).json")
    }

    /// Keeps the learner's latest result; results of the reference solutions are not kept, nor a
    /// run in which no check ran (cut short, or the machine's fault): it says nothing of the code.
    func save(_ report: StepReport) {
        guard report.source == .exercises else { return }
        let step = report.step
        guard report.status == .buildFailed || report.checks.contains(where: { $0.status != .notRun }) else { return }
        let entry = Entry(report: report, fingerprint: Fingerprint.of(step, in: workspace), checkedAt: Date())
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        guard let data = try? encoder.encode(entry) else { return }
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? data.write(to: file(for: step), options: .atomic)
    }

    func latest(for step: Step) -> Entry? {
        guard let data = try? Data(contentsOf: file(for: step)) else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        decoder.userInfo[Step.courseKey] = kit.course
        return try? decoder.decode(Entry.self, from: data)
    }

    /// Whether the step's files changed since its latest result.
    func isStale(_ entry: Entry, for step: Step) -> Bool {
        entry.fingerprint != Fingerprint.of(step, in: workspace)
    }
}

/// A short digest of a step's Swift files (names and contents): notes in its README.md do not make a result stale.
enum Fingerprint {
    static func of(_ step: Step, in workspace: Workspace) -> String {
        var text = ""
        for file in workspace.files(of: step) where file.hasSuffix(".swift") {
            text += file + "\0" + workspace.learnerFileDigest(of: "Exercises/\(step.folder)/\(file)") + "\n"
        }
        return String(SHA256.hex(Array(text.utf8)).prefix(16))
    }
}
