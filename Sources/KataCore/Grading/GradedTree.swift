import Foundation

/// The tree a grade builds and runs, with what was found before anything was built: the workspace as it stands
/// (self-study), or a pristine copy of a kit into which only the learner's Exercises/ was copied (`kata grade --kit`).
struct GradedTree {
    let kit: Kit
    /// Grading files of the workspace that differ from its manifest (self-study only).
    let tampered: [TamperFinding]
    /// Files of the learner's Exercises/ the copy did not take (a pristine copy only).
    let refused: [LearnerFileRefusal]
    let gradedAgainst: GradeReport.GradedAgainst
    /// Held while the tree is graded: another grade or kata command waits, never builds beside it.
    let lock: FolderLock
    /// The kit folder a pristine copy was read from, watched while learner code runs.
    var kitFolder: URL? = nil
    /// The reference answers to compare with, by path (`Solutions/…`): a pristine copy's, held in memory since the
    /// copy has none; nil to read them from the workspace (self-study, where the learner has them anyway).
    var reference: [String: Data]? = nil
    /// The learner's commit, when their folder is a git repository.
    var learnerCommit: String? = nil
    /// The kit's starters, by path (`Exercises/…`), to tell a step not started; nil where they are not at hand.
    var starters: [String: Data]? = nil

    /// The learner's workspace as it stands, checked against its manifest; `lock` then takes its lock.
    static func asItStands(
        _ learner: Workspace, kit: Kit, lock: () throws(CommandFailure) -> FolderLock
    ) throws(CommandFailure) -> GradedTree {
        let manifest = try KitManifest.load(from: learner)
        let commit = Self.commit(of: learner.root)
        return GradedTree(
            kit: kit, tampered: TamperScan.findings(in: kit, against: manifest), refused: [],
            gradedAgainst: GradeReport.GradedAgainst(mode: "local", source: learner.root.path, commit: commit),
            lock: try lock(), learnerCommit: commit)
    }

    /// A pristine copy of the kit at `location` holding the learner's Exercises/, in its grading
    /// folder (chosen by `KATA_GRADE_FOLDER`, or one per kit in the user's cache).
    static func pristineCopy(
        of location: KitLocation, learner: Workspace, environment: [String: String], progress: (String) -> Void
    ) throws(CommandFailure) -> GradedTree {
        let folder = PristineCopy.folder(for: location, environment: environment)
        try GradingFolder.requireSafe(folder, learner: learner, kit: location)
        let lock = try FolderLock.acquire(in: folder) { progress("Waiting for another grade in \(folder.path)…") }
        if environment["KATA_GRADE_FOLDER"]?.isEmpty ?? true {
            // Copies of kits graded against long ago would otherwise stay in the cache for good.
            GradingFolder.remove(
                in: GradingFolder.cache(environment: environment),
                unusedSince: Date().addingTimeInterval(-GradingFolder.unusedFor))
        }
        progress("Copying the kit and your Exercises…")
        let copy: PristineCopy
        do {
            copy = try PristineCopy.make(kit: location, learner: learner.root, folder: folder)
        } catch {
            lock.release()
            throw error
        }
        let kitProblems = TamperScan.findings(in: copy.kit, against: copy.manifest)
        guard kitProblems.isEmpty else {
            lock.release()
            throw CommandFailure(
                "kata grade: the kit \(copy.kitDescription) does not match its own manifest (\(kitProblems[0].path) "
                    + "\(kitProblems[0].change.rawValue)); grade against a clean kit.", status: .noInput)
        }
        var kitFolder: URL?
        if case .folder(let root) = location { kitFolder = root }
        return GradedTree(
            kit: copy.kit, tampered: [], refused: copy.refusals,
            gradedAgainst: GradeReport.GradedAgainst(
                mode: "pristine", source: copy.kitDescription, commit: copy.kitCommit), lock: lock,
            kitFolder: kitFolder, reference: copy.reference, learnerCommit: Self.commit(of: learner.root),
            starters: copy.starters)
    }

