import Foundation

/// `kata mistakes --mechanical`: mistakes made by rule from the reference solutions, graded as
/// the catalogue's are, each caught when any check of its step fails.
struct MechanicalMistakes {
    let steps: [Step]
    let timeLimit: Duration

    func run(in context: Context, workspace: Workspace, listOnly: Bool = false) throws(CommandFailure) -> ExitStatus {
        let equivalents = try Self.equivalents(in: workspace)
        let copy = try KitCopy(of: workspace, environment: context.environment, timeLimit: timeLimit)
        let lock = try FolderLock.acquire(in: copy.folder) { context.progress("Waiting for \(copy.folder.path)…") }
        defer { lock.release() }
        let solutions = try copy.gradeSolutions(steps: steps) { context.progress("Mechanical, the solutions: " + $0) }
        var mutants: [Mutant] = []
        var unavailable: [String] = []
        for step in steps {
            context.progress("Mechanical, step \(step.number): reading the compiler's AST…")
            switch Self.mutants(of: step, in: copy) {
            case .success(let found): mutants += found
            case .failure(let problem): unavailable.append("step \(step.number): \(problem.reason)")
            }
        }
        if listOnly {
            context.clearProgress()
            context.write(
                mutants.map { "\($0.id): \($0.change)\n" }.joined() + unavailable.map { "No AST: \($0)\n" }.joined())
            return unavailable.isEmpty ? .success : .failure
        }
        let verdicts = try copy.gradeMutants(mutants, solutions: solutions) { context.progress("Mechanical, " + $0) }
        context.clearProgress()
        let report = MechanicalReport(
            steps: steps, mutants: mutants, verdicts: verdicts, equivalents: equivalents, unavailable: unavailable)
        context.write(report.text(style: context.style))
        return report.passes ? .success : .failure
    }

    /// Every mutant of a step's solution, read from the AST of the build the copy just made. A
    /// lesson of suites is graded by the mistakes it catches in a given scene: its mutants are
    /// mistakes made by rule in that scene's tested files, which its reference suites must catch.
    static func mutants(of step: Step, in copy: KitCopy) -> Result<[Mutant], ModuleAST.Unavailable> {
        if step.kind == .suites { return sceneMutants(of: step, in: copy) }
        let module = step.module
        let ast: ModuleAST
        do {
            ast = try ModuleAST.dump(module: module, scratchFolder: copy.workspace.scratchFolder(for: .solutions))
        } catch {
            return .failure(error)
        }
        let root = copy.folder.standardizedFileURL.path + "/"
        return .success(
            ast.files.keys.sorted().flatMap { file -> [Mutant] in
                let path = file.hasPrefix(root) ? String(file.dropFirst(root.count)) : file
                guard let bytes = copy.kitFiles[path], let tree = ast.files[file] else { return [] }
                // Only the learner's work in this step: the lines the solution adds to the starter.
                let starter = copy.kitFiles["Exercises/" + path.dropFirst("Solutions/".count)] ?? Data()
                let scope = UnifiedDiff.addedLines(
                    old: String(decoding: starter, as: UTF8.self), new: String(decoding: bytes, as: UTF8.self))
                return MutantMaker(step: step.number, path: path, bytes: Array(bytes), scope: scope).mutants(of: tree)
            })
    }

    /// Mutants of the given scene's tested files, as `Sources/` holds them (the clean code, not
    /// the copy with the mistakes built in), type-checked with the arguments the build used.
    static func sceneMutants(of step: Step, in copy: KitCopy) -> Result<[Mutant], ModuleAST.Unavailable> {
        guard let module = SuiteMistake.builtInCopy(of: step, in: copy.workspace) ?? step.givenModules.first else {
            return .failure(ModuleAST.Unavailable(reason: "step \(step.number) tests no given scene"))
        }
        let plan = copy.workspace.scratchFolder(for: .solutions).appendingPathComponent("debug.yaml")
        let planText = (try? String(contentsOf: plan, encoding: .utf8)) ?? ""
        guard var arguments = BuildPlan.compilerArguments(of: module, in: planText), !arguments.isEmpty else {
            return .failure(ModuleAST.Unavailable(reason: "the build's plan does not compile \(module)"))
        }
        let compiler = arguments.removeFirst()
        let clean = copy.kitFiles.keys.filter { $0.hasPrefix("Sources/\(module)/") && $0.hasSuffix(".swift") }.sorted()
        let sources = clean.map { copy.folder.appendingPathComponent($0).path }
        let built = Set(BuildPlan.sources(in: arguments))
        let withoutSources = BuildPlan.typeCheckOnly(arguments).filter { !$0.hasPrefix("@") && !built.contains($0) }
        let ast: ModuleAST
        do {
            ast = try ModuleAST.dump(
                module: module, compiler: compiler, arguments: withoutSources + sources, sources: sources)
        } catch {
            return .failure(error)
        }
        return .success(
            zip(clean, sources).flatMap { path, file -> [Mutant] in
                guard step.testedFiles.contains((path as NSString).lastPathComponent), let tree = ast.files[file],
                    let bytes = copy.kitFiles[path]
                else { return [] }
                return MutantMaker(step: step.number, path: path, bytes: Array(bytes)).mutants(of: tree)
            })
    }

    /// The equivalent mutants the kit lists: `[{"id": …, "reason": …}]`.
    static func equivalents(in workspace: Workspace) throws(CommandFailure) -> [String: String] {
        let data = workspace.bytes(of: Mutant.equivalentsFile)
        guard !data.isEmpty else { return [:] }
        guard let list = try? JSONSerialization.jsonObject(with: Data(data)) as? [[String: String]] else {
            throw CommandFailure(
                "kata mistakes: \(Mutant.equivalentsFile) is not a list of {\"id\", \"reason\"}.", status: .noInput)
        }
        return Dictionary(list.compactMap { entry in entry["id"].map { ($0, entry["reason"] ?? "") } }) { first, _ in
            first
        }
    }
}
