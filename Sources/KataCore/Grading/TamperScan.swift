import Foundation

/// A file that decides a grade and is not as the kit shipped it, and the steps it decides.
struct TamperFinding: Equatable, Sendable, Codable {
    enum Change: String, Codable, Sendable {
        case edited, missing, added
        /// A symbolic link where the kit has files: it could point anywhere, a solution included.
        case link
        /// A device, pipe or socket where the kit has files.
        case special
        /// It changed while the learner's code ran.
        case changedDuringRun
    }

    let path: String
    let change: Change
    /// The steps that score nothing because of it.
    let steps: [Int]

    var sentence: String {
        let what =
            switch change {
            case .edited: "was edited since the kit shipped it"
            case .missing: "is missing"
            case .added: "was added to the kit"
            case .link: "is a symbolic link, which grading does not follow"
            case .special: "is not a regular file"
            case .changedDuringRun: "changed while the checks ran"
            }
        let plural = steps.count == 1 ? "" : "s"
        return "\(path.shownSafely) \(what): it decides the grade of step\(plural) "
            + steps.map(String.init).joined(separator: ", ") + ", which kata grade scores 0 until it is restored."
    }
}

/// Compares the files that decide a grade with the kit's manifest, and names each change;
/// it also names what SwiftPM would read instead of them (a `Package@swift-6.swift` beside
/// `Package.swift` wins over it) and links anywhere a grade reads files.
enum TamperScan {
    /// What `kata check` notes of the files that decide `steps`: each finding's sentence, or why the manifest could
    /// not be read. The checks still run; kata grade is the one that refuses.
    static func notes(in kit: Kit, deciding steps: [Step]) -> [String] {
        do throws(CommandFailure) {
            let manifest = try KitManifest.load(from: kit.workspace)
            return findings(in: kit, against: manifest, deciding: Set(steps.map(\.number))).map(\.sentence)
        } catch {
            return [error.message]
        }
    }

    /// `deciding`, when given, limits the findings to files that decide one of those steps (a
    /// check of one step reads and hashes only what decides it).
    static func findings(in kit: Kit, against manifest: KitManifest, deciding: Set<Int>? = nil) -> [TamperFinding] {
        let workspace = kit.workspace
        let expected = Dictionary(
            manifest.grading.map { ($0.path, $0.sha256) }, uniquingKeysWith: { first, _ in first })
        let scan = GradingFiles.scan(workspace)
        func decides(_ path: String) -> Bool {
            deciding.map { !$0.isDisjoint(with: GradingFiles.steps(touchedBy: path, in: kit.course).map(\.number)) }
                ?? true
        }
        let present = scan.files.filter(decides)
        var findings: [TamperFinding] = []
        for path in present {
            guard let checksum = expected[path] else {
                findings.append(finding(path, .added, in: kit.course))
                continue
            }
            if SHA256.hex(workspace.bytes(of: path)) != checksum {
                findings.append(finding(path, .edited, in: kit.course))
            }
        }
        let presentSet = Set(scan.files)
        for path in expected.keys.sorted() where !presentSet.contains(path) && decides(path) {
            findings.append(finding(path, .missing, in: kit.course))
        }
        for manifestVariant in GradingFiles.versionSpecificManifests(in: workspace) {
            findings.append(finding(manifestVariant, .added, in: kit.course))
        }
        for entry in scan.linksAndSpecials where decides(entry.path) {
            findings.append(finding(entry.path, entry.kind == .symlink ? .link : .special, in: kit.course))
        }
        return findings
    }

    /// Every grading file and learner file, byte for byte, to compare before and after learner code runs.
    static func snapshot(of workspace: Workspace) -> [String: Data] {
        let scan = GradingFiles.scan(workspace)
        var files = scan.files + workspace.allFiles(under: "Exercises")
        files += GradingFiles.versionSpecificManifests(in: workspace)
        files += scan.linksAndSpecials.map(\.path)
        return Dictionary(files.map { ($0, Data(workspace.bytes(of: $0))) }, uniquingKeysWith: { first, _ in first })
    }

    /// What changed between two snapshots, as findings of a change during the run.
    static func changes(from before: [String: Data], to after: [String: Data], in course: Course) -> [TamperFinding] {
        Set(before.keys).union(after.keys).sorted().filter { before[$0] != after[$0] }.map {
            finding($0, .changedDuringRun, in: course)
        }
    }

    static func finding(_ path: String, _ change: TamperFinding.Change, in course: Course) -> TamperFinding {
        TamperFinding(path: path, change: change, steps: GradingFiles.steps(touchedBy: path, in: course).map(\.number))
    }
}
