/// A unified diff of two texts, as `diff -u` writes it, with three lines of context.
enum UnifiedDiff {
    private enum Edit: Equatable {
        case same(String)
        case removed(String)
        case added(String)
    }

    /// Empty when the texts are equal.
    static func diff(old: String, new: String, oldName: String, newName: String, context: Int = 3) -> String {
        guard old != new else { return "" }
        let hunks = self.hunks(edits(lines(of: old), lines(of: new)), context: context)
        return (["--- \(oldName)", "+++ \(newName)"] + hunks).joined(separator: "\n") + "\n"
    }

    /// The lines of `new` (1-based) that are not in `old`: what a change added or rewrote.
    static func addedLines(old: String, new: String) -> Set<Int> {
        var added: Set<Int> = []
        var line = 0
        for edit in edits(lines(of: old), lines(of: new)) {
            switch edit {
            case .same:
                line += 1
            case .added:
                line += 1
                added.insert(line)
            case .removed:
                continue
            }
        }
        return added
    }

    private static func lines(of text: String) -> [String] {
        var lines = text.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// The shortest edit script, from the longest common subsequence of lines.
    private static func edits(_ old: [String], _ new: [String]) -> [Edit] {
        var common = Array(repeating: Array(repeating: 0, count: new.count + 1), count: old.count + 1)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                common[i][j] = old[i] == new[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
            }
        }
        var edits: [Edit] = []
        var (i, j) = (0, 0)
        while i < old.count || j < new.count {
            if i < old.count, j < new.count, old[i] == new[j] {
                edits.append(.same(old[i]))
                i += 1
                j += 1
            } else if i < old.count, j == new.count || common[i + 1][j] >= common[i][j + 1] {
                // Removals before additions, as diff -u writes them.
                edits.append(.removed(old[i]))
                i += 1
            } else {
                edits.append(.added(new[j]))
                j += 1
            }
        }
        return edits
    }

    /// Groups edits into `@@ -a,b +c,d @@` hunks with `context` unchanged lines around.
    private static func hunks(_ edits: [Edit], context: Int) -> [String] {
        let changed = edits.indices.filter { if case .same = edits[$0] { false } else { true } }
        var ranges: [ClosedRange<Int>] = []
        for index in changed {
            let range = max(0, index - context)...min(edits.count - 1, index + context)
            if let last = ranges.last, range.lowerBound <= last.upperBound + 1 {
                ranges[ranges.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                ranges.append(range)
            }
        }
        var oldLine = 1
        var newLine = 1
        var position = 0
        var output: [String] = []
        for range in ranges {
            while position < range.lowerBound {
                advance(edits[position], &oldLine, &newLine)
                position += 1
            }
            let slice = edits[range]
            let oldCount = slice.filter { if case .added = $0 { false } else { true } }.count
            let newCount = slice.filter { if case .removed = $0 { false } else { true } }.count
            output.append(
                "@@ -\(oldCount == 0 ? oldLine - 1 : oldLine),\(oldCount) +\(newCount == 0 ? newLine - 1 : newLine),\(newCount) @@"
            )
            for edit in slice {
                switch edit {
                case .same(let text): output.append(" " + text)
                case .removed(let text): output.append("-" + text)
                case .added(let text): output.append("+" + text)
                }
                advance(edit, &oldLine, &newLine)
                position += 1
            }
        }
        return output
    }

    private static func advance(_ edit: Edit, _ oldLine: inout Int, _ newLine: inout Int) {
        switch edit {
        case .same:
            oldLine += 1
            newLine += 1
        case .removed: oldLine += 1
        case .added: newLine += 1
        }
    }
}
