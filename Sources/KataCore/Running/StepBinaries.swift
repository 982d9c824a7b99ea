import Foundation

/// Each step's checks built into a test product of their own, holding that step's learner
/// module and nothing of the other steps, kept under the build folder by a digest of
/// everything that went into it, so a grade rebuilds only the steps whose files changed.
///
/// The products are built one step at a time (`KATA_STEP=N`) into the workspace's build
/// folder, copied aside (the files of the step's test program, in a folder of their own),
/// and put back in place just before their step's checks run: the place both `swift test
/// --skip-build` and a direct run look for them.
struct StepBinaries {
    let workspace: Workspace
    let source: Source
    let package: SwiftPackage
    /// What the toolchain says it is: a product built by another one is not reused.
    let toolchain: String
    /// Which kata this is: a product is kept with the review of its code, and another kata (an
    /// update) may review differently, so it reuses no product an earlier one kept.
    let runner: String

    init(workspace: Workspace, source: Source, toolchain: Toolchain, runner: String = Self.runnerIdentity) {
        self.workspace = workspace
        self.source = source
        package = SwiftPackage(workspace: workspace, source: source, toolchain: toolchain)
        self.toolchain = toolchain.identity + " " + (toolchain.buildSystem ?? "default")
        self.runner = runner
        var paths = ["Package.swift"] + GradingFiles.versionSpecificManifests(in: workspace)
        paths += workspace.allFiles(under: "Sources").filter { path in
            !["Sources/KataCore/", "Sources/kata/", "Sources/SceneHost/"].contains { path.hasPrefix($0) }
        }
        paths += workspace.allFiles(under: "Seeds")
        sharedInputs = paths.map { $0 + "\0" + SHA256.hex(workspace.bytes(of: $0)) + "\n" }.joined()
    }

    /// The running kata, by where it is, its size and its time.
    static let runnerIdentity = identity(of: Bundle.main.executablePath ?? "")

    private static func identity(of path: String) -> String {
        let stamp = FileTree.stamp(of: path)
        return "\(path) \(stamp?.size ?? 0) \(stamp?.modifiedSeconds ?? 0)"
    }

    /// Where a step's product is kept, by the digest of its inputs.
    func keptProduct(of step: Step, digest: String) -> URL {
        cacheFolder.appendingPathComponent("\(step.paddedNumber)-\(digest.prefix(20))\(Self.keptSuffix)")
    }

    var cacheFolder: URL {
        workspace.scratchFolder(for: source).appendingPathComponent("kata-grading")
    }

    /// A kept product is a folder holding the files of one test program.
    static let keptSuffix = ".product"

    /// A kept product, or one an earlier kata kept as the program alone (`NN-digest.xctest`), to be pruned.
    static func isKeptProduct(_ name: String) -> Bool {
        !name.hasPrefix(".") && (name.hasSuffix(keptSuffix) || name.hasSuffix(".xctest"))
    }

    /// A digest of everything a step's product is built from: the package manifest(s), the
    /// given code, the seeds, the step's checks and the step's learner files, and the toolchain.
    func inputDigest(of step: Step) -> String {
        var text = "kata step product 1\n\(source.rawValue)\n\(toolchain)\n\(runner)\n" + sharedInputs
        for path in workspace.allFiles(under: "Tests/\(step.testTarget)") {
            text += path + "\0" + SHA256.hex(workspace.bytes(of: path)) + "\n"
        }
        for path in workspace.allFiles(under: "\(source.folderName)/\(step.folder)") {
            text += path + "\0" + workspace.learnerFileDigest(of: path) + "\n"
        }
        return SHA256.hex(Array(text.utf8))
    }

    /// The inputs every step shares (the manifests, the given code, the seeds), digested once.
    private let sharedInputs: String

    /// Builds the step alone and keeps its product; the build's result either way.
    func build(_ step: Step, digest: String, in products: BuildProducts, timeLimit: Duration? = nil)
        -> (build: CommandResult, product: URL?)
    {
        let result = package.build(.step(step), timeLimit: timeLimit)
        guard result.succeeded else { return (result, nil) }
        return (result, keep(step, digest: digest, from: products))
    }