    /// Every step graded; one the machine could not grade ends the grade (a 0 would blame the learner).
    func grade(
        toolchain: Toolchain, timeLimit: Duration, requireIsolation: Bool = false, budget: Duration? = nil,
        progress: (String) -> Void
    ) throws(CommandFailure) -> GradeReport {
        let started = ContinuousClock.now
        let graded = GradingRun(
            kit: kit, toolchain: toolchain, source: .exercises, timeLimit: timeLimit, kitFolder: kitFolder,
            requireIsolation: requireIsolation, budget: budget
        ).run(progress: progress)
        var outcomes = graded.outcomes
        if let unavailable = outcomes.first(where: { $0.report.status == .couldNotRun }) {
            throw CommandFailure(
                "kata grade: grading could not run: step \(unavailable.report.step.number): "
                    + "\(unavailable.report.problem ?? "its checks could not run"). No grade was written; "
                    + "grade again once the machine is fixed.",
                status: .unavailable)
        }
        let workspace = kit.workspace
        // Named from the kit's own catalogue: the grading copy holds the kit's Tests/, never the learner's.
        let diagnosed = Diagnoser.diagnosing(outcomes.map(\.report), in: workspace)
        for index in outcomes.indices { outcomes[index].report = diagnosed[index] }
        let references = Dictionary(
            uniqueKeysWithValues: kit.steps.compactMap { step in
                ReferenceMatch.matches(step, learner: workspace, reference: referenceFiles(of: step))
                    .map { (step.number, $0) }
            })
        // A step still the same as its starter, by the same measure, was not started.
        let notStarted = Dictionary(
            uniqueKeysWithValues: kit.steps.compactMap { step -> (Int, Bool)? in
                guard let starters else { return nil }
                let starter = files(of: step, under: "Exercises", in: starters)
                return ReferenceMatch.matches(step, learner: workspace, reference: starter).map { (step.number, $0) }
            })
        var report = GradeReport(
            outcomes: outcomes, tampered: tampered, refused: refused, against: gradedAgainst, references: references,
            notStarted: notStarted, isolation: GradeReport.Isolated(graded.isolation), in: kit)
        report.learnerCommit = learnerCommit
        let ungradable = kit.steps.filter { step in
            step.kind == .suites && SuiteMistake.builtInCopy(of: step, in: workspace) == nil
        }
        report.gradedByInstructor = ungradable.isEmpty ? nil : ungradable.map(\.number)
        let took = ContinuousClock.now - started
        report.seconds = Double(took.components.seconds) + Double(took.components.attoseconds) / 1e18
        return report
    }

    /// The step's reference files, by their path in its folder: the answers a pristine copy holds in memory, or the
    /// workspace's own Solutions/.
    private func referenceFiles(of step: Step) -> [String: [UInt8]] {
        let prefix = "Solutions/\(step.folder)/"
        guard let reference else {
            let workspace = kit.workspace
            return Dictionary(
                uniqueKeysWithValues: workspace.files(of: step, in: .solutions).map {
                    ($0, workspace.bytes(of: prefix + $0))
                })
        }
        return files(of: step, under: "Solutions", in: reference)
    }

    /// A step's files among `files` (by their path in the kit), by their path in the step's folder.
    private func files(of step: Step, under root: String, in files: [String: Data]) -> [String: [UInt8]] {
        let prefix = "\(root)/\(step.folder)/"
        return Dictionary(
            uniqueKeysWithValues: files.compactMap { path, data in
                path.hasPrefix(prefix) ? (String(path.dropFirst(prefix.count)), Array(data)) : nil
            })
    }

    /// The commit checked out in `folder`, when it is a git repository of its own (not a folder inside another).
    static func commit(of folder: URL) -> String? {
        FileTree.kind(at: folder.appendingPathComponent(".git")) == nil ? nil : PristineCopy.commit(of: folder)
    }
}
