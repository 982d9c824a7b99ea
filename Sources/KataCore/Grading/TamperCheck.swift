/// Compares the files that decide a grade with the kit's manifest, and names each change.
public struct TamperFinding: Equatable, Sendable, Codable {
    public enum Change: String, Codable, Sendable {
        case edited, missing, added
    }

    public let path: String
    public let change: Change
    /// The steps that score nothing because of it.
    public let steps: [Int]

    public var sentence: String {
        let what =
            switch change {
            case .edited: "was edited"
            case .missing: "is missing"
            case .added: "was added"
            }
        return "\(path) \(what) since the kit shipped it: it decides the grade of step\(steps.count == 1 ? "" : "s") "
            + steps.map(String.init).joined(separator: ", ") + ", which kata grade scores 0 until it is restored."
    }
}

enum TamperCheck {
    static func findings(in workspace: Workspace, against manifest: KitManifest) -> [TamperFinding] {
        let expected = Dictionary(uniqueKeysWithValues: manifest.grading.map { ($0.path, $0.sha256) })
        let present = GradingFiles.list(in: workspace)
        var findings: [TamperFinding] = []
        for path in present {
            guard let checksum = expected[path] else {
                findings.append(finding(path, .added))
                continue
            }
            if SHA256.hex(workspace.bytes(of: path)) != checksum {
                findings.append(finding(path, .edited))
            }
        }
        for path in expected.keys.sorted() where !present.contains(path) {
            findings.append(finding(path, .missing))
        }
        return findings
    }

    private static func finding(_ path: String, _ change: TamperFinding.Change) -> TamperFinding {
        TamperFinding(path: path, change: change, steps: GradingFiles.steps(touchedBy: path).map(\.number))
    }
}