    /// Keeps the product just built for `step` under the digest of its inputs: the files of its test program, copied
    /// into a folder of their own.
    @discardableResult
    func keep(_ step: Step, digest: String, from products: BuildProducts) -> URL? {
        guard let product = products.testProduct(of: step.testTarget) else { return nil }
        let kept = keptProduct(of: step, digest: digest)
        let manager = FileManager.default
        let temporary = cacheFolder.appendingPathComponent(".\(kept.lastPathComponent).\(UUID().uuidString.prefix(8))")
        do {
            try manager.createDirectory(at: temporary, withIntermediateDirectories: true)
            for file in product.files {
                try manager.copyItem(at: products.url(of: file), to: temporary.appendingPathComponent(file))
            }
            if FileTree.kind(at: kept) != nil { try manager.removeItem(at: kept) }
            guard rename(temporary.path, kept.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
            forgetOlderProducts(of: step, keeping: kept)
            return kept
        } catch {
            try? manager.removeItem(at: temporary)
            return nil
        }
    }

    /// The review of a kept product's code, kept beside it; nil when there is none to trust.
    func keptReview(of kept: URL) -> [ReviewFinding]? {
        guard let data = try? Data(contentsOf: Self.reviewFile(of: kept)) else { return nil }
        return try? JSONDecoder().decode([ReviewFinding].self, from: data)
    }

    /// Keeps the review of a product's code beside it.
    func keep(_ review: [ReviewFinding], of kept: URL) {
        guard let data = try? JSONEncoder().encode(review) else { return }
        try? data.write(to: Self.reviewFile(of: kept), options: .atomic)
    }

    static func reviewFile(of kept: URL) -> URL {
        kept.deletingPathExtension().appendingPathExtension("review.json")
    }

    /// Puts a kept product where the drivers run it from, file by file.
    func install(_ kept: URL, in products: BuildProducts) throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: kept.path).filter { !$0.hasPrefix(".") }
        guard !files.isEmpty else { throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: kept.path]) }
        for file in files.sorted() {
            try Self.copy(kept.appendingPathComponent(file), to: products.url(of: file))
        }
    }

    /// What is in place of a kept product's files now, by the same paths as `contents(of: kept)`.
    static func installedContents(of kept: URL, in products: BuildProducts) -> [String: Data] {
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: kept.path)) ?? []).filter {
            !$0.hasPrefix(".")
        }
        var contents: [String: Data] = [:]
        for file in files {
            for (path, data) in Self.contents(of: products.url(of: file)) {
                contents[path.isEmpty ? file : file + "/" + path] = data
            }
        }
        return contents
    }

    /// A few products per step are kept (a learner going back and forth); older ones go.
    private func forgetOlderProducts(of step: Step, keeping kept: URL) {
        let manager = FileManager.default
        let names = (try? manager.contentsOfDirectory(atPath: cacheFolder.path)) ?? []
        let older =
            names
            .filter { name in
                name.hasPrefix("\(step.paddedNumber)-") && Self.isKeptProduct(name) && name != kept.lastPathComponent
            }
            .map { cacheFolder.appendingPathComponent($0) }
            .sorted { modified($0) > modified($1) }
        for url in older.dropFirst(3) {
            try? manager.removeItem(at: url)
            try? manager.removeItem(at: Self.reviewFile(of: url))
        }
    }

    private func modified(_ url: URL) -> Double {
        FileTree.stamp(of: url.path)?.modifiedSeconds ?? 0
    }

    /// Copies a file or a bundle under a temporary name, then renames it into place, so a
    /// half-written product is never run.
    static func copy(_ source: URL, to destination: URL) throws {
        let manager = FileManager.default
        let temporary = destination.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).\(UUID().uuidString.prefix(8))")
        try manager.copyItem(at: source, to: temporary)
        if FileTree.kind(at: destination) == .folder {
            try manager.removeItem(at: destination)
        }
        guard rename(temporary.path, destination.path) == 0 else {
            try? manager.removeItem(at: temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: destination.path])
        }
    }

    /// A product's contents, to compare byte for byte: a file's bytes, or every file of a
    /// bundle by its path. (Comparing is exact, and quicker than hashing megabytes.)
    static func contents(of url: URL) -> [String: Data] {
        switch FileTree.kind(at: url) {
        case .file:
            return ["": (try? Data(contentsOf: url)) ?? Data()]
        case .folder:
            var files: [String: Data] = [:]
            for entry in FileTree.walk(url) where entry.kind == .file {
                files[entry.path] = (try? Data(contentsOf: url.appendingPathComponent(entry.path))) ?? Data()
            }
            return files
        default:
            return [:]
        }
    }
}
