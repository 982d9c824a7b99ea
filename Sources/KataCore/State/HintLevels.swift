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
    func shown(step: Int, key: String) -> Int { load()["\(step)/\(key)"] ?? 0 }

    /// A report the learner read showed hint 1 under these checks: the next one asked is 2.
    func recordFirstHints(step: Int, checks: [CheckResult]) {
        guard !checks.isEmpty else { return }
        var levels = load()
        for check in checks {
            levels["\(step)/\(check.key)"] = max(levels["\(step)/\(check.key)"] ?? 0, 1)
        }
        save(levels)
    }

    func record(_ count: Int, step: Int, key: String) {
        var levels = load()
        levels["\(step)/\(key)"] = count
        save(levels)
    }

    private func save(_ levels: [String: Int]) {
        guard let data = try? JSONEncoder().encode(levels) else { return }
        try? FileManager.default.createDirectory(at: workspace.stateFolder, withIntermediateDirectories: true)
        try? data.write(to: file, options: .atomic)
    }
}
