import Foundation

/// One node of the compiler's AST dump (`swiftc -dump-ast -dump-ast-format json`): what the
/// compiler made of a piece of code once it had type-checked it.
///
/// The dump is read as it comes, through a thin view over its JSON: the format is the compiler's own and "not
/// guaranteed stable across compiler versions", so the runner reads only the few fields it needs (`_kind`, `range`,
/// `type`, `implicit` and the names of children) and treats anything else as unknown rather than failing.
struct ASTNode: @unchecked Sendable {
    let fields: [String: Any]

    var kind: String { fields["_kind"] as? String ?? "" }
    /// Written by the compiler rather than the programmer: an accessor it synthesised, a conversion.
    var isImplicit: Bool { fields["implicit"] as? Bool ?? false }
    /// The mangled type the compiler gave an expression (`$sSiD` is `Int`).
    var type: String? { fields["type"] as? String }

    /// Where the node is in its file: the byte offset of its first token, and of its last
    /// token's start (the compiler's `range.end`); nil for nodes the compiler made up.
    var range: (start: Int, lastToken: Int)? {
        guard let range = fields["range"] as? [String: Any], let start = range["start"] as? Int,
            let end = range["end"] as? Int
        else { return nil }
        return (start, end)
    }

    /// `range`, when it is in the file itself: what a macro expands into has its range in a buffer of the macro's
    /// (`buffer_id`), whose offsets are not the file's.
    var rangeInFile: (start: Int, lastToken: Int)? {
        (fields["range"] as? [String: Any])?["buffer_id"] == nil ? range : nil
    }

    subscript(_ key: String) -> ASTNode? {
        (fields[key] as? [String: Any]).map(ASTNode.init)
    }

    /// The nodes in a list field (`elements`, `args`).
    func list(_ key: String) -> [ASTNode] {
        (fields[key] as? [Any] ?? []).compactMap { ($0 as? [String: Any]).map(ASTNode.init) }
    }

    /// Every node directly under this one, in the order its fields list them.
    var children: [ASTNode] {
        fields.keys.sorted().flatMap { key -> [ASTNode] in
            switch fields[key] {
            case let node as [String: Any]: [ASTNode(fields: node)]
            case let list as [Any]: list.compactMap { ($0 as? [String: Any]).map(ASTNode.init) }
            default: []
            }
        }
    }

    /// This node and every node under it, depth first, each with the nodes above it.
    func walk(_ visit: (ASTNode, _ ancestors: [ASTNode]) -> Void) {
        var stack: [(ASTNode, [ASTNode])] = [(self, [])]
        while let (node, ancestors) = stack.popLast() {
            visit(node, ancestors)
            for child in node.children.reversed() {
                stack.append((child, ancestors + [node]))
            }
        }
    }
}

/// A module's files as the compiler understood them, type-checked with the very arguments its
/// build used (read from the build's plan), so that what the runner reads is what was built.
struct ModuleAST: Sendable {
    /// Each file's tree, by the path the compiler was given.
    let files: [String: ASTNode]

    /// Why a module's AST could not be had, in a sentence.
    struct Unavailable: Error, Sendable, Equatable {
        let reason: String
    }

    /// Type-checks `module` as the last build in `scratchFolder` compiled it, and reads the trees.
    static func dump(module: String, scratchFolder: URL, timeLimit: Duration? = nil) throws(Unavailable) -> ModuleAST {
        var arguments = try compilerArguments(of: module, in: scratchFolder)
        let compiler = arguments.removeFirst()
        let sources = BuildPlan.sources(in: arguments)
        guard !sources.isEmpty else { throw Unavailable(reason: "the build compiles no file of \(module)") }
        return try dump(
            module: module, compiler: compiler, arguments: BuildPlan.typeCheckOnly(arguments), sources: sources,
            timeLimit: timeLimit)
    }

    /// The compiler and its arguments, as the last build in `scratchFolder` compiled `module`.
    static func compilerArguments(of module: String, in scratchFolder: URL) throws(Unavailable) -> [String] {
        guard !BuildDescription.plans(in: scratchFolder).isEmpty else {
            throw Unavailable(
                reason: "the build left no plan in \(scratchFolder.path) to read \(module)'s compiler arguments from")
        }
        guard let arguments = BuildDescription.compilerArguments(of: module, in: scratchFolder), !arguments.isEmpty
        else { throw Unavailable(reason: "the build's plan does not compile \(module)") }
        return arguments
    }

