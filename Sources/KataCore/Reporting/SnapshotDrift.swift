/// What changed from Solutions/N to Exercises/N+1: the next lesson's scaffolding, and anything an author did not mean.
enum SnapshotDrift {
    static func summary(in kit: Kit) -> [String] {
        let workspace = kit.workspace
        return zip(kit.steps, kit.steps.dropFirst()).map { solved, next in
            let before = Set(workspace.files(of: solved, in: .solutions))
            let after = Set(workspace.files(of: next, in: .exercises))
            var changes =
                after.subtracting(before).sorted().map { "+\($0)" }
                + before.subtracting(after).sorted().map { "-\($0)" }
            for path in before.intersection(after).sorted() {
                let old = workspace.bytes(of: "Solutions/\(solved.folder)/\(path)")
                let new = workspace.bytes(of: "Exercises/\(next.folder)/\(path)")
                if old != new {
                    let diff = UnifiedDiff.diff(
                        old: String(decoding: old, as: UTF8.self), new: String(decoding: new, as: UTF8.self),
                        oldName: "", newName: "")
                    let lines = diff.split(separator: "\n").dropFirst(2)
                    let added = lines.filter { $0.hasPrefix("+") }.count
                    let removed = lines.filter { $0.hasPrefix("-") }.count
                    changes.append("~\(path) (+\(added) -\(removed))")
                }
            }
            let label = "\(solved.number) → \(next.number):"
            return changes.isEmpty ? "\(label) no change" : "\(label) " + changes.joined(separator: ", ")
        }
    }
}
