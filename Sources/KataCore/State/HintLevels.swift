import Foundation

/// How far into each check's hints the learner has gone, kept in `.kata/hints.json`.
struct HintLevels {
    let workspace: Workspace

    private var file: URL { workspace.stateFolder.appendingPathComponent("hints.json") }

    private func load() -> [String: Int] {
        guard let data = try? Data(contentsOf: file) else { return [:] }
        return (try? JSONDecoder().decode([String: Int].self, from: data)) ?? [:]
    }

    /// The number of hints already shown for a check.
    func shown(step: Int, key: String) -> Int {
        load()["\(step)/\(key)"] ?? 0
    }

    func record(_ count: Int, step: Int, key: String) {
        var levels = load()
        levels["\(step)/\(key)"] = count
        guard let data = try? JSONEncoder().encode(levels) else { return }
        try? FileManager.default.createDirectory(at: workspace.stateFolder, withIntermediateDirectories: true)
        try? data.write(to: file, options: .atomic)
    }
}