    /// Type-checks `sources` with `compiler` and `arguments` (which name the sources, directly or
    /// in an `@file`), and reads the trees.
    static func dump(
        module: String, compiler: String, arguments: [String], sources: [String], timeLimit: Duration? = nil
    ) throws(Unavailable) -> ModuleAST {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("kata-ast-\(UUID().uuidString)", isDirectory: true)
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var outputs: [String: String] = [:]
        var map: [String: [String: String]] = [:]
        for (index, source) in sources.enumerated() {
            let output = folder.appendingPathComponent("\(index).json").path
            outputs[source] = output
            map[source] = ["ast-dump": output]
        }
        let mapFile = folder.appendingPathComponent("outputs.json")
        guard let mapData = try? JSONSerialization.data(withJSONObject: map), (try? mapData.write(to: mapFile)) != nil
        else { throw Unavailable(reason: "could not write to the temporary folder \(folder.path)") }

        let result = Subprocess.run(
            Command(
                compiler,
                arguments + ["-dump-ast", "-dump-ast-format", "json", "-output-file-map", mapFile.path],
                // The driver's own leftovers (an empty TemporaryDirectory.*) go with this folder.
                environment: ["TMPDIR": folder.path], timeLimit: timeLimit, outputLimit: 256 * 1024))
        guard result.ending != .timedOut else {
            throw Unavailable(reason: "the compiler took longer than the grade's time budget left to type-check it")
        }
        guard result.succeeded else {
            let said = result.output.split(separator: "\n").first { $0.contains("error:") } ?? "\(result.ending)"
            throw Unavailable(reason: "the compiler could not type-check \(module): \(said)")
        }
        var files: [String: ASTNode] = [:]
        for (source, output) in outputs {
            guard let data = FileManager.default.contents(atPath: output),
                let tree = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
            else { throw Unavailable(reason: "the compiler's AST of \(source) could not be read") }
            files[source] = ASTNode(fields: tree)
        }
        return ModuleAST(files: files)
    }
}

/// A compiler command as a build ran it (see `BuildDescription`), read for the review.
enum BuildPlan {
    /// The Swift files a command compiles: named on its line, or in an `@file` of paths.
    static func sources(in arguments: [String]) -> [String] {
        arguments.flatMap { argument -> [String] in
            if argument.hasPrefix("@") {
                let list = (try? String(contentsOfFile: String(argument.dropFirst()), encoding: .utf8)) ?? ""
                return list.split(separator: "\n").map(unquoted).filter { $0.hasSuffix(".swift") }
            }
            return argument.hasSuffix(".swift") && !argument.hasPrefix("-") ? [argument] : []
        }
    }

    /// One line of an `@file` as the compiler reads it: SwiftPM quotes a path as a shell would
    /// (`'/kata workspace/A.swift'`, `'it'\''s'`) when it holds a space or a quote.
    static func unquoted(_ line: Substring) -> String {
        var word = ""
        var quote: Character?
        var escaped = false
        for character in line {
            if escaped {
                word.append(character)
                escaped = false
            } else if quote == "'" {
                if character == "'" { quote = nil } else { word.append(character) }
            } else if character == "\\" {
                escaped = true
            } else if quote == "\"" {
                if character == "\"" { quote = nil } else { word.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
            } else {
                word.append(character)
            }
        }
        return word
    }

    /// The arguments without what makes a command write products (objects, modules, indexes,
    /// headers, dependency files) or change how it reports: what is left type-checks the same files
    /// the same way. Batch mode stays, with the build's jobs: a frontend per file would load every
    /// module the step imports once per file, five times the work for a scene of twenty files.
    static func typeCheckOnly(_ arguments: [String]) -> [String] {
        let withValue: Set = [
            "-emit-module-path", "-output-file-map", "-index-store-path", "-emit-objc-header-path", "-o",
            "-emit-dependencies-path", "-serialize-diagnostics-path",
        ]
        // Swift Build's own (`-use-frontend-parseable-output`, `-save-temps`, const values, the module emitted apart)
        // ask for outputs or a report the type-check does not make.
        let alone: Set = [
            "-emit-dependencies", "-emit-module", "-incremental", "-c", "-serialize-diagnostics",
            "-parseable-output", "-emit-objc-header", "-whole-module-optimization", "-use-frontend-parseable-output",
            "-save-temps", "-emit-const-values", "-experimental-emit-module-separately",
        ]
        // These pass their value on to another tool: it is never one of the arguments above.
        let passing: Set = ["-Xcc", "-Xfrontend", "-Xlinker", "-Xclang-linker", "-Xllvm"]
        var kept: [String] = []
        var skipNext = false
        var keepNext = false
        for argument in arguments {
            if keepNext {
                kept.append(argument)
                keepNext = false
            } else if passing.contains(argument) {
                kept.append(argument)
                keepNext = true
            } else if skipNext {
                skipNext = false
            } else if withValue.contains(argument) {
                skipNext = true
            } else if !alone.contains(argument) {
                kept.append(argument)
            }
        }
        return kept
    }
}
