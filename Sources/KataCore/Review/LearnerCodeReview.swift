import Foundation

/// The review of a step's learner code, read from what the compiler resolved (its AST), not from text: every
/// declaration the code refers to, whatever name it was reached by (a typealias, a function reference, an overload),
/// judged against an allowlist of what a VIP scene needs; and every declaration the code makes that would change what
/// the checks mean. Code in `#if` branches that are not compiled is not in the AST, so it is not reviewed.
struct LearnerCodeReview {
    /// The module the learner's files are compiled into (a lesson of suites: its test target).
    let module: String
    /// The kit's given modules the step stands on: their public surface is allowed.
    let givenModules: [String]
    /// A lesson of suites: the test library and the seeds are allowed, and `@testable import` of the scene is not (it
    /// reaches what the guide does not promise, the mistakes' switch among it).
    let writesSuites: Bool
    /// The kit's checks of the step (none in a lesson of suites, whose tests are the learner's).
    let checksTarget: String?
    /// The step's folder of exercises, whose starter may add members to others' types itself.
    let starterFolder: String
    /// A lesson of suites: the files of `Seeds/` its guide teaches the suites to use (`step.json`'s `seeds`).
    let seedFiles: [String]
    /// What those files declare: the seeds' types, and what they add to `Seeds`. Nothing else of `Seeds` is the
    /// suites' (the checks' own tools write files and reach into the scene).
    var seedNames: (types: Set<String>, members: Set<String>) = ([], [])

    init(step: Step) {
        writesSuites = step.kind == .suites
        module = writesSuites ? step.testTarget : step.module
        givenModules = step.givenModules
        checksTarget = writesSuites ? nil : step.testTarget
        starterFolder = "Exercises/\(step.folder)/"
        seedFiles = step.seedFiles
    }

    /// The types the seed files declare, and the members they declare in extensions of `Seeds`.
    static func seedNames(in files: [String], of workspace: Workspace) -> (types: Set<String>, members: Set<String>) {
        var types: Set<String> = []
        var members: Set<String> = []
        for path in files {
            let code = SwiftSource(String(decoding: workspace.bytes(of: path), as: UTF8.self)).withoutComments
            types.formUnion(
                code.matches(of: #/(?:struct|enum|class|actor|protocol|typealias)\s+([A-Za-z_]\w*)/#).map {
                    String($0.1)
                })
            members.formUnion(
                code.matches(of: #/public\s+(?:static\s+)?(?:let|var|func)\s+([A-Za-z_]\w*)/#).map { String($0.1) })
        }
        return (types, members)
    }

    /// The findings in `ast`, each with its file relative to the workspace, its line, and the declaration it is about.
    func findings(in ast: ModuleAST, workspace: Workspace) -> [ReviewFinding] {
        var review = self
        review.seedNames = Self.seedNames(in: seedFiles, of: workspace)
        return review.findingsWithSeeds(in: ast, workspace: workspace)
    }

    private func findingsWithSeeds(in ast: ModuleAST, workspace: Workspace) -> [ReviewFinding] {
        var findings: [ReviewFinding] = []
        let helpers = Self.helperNames(in: workspace)
        let called = checksTarget.map { Self.calledNames(in: workspace, under: "Tests/\($0)") } ?? []
        // Members the checks use (`.contains(`, `.count`) that the starter does not add itself.
        let starter =
            (try? KitManifest.load(from: workspace))?.starters.filter { $0.path.hasPrefix(starterFolder) } ?? []
        let given = Set(starter.flatMap { $0.text.matches(of: #/(?:func|var|let)\s+(\w+)/#).map { String($0.1) } })
        let used =
            checksTarget.map { Self.names(#/\.([A-Za-z_][A-Za-z0-9_]*)/#, in: workspace, under: "Tests/\($0)") }?
            .subtracting(given) ?? []
        for path in ast.files.keys.sorted() {
            guard let tree = ast.files[path] else { continue }
            let bytes = (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data()
            let file = SourceFile(path: workspace.relativePath(path), bytes: Array(bytes))
            findings += review(tree, in: file, helpers: helpers, called: called, used: used)
        }
        var seen: Set<String> = []
        return findings.filter { seen.insert("\($0.file):\($0.line):\($0.api)").inserted }
    }

    /// The review of `step` as the last build in `scratchFolder` compiled it.
    static func review(
        _ step: Step, in workspace: Workspace, scratchFolder: URL, timeLimit: Duration? = nil
    ) throws(ModuleAST.Unavailable) -> [ReviewFinding] {
        let review = LearnerCodeReview(step: step)
        let ast = try ModuleAST.dump(module: review.module, scratchFolder: scratchFolder, timeLimit: timeLimit)
        return review.findings(in: ast, workspace: workspace)
    }

    /// A finding for a step whose AST could not be had: it is graded, and a person must look.
    static func unavailable(_ problem: ModuleAST.Unavailable, step: Step, source: Source) -> ReviewFinding {
        ReviewFinding(
            file: "\(source.folderName)/\(step.folder)", line: 0, api: "the compiler's AST",
            reason: "the code could not be reviewed: \(problem.reason)")
    }

    private struct SourceFile {
        let path: String
        let bytes: [UInt8]
        /// The bytes as the compiler reads them: comments and string text blanked by `SwiftSource`.
        let code: [UInt8]

        init(path: String, bytes: [UInt8]) {
            self.path = path
            self.bytes = bytes
            let source = SwiftSource(String(decoding: bytes, as: UTF8.self))
            var code: [UInt8] = []
            for (written, read) in zip(source.text, source.code) {
                let width = String(written).utf8.count
                code += written == read ? Array(String(read).utf8) : Array(repeating: UInt8(ascii: " "), count: width)
            }
            self.code = code
        }

        func line(of offset: Int) -> Int {
            1 + bytes.prefix(max(0, min(offset, bytes.count))).filter { $0 == UInt8(ascii: "\n") }.count
        }

        /// The code from `start` to `end`, without comments or string text.
        func code(from start: Int, to end: Int) -> String {
            let lower = max(0, min(start, code.count))
            return String(decoding: code[lower..<max(lower, min(end, code.count))], as: UTF8.self)
        }

        func text(from offset: Int, count: Int) -> String {
            let start = max(0, min(offset, bytes.count))
            return String(decoding: bytes[start..<min(bytes.count, start + count)], as: UTF8.self)
        }
    }

    /// The functions the kit's `Seeds/` gives the checks (`firstMiss`, `sameMenu`…): learner code
    /// that declares one where the checks' call could reach it (a closer overload on a type it
    /// does not own, or at the top level) makes the checks' code run its own.
    static func helperNames(in workspace: Workspace) -> Set<String> {
        names(
            #/public\s+(?:(?:static|class|mutating|nonmutating|final)\s+)*func\s+(\w+)/#, in: workspace, under: "Seeds")
    }

    /// The names the step's checks call unqualified (`zip(…)`, `withCheckedContinuation { … }`): a learner function at
    /// the top level named like one would be called instead, as the checks see the learner's module (the standard
    /// library's functions included, which any module's own shadow).
    static func calledNames(in workspace: Workspace, under folder: String) -> Set<String> {
        names(#/([A-Za-z_][A-Za-z0-9_]*)\s*\(/#, in: workspace, under: folder)
            .union(names(#/(?:^|[^.\w])([a-z_][A-Za-z0-9_]*)\s*\{/#, in: workspace, under: folder))
    }

    /// What `pattern` captures in the Swift files under `folder`.
    private static func names(
        _ pattern: Regex<(Substring, Substring)>, in workspace: Workspace, under folder: String
    ) -> Set<String> {
        Set(
            workspace.allFiles(under: folder).filter { $0.hasSuffix(".swift") }.flatMap { path in
                String(decoding: workspace.bytes(of: path), as: UTF8.self).matches(of: pattern).map { String($0.1) }
            })
    }

    private func review(
        _ tree: ASTNode, in file: SourceFile, helpers: Set<String>, called: Set<String>, used: Set<String>
    ) -> [ReviewFinding] {
        var findings: [ReviewFinding] = []
        // The node being judged, with the nodes above it: what a macro or a key path expands into has no place of its
        // own in the file, so a finding on it stands where the nearest node above it that has one is.
        var here: [ASTNode] = []
        func find(_ node: ASTNode, _ api: String, _ reason: String) {
            let start = node.rangeInFile?.start ?? here.reversed().lazy.compactMap(\.rangeInFile).first?.start ?? 0
            findings.append(ReviewFinding(file: file.path, line: file.line(of: start), api: api, reason: reason))
        }
        let topLevel = Set(tree.list("items").compactMap { $0.fields["usr"] as? String })
        // Where the code before each top-level import starts: the end of the item before it. An
        // attribute of the import (`@testable`) may stand anywhere in between, lines above it.
        var itemsBefore: [Int: Int] = [:]
        var previousEnd = 0
        for item in tree.list("items").compactMap(\.range).sorted(by: { $0.start < $1.start }) {
            itemsBefore[item.start] = previousEnd
            previousEnd = item.lastToken
        }
        tree.walk { node, ancestors in
            here = ancestors
            // Nothing is passed over for sitting inside a declaration the compiler made: a defer body
            // is a `$defer` function and a result builder's body `$__builder` variables, both written
            // code. What the compiler synthesised itself (an accessor, a conformance's members) is
            // judged too, leniently: its references are not written (`node.isImplicit`).
            if node.kind == "import_decl", !node.isImplicit {
                let start = node.range.map { itemsBefore[$0.start] ?? $0.start } ?? 0
                for finding in importFindings(node, in: file, attributesFrom: start) {
                    find(node, finding.api, finding.reason)
                }
            }
            if let reference = node["decl"], reference.kind == "decl_ref",
                let usr = reference.fields["decl_usr"] as? String, !usr.isEmpty,
                let verdict = judge(
                    usr: usr, name: reference.fields["base_name"] as? String ?? "", written: !node.isImplicit)
            {
                find(node, verdict.api, verdict.reason)
            }
            for attribute in node.list("attrs") where !attribute.isImplicit {
                // Only what is written in the file: a macro's expansion (Testing's own `@section`) and what the
                // compiler synthesised (a conformance's `@_implements`) have no place in it. An attribute's range
                // starts after its `@`; modifiers (`override`, `required`) are attributes to the compiler too, written
                // without the `@`.
                guard let start = attribute.rangeInFile?.start else { continue }
                let written = start > 0 && file.text(from: start - 1, count: 1) == "@"
                let name =
                    written
                    ? String(file.text(from: start, count: 60).prefix { $0.isLetter || $0.isNumber || $0 == "_" })
                    : attribute.kind.replacingOccurrences(of: "_attr", with: "")
                // What the compiler made of it counts first, however it was spelled (`@c`, `@ c`, `@/**/c`).
                if Self.namingAttributeKinds.contains(attribute.kind) {
                    find(attribute, "@" + name, Self.namingReason)
                    continue
                }
                guard written else { continue }
                if let reason = Self.attributeFinding(name) { find(attribute, "@" + name, reason) }
            }
            if !node.isImplicit, let finding = declarationFinding(node, topLevel: topLevel, ancestors: ancestors) {
                find(node, finding.api, finding.reason)
            } else if !node.isImplicit, ["func_decl", "var_decl"].contains(node.kind),
                let name = declaredName(of: node),
                // What only its own file sees, the checks cannot call.
                !["private", "fileprivate"].contains(node.fields["access"] as? String ?? ""),
                helpers.contains(name) && isReachableByTheChecks(node, topLevel: topLevel, ancestors: ancestors)
                    || called.contains(name) && topLevel.contains(node.fields["usr"] as? String ?? "")
                    || used.contains(name) && extendsOthers(ancestors)
            {
                find(node, name, Self.namedLikeTheChecks)
            }
        }
        return findings
    }

    // MARK: - Attributes

    /// The language's own attributes a scene or a suite may carry: none changes what a symbol is named, how code
    /// links, or what runs first. Any other one of the language's (they are lowercase: `@c`, `@objc`, `@main`,
    /// `@export`, `@abi`, `@extern`, the underscored ones, and whatever a new Swift adds) is a finding, since some
    /// give a function any symbol name and so replace, in the statically linked test program, a function the checks
    /// or the runtime call. Capitalised attributes are types and macros (`@MainActor`, `@State`, `@Test`), which
    /// name nothing at link time.
    static let allowedAttributes: Set<String> = [
        "available", "autoclosure", "concurrent", "discardableResult", "dynamicCallable", "dynamicMemberLookup",
        "escaping", "frozen", "globalActor", "inlinable", "inline", "nonobjc", "preconcurrency", "propertyWrapper",
        "resultBuilder", "retroactive", "testable", "unchecked", "unknown", "usableFromInline",
        "warn_unqualified_access",
    ]

    /// The compiler's kinds of attribute that name a symbol, place it, or start the program, whatever their spelling.
    static let namingAttributeKinds: Set<String> = [
        "cdecl_attr", "silgen_name_attr", "extern_attr", "section_attr", "used_attr", "abi_attr", "expose_attr",
        "dynamic_replacement_attr", "implements_attr", "main_type_attr", "objc_attr", "export_attr",
    ]
    static let namingReason = "this attribute changes how code is named, linked or started; a scene needs none"

    static func attributeFinding(_ name: String) -> String? {
        if name.hasPrefix("_") { return "an underscored attribute changes how code links or runs; a scene needs none" }
        guard let first = name.first, first.isLowercase, !allowedAttributes.contains(name) else { return nil }
        return namingReason
    }

    // MARK: - Imports

    private func importFindings(_ node: ASTNode, in file: SourceFile, attributesFrom start: Int) -> [(
        api: String, reason: String
    )] {
        let imported = (node.fields["module_path"] as? [String])?.first ?? ""
        var found: [(String, String)] = []
        if node.fields["exported"] as? Bool == true {
            found.append(("@_exported import \(imported)", "re-exporting a module changes what the checks see"))
        }
        let before = node.range.map { file.code(from: start, to: $0.start) } ?? ""
        if before.contains("@testable"), writesSuites, givenModules.contains(imported) {
            found.append(
                (
                    "@testable import \(imported)",
                    "suites test what the scene promises, through what it makes public; @testable reaches its internals"
                ))
        }
        if !allowedModules.contains(imported) {
            found.append(("import \(imported)", "a scene needs only Foundation and the kit's given code"))
        }
        // Any other attribute of an import (@preconcurrency, @_spi, @_implementationOnly, @testable) changes what
        // the module sees of it, or what the checks see of this one.
        for attribute in before.matches(of: #/@(\w+)/#).map({ String($0.1) })
        where attribute != "_exported" && !(attribute == "testable" && writesSuites && givenModules.contains(imported))
        {
            found.append(
                (
                    "@\(attribute) import \(imported)",
                    "an attribute on an import changes what the code sees of the module, or the checks of it: import plainly"
                ))
        }
        return found
    }

    private var allowedModules: Set<String> {
        var modules: Set<String> = Self.standardModules.union(Self.foundationModules).union(givenModules)
        modules.insert(module)
        if writesSuites { modules.formUnion(["Testing", "Seeds"]) }
        return modules
    }

    static let standardModules: Set<String> = ["Swift", "_Concurrency", "_StringProcessing", "RegexBuilder"]
    static let foundationModules: Set<String> = [
        "Foundation", "FoundationEssentials", "FoundationInternationalization",
    ]

    // MARK: - References

    /// Nil when the declaration `usr` names is one a scene may use; otherwise what to say.
    /// `written`: the reference is in the code as written, not one the compiler made for it
    /// (whose underscored helpers are the compiler's business).
    func judge(usr: String, name: String, written: Bool = true) -> (api: String, reason: String)? {
        if usr.hasPrefix("c:") {
            let function = usr.split(separator: "@").last.map(String.init) ?? usr
            if Self.mathFunctions.contains(function) { return nil }
            return (function, Self.reason(forSystem: function))
        }
        guard let declared = DeclarationPath(usr: usr) else { return nil }
        var api = ([declared.module] + declared.types + (name.isEmpty ? [] : [name])).joined(separator: ".")
        if name == "init",
            let label = ["contentsOfFile", "contentsOf", "fileDescriptor", "fileURLWithPath"].first(where: usr.contains)
        {
            api += "(\(label):)"
        }
        if declared.module == module || givenModules.contains(declared.module) { return nil }
        if writesSuites, declared.module == "Testing" {
            // `#expect(processExitsWith:)` and `ExitTest` start the test program again, in a process of its own.
            if usr.contains("processExitsWith") || declared.types.contains("ExitTest") || name == "ExitTest" {
                return (
                    "#expect(processExitsWith:)",
                    "an exit test runs the scene in another process, which never has the run's mistake: suites test "
                        + "the scene in their own process"
                )
            }
            return nil
        }
        if writesSuites, declared.module == "Seeds" { return judgeSeed(api: api, declared: declared, name: name) }
        if Self.standardModules.contains(declared.module) {
            let words = declared.types + [name]
            if words.contains(where: Self.isUnsafe) {
                return (api, "a scene never reads or writes raw memory")
            }
            // Public API an underscored protocol declares (`filter` of _ArrayProtocol) is public
            // API; what is underscored itself, or a reference to an underscored type, is not.
            if written,
                name.hasPrefix("_") || (declared.types.last?.hasPrefix("_") == true && name.isEmpty)
                    || declared.types.dropLast().contains(where: { $0.hasPrefix("_") })
            {
                return (api, "underscored declarations are the compiler's and the runtime's, never a scene's")
            }
            if words.contains(where: Self.processWords.contains) {
                return (api, "a scene never reads the process's arguments or input")
            }
            return nil
        }
        if Self.foundationModules.contains(declared.module) {
            let type = declared.types.first ?? ""
            if Self.fileWriting.contains(name) {
                return (api, "a scene never writes files")
            }
            if type == "URL",
                Self.urlFileSystemMembers.contains(name) || usr.contains("resolvingAliasFileAt")
                    || usr.contains("resolvingBookmarkData")
            {
                return (api, "a scene learns nothing of the file system but where its bundle's resources are")
            }
            if writesSuites, usr.contains("contentsOf") || ["FileManager", "Bundle"].contains(type) {
                return (api, "suites read no files: the scene and the seeds give them everything they test")
            }
            if type == "Bundle", !Self.bundleMembers.contains(name) {
                return (api, "a scene reads its bundle's resources, and never loads code from a bundle")
            }
            if type == "FileManager", !Self.fileManagerMembers.contains(name) {
                return (api, "a scene never looks through the file system: its bundle's resources are all it reads")
            }
            if Self.foundationTypes.contains(type) || (type.isEmpty && Self.foundationFunctions.contains(name)) {
                return nil
            }
            return (api, Self.reason(forFoundation: type.isEmpty ? name : type))
        }
        return (
            api, "a scene needs only the standard library, Foundation's values and formatting, and the kit's given code"
        )
    }

    /// What a lesson of suites may use of `Seeds`: the values its guide names, with their types' members.
    private func judgeSeed(api: String, declared: DeclarationPath, name: String) -> (api: String, reason: String)? {
        let owner = declared.types.first
        if owner == nil, name == "Seeds" || seedNames.types.contains(name) { return nil }
        if let owner, seedNames.types.contains(owner) { return nil }
        // A member of `Seeds` (whose USR names the module's own type by substitution, so no type is read).
        if owner == nil || (owner == "Seeds" && declared.types.count == 1), seedNames.members.contains(name) {
            return nil
        }
        return (
            api,
            "suites use the seeds the guide names (\(seedFiles.joined(separator: ", "))), not the tools of the "
                + "kit's own checks"
        )
    }

    /// URL's members that ask the file system (where a link leads, whether an item is there, its attributes) or
    /// name folders of the machine's.
    static let urlFileSystemMembers: Set<String> = [
        "resolvingSymlinksInPath", "resolveSymlinksInPath", "checkResourceIsReachable", "checkPromisedItemIsReachable",
        "resourceValues", "promisedItemResourceValues", "removeCachedResourceValue", "removeAllCachedResourceValues",
        "setTemporaryResourceValue", "bookmarkData", "resolvingAliasFile", "homeDirectory", "temporaryDirectory",
        "currentDirectory", "cachesDirectory", "documentsDirectory", "applicationSupportDirectory",
        "applicationDirectory", "desktopDirectory", "downloadsDirectory", "libraryDirectory", "userDirectory",
        "moviesDirectory", "musicDirectory", "picturesDirectory", "sharedPublicDirectory", "trashDirectory",
        "fileResourceIdentifierKey",
    ]

    static func isUnsafe(_ word: String) -> Bool {
        word.hasPrefix("Unsafe") || word.hasPrefix("unsafe") || word.hasPrefix("withUnsafe")
            || ["Unmanaged", "OpaquePointer", "AutoreleasingUnsafeMutablePointer"].contains(word)
    }

    static let processWords: Set<String> = ["CommandLine", "readLine"]

    /// What a scene may use of Foundation: values, formatting, decoding and the bundle's resources.
    static let foundationTypes: Set<String> = [
        "Bundle", "FileManager", "URL", "URLComponents", "Data", "JSONDecoder", "JSONEncoder", "JSONSerialization",
        "PropertyListDecoder", "PropertyListEncoder", "CocoaError", "NSError", "Date", "DateFormatter",
        "ISO8601DateFormatter", "DateComponents", "DateComponentsFormatter", "DateInterval", "Calendar", "TimeZone",
        "Locale", "NumberFormatter", "Formatter", "Decimal", "NSDecimalNumber", "CharacterSet", "NSRegularExpression",
        "NSRange", "NSString", "NSNumber", "UUID", "Measurement", "MeasurementFormatter", "ListFormatter",
        "RelativeDateTimeFormatter", "PersonNameComponents", "AttributedString", "String", "StringProtocol",
        "Substring", "Character", "Sequence", "Collection", "BidirectionalCollection", "Int", "Double", "Float",
        "BinaryInteger", "BinaryFloatingPoint", "FloatingPoint", "Duration", "LocalizedError",
        "IntegerFormatStyle", "FloatingPointFormatStyle", "FormatStyle", "ParseableFormatStyle", "NSLocale", "Error",
        "Optional", "Array", "Dictionary", "Set", "ContiguousArray", "Range", "ClosedRange",
    ]

    static let foundationFunctions: Set<String> = ["NSLocalizedString", "NSMakeRange"]

    /// What a scene may ask of a bundle: where its resources are, and what it says of itself.
    static let bundleMembers: Set<String> = [
        "init", "main", "module", "url", "urls", "path", "paths", "bundleURL", "resourceURL", "bundlePath",
        "resourcePath", "bundleIdentifier", "infoDictionary", "object", "localizedString", "localizedInfoDictionary",
        "preferredLocalizations", "localizations", "developmentLocalization",
    ]

    /// What a scene may ask the file manager: whether its bundle's file is there, and its bytes.
    static let fileManagerMembers: Set<String> = ["default", "fileExists", "contents", "isReadableFile"]

    /// Members that write files, whatever type they are on.
    static let fileWriting: Set<String> = [
        "write", "createFile", "createDirectory", "removeItem", "moveItem", "copyItem", "linkItem",
        "createSymbolicLink", "replaceItem", "replaceItemAt", "trashItem", "setAttributes",
        "changeCurrentDirectoryPath", "setResourceValues", "setResourceValue", "writeJSONObject",
    ]

    static let mathFunctions: Set<String> = [
        "floor", "ceil", "round", "trunc", "pow", "sqrt", "fabs", "fmod", "exp", "log", "log10", "log2", "sin", "cos",
        "tan", "lround", "llround", "floorf", "ceilf", "roundf", "powf", "sqrtf",
    ]

    static func reason(forSystem function: String) -> String {
        if ["exit", "_exit", "_Exit", "abort", "kill", "raise", "signal", "sigaction", "atexit"].contains(function) {
            return "a scene never ends or signals the process"
        }
        if ["dlopen", "dlsym", "dlclose"].contains(function) {
            return "a scene never loads code, or looks up functions by name, while it runs"
        }
        if ["getenv", "setenv", "unsetenv", "environ"].contains(function) {
            return "a scene never reads or changes the process's environment"
        }
        if ["fork", "vfork", "posix_spawn", "posix_spawnp", "system", "popen", "execv", "execve", "execvp"].contains(
            function)
        {
            return "a scene never starts other processes"
        }
        return "a scene never calls the system directly: files, descriptors, memory and processes are not its business"
    }

    static func reason(forFoundation type: String) -> String {
        switch type {
        case "ProcessInfo", "Process", "NSTask", "CommandLine":
            return "a scene never reads the process's arguments or environment, or starts processes"
        case "FileHandle", "OutputStream", "InputStream", "Pipe", "NSFileHandle":
            return "a scene never reads or writes files and descriptors beyond its bundle's resources"
        case "NSClassFromString", "NSSelectorFromString", "NSStringFromClass":
            return "a scene never looks up code by name while it runs"
        case "Thread", "Timer", "RunLoop", "OperationQueue", "NotificationCenter", "UserDefaults":
            return "a scene needs none of this: Foundation's values, formatting and the bundle's resources are enough"
        default:
            return "a scene needs only Foundation's values, formatting and the bundle's resources"
        }
    }

    // MARK: - Declarations

    /// A declaration that changes what the checks mean: an operator on types the learner does not
    /// own, a conformance added to one, a subclass of one, a custom mirror, or a top-level name the
    /// checks' modules use.
    private func declarationFinding(_ node: ASTNode, topLevel: Set<String>, ancestors: [ASTNode]) -> (
        api: String, reason: String
    )? {
        let name = declaredName(of: node)
        switch node.kind {
        case "func_decl":
            // `$s…` names are a macro's own (Swift Testing's @Test and @Suite write them).
            guard let name, let first = name.unicodeScalars.first,
                !CharacterSet.letters.contains(first), first != "_", first != "`", first != "$"
            else { break }
            let types = node["params"]?.list("params").compactMap { $0.fields["interface_type"] as? String } ?? []
            if !types.contains(where: { $0.contains(ownToken) }) {
                return (
                    "operator \(name)",
                    "an operator on types your code does not declare changes what the checks' own comparisons mean"
                )
            }
            // The checks compare a scene's values with the operators its types have; a scene needs
            // none of its own (synthesised equality is enough), so one decides what they conclude.
            if !writesSuites {
                return (
                    "operator \(name)",
                    "an operator of your own decides what the checks conclude when they compare your values "
                        + "(the equality Equatable synthesises is all a scene needs)"
                )
            }
        case "extension_decl":
            let extended = node.fields["extended_type"] as? String ?? ""
            if !extended.contains(ownToken), let inherits = node["inherits"], !inherits.fields.isEmpty,
                !inherits.list("conformances").isEmpty || !inherits.list("protocols").isEmpty
                    || inherits.fields["types"] != nil
            {
                return (
                    "extension adding a conformance to \(extended)",
                    "a conformance added to a type your code does not declare changes how the checks' values behave"
                )
            }
        case "class_decl":
            // A subclass can do all its superclass can, unnamed: a member of Foundation's that
            // answers a protocol of the learner's is called, and no call names it.
            guard let superclass = node["inherits"]?.fields["superclass_type"] as? String else { break }
            let path = DeclarationPath(usr: "s:" + superclass.dropFirst(2))
            if let owner = path?.module, owner == module || givenModules.contains(owner) { break }
            return (
                "class inheriting from " + (path.map { ([$0.module] + $0.types).joined(separator: ".") } ?? superclass),
                "a class that inherits from one neither your code nor the kit declares does all it can, unseen"
            )
        case "var_decl" where name == "customMirror":
            return (
                "customMirror",
                "a custom mirror tells the checks, which read the scene's structure through Mirror, what it stores"
            )
        default:
            break
        }
        if let name, topLevel.contains(node.fields["usr"] as? String ?? ""),
            ["struct_decl", "class_decl", "enum_decl", "protocol", "typealias", "actor_decl"].contains(node.kind),
            Self.standardNamesTheChecksUse.contains(name)
        {
            return (
                "type named \(name)",
                "a type named like the standard library's or Foundation's \(name), which the checks use, makes the "
                    + "checks' \(name) yours"
            )
        }
        // A conformance written on a type of the learner's that brings comparisons with no operator written:
        // Strideable's == and < (from distance(to:)), RawRepresentable's == (from rawValue), OptionSet's, SIMD's.
        for conformance in node["inherits"]?.list("conformances") ?? []
        where conformance.fields["source_kind"] as? String == "explicit" {
            let usr = conformance.fields["protocol"] as? String ?? ""
            if let name = Self.comparingProtocols[usr] {
                return (
                    "conformance to \(name)",
                    "\(name) gives your type comparisons (==, <) the checks then use, without an operator written: "
                        + "the equality Equatable synthesises is all a scene needs"
                )
            }
        }
        if node.kind == "func_decl" || node.kind == "constructor_decl",
            let member = implicitMember(node, ancestors: ancestors)
        {
            return (
                member,
                "the compiler calls \(member) by itself (for a literal or an interpolation); added to a type your "
                    + "code does not declare, it changes what the checks' own literals and messages mean"
            )
        }
        if let name, let usr = node.fields["usr"] as? String, topLevel.contains(usr) || name.hasPrefix("__"),
            name.hasPrefix("__") || reservedNames.contains(name)
        {
            return (name, Self.namedLikeTheChecks)
        }
        return nil
    }

    /// A member the compiler calls without its name being written (a literal's initializer, a string
    /// interpolation's), declared in an extension of a type the learner's module does not declare.
    private func implicitMember(_ node: ASTNode, ancestors: [ASTNode]) -> String? {
        guard let declaration = node["name"], extendsOthers(ancestors) else { return nil }
        let base = declaration["base_name"]?.fields["name"] as? String
        if let base, ["appendInterpolation", "appendLiteral"].contains(base) { return base }
        let labels = declaration.fields["args"] as? [String] ?? []
        if declaration["base_name"]?.fields["special"] as? String == "init",
            let first = labels.first, first.hasSuffix("Literal") || first == "stringInterpolation"
        {
            return "init(\(first):)"
        }
        return nil
    }

    /// The protocols whose conformance brings comparisons by default implementations, by USR.
    static let comparingProtocols = [
        "s:Sx": "Strideable", "s:SY": "RawRepresentable", "s:s9OptionSetP": "OptionSet", "s:s4SIMDP": "SIMD",
    ]

    /// The standard library's, Foundation's and the testing library's types the kit's checks name (a runner test
    /// keeps the list whole: it fails when a check names one that is not here).
    static let standardNamesTheChecksUse: Set<String> = [
        "Actor", "Any", "AnyObject", "Array", "Bool", "Bundle", "Calendar", "CaseIterable", "Character", "CharacterSet",
        "CheckedContinuation",
        "ClosedRange", "Comment", "Confirmation", "CustomDebugStringConvertible", "CustomStringConvertible",
        "CustomTestStringConvertible", "Data", "Date", "DateComponents", "DateFormatter", "Decodable", "Dictionary",
        "Double", "Duration", "Encodable", "Equatable", "Error", "FileManager", "Hashable", "Identifiable", "Int",
        "Issue", "JSONDecoder", "JSONEncoder", "KeyPath", "Locale", "MainActor", "Mirror", "Never",
        "ObjectIdentifier", "Optional", "ProcessInfo", "Range", "ReferenceWritableKeyPath", "Result", "Sendable",
        "Sequence", "Set",
        "SourceLocation", "String", "Substring", "Suite", "Tag", "Task", "Test", "TimeZone", "UInt", "UInt16",
        "UInt64", "URL", "UUID", "Void",
    ]

    /// At the top level, or a member of an extension of a type the learner's module does not declare.
    private func isReachableByTheChecks(_ node: ASTNode, topLevel: Set<String>, ancestors: [ASTNode]) -> Bool {
        (node.fields["usr"] as? String).map(topLevel.contains) == true || extendsOthers(ancestors)
    }

    /// Whether the declaration is a member of an extension of a type the learner's module does not declare.
    private func extendsOthers(_ ancestors: [ASTNode]) -> Bool {
        guard let owner = ancestors.last(where: { $0.kind.hasSuffix("_decl") }), owner.kind == "extension_decl" else {
            return false
        }
        return !(owner.fields["extended_type"] as? String ?? "").contains(ownToken)
    }

    private var ownToken: String { "\(module.utf8.count)\(module)" }  // the module as mangled names spell it

    private func declaredName(of node: ASTNode) -> String? {
        guard node.kind.hasSuffix("_decl") || node.kind == "protocol" || node.kind == "typealias",
            let name = node["name"]
        else { return nil }
        return name["base_name"]?.fields["name"] as? String
    }

    /// Names of the modules the checks import, and of the step's own targets.
    private var reservedNames: Set<String> {
        Self.standardModules.union(Self.foundationModules).union(givenModules).union([
            "Testing", "Seeds", "Swift", "XCTest", "Dispatch", "Glibc", "Darwin", module,
            module.hasSuffix("Tests") ? module : module + "Tests",
        ])
    }

    /// Why a declaration named like what the checks use is a finding, whichever way it is reached.
    private static let namedLikeTheChecks =
        "a declaration named like a module or helper the checks use makes their code mean yours"
}

/// The module and the types on the way to a declaration, read from its USR (`s:10Foundation10FileHandleC…`):
/// enough to judge it, not a full demangler.
struct DeclarationPath: Equatable {
    let module: String
    let types: [String]

    /// The standard library's single-letter substitutions (`Si` is Int) that name types.
    static let standardTypes: [Character: String] = [
        "a": "Array", "b": "Bool", "D": "Dictionary", "d": "Double", "f": "Float", "h": "Set", "i": "Int",
        "J": "Character", "N": "ClosedRange", "n": "Range", "O": "ObjectIdentifier", "P": "UnsafePointer",
        "p": "UnsafeMutablePointer", "R": "UnsafeBufferPointer", "r": "UnsafeMutableBufferPointer", "S": "String",
        "s": "Substring", "u": "UInt", "V": "UnsafeRawPointer", "v": "UnsafeMutableRawPointer",
        "W": "UnsafeRawBufferPointer", "w": "UnsafeMutableRawBufferPointer", "q": "Optional", "y": "StringProtocol",
        "T": "Sequence", "l": "Collection", "K": "BidirectionalCollection", "Q": "Hashable", "L": "Comparable",
        "Z": "SignedInteger", "z": "BinaryInteger", "B": "BinaryFloatingPoint", "F": "FloatingPoint", "j": "Numeric",
        "x": "RangeReplaceableCollection", "k": "RandomAccessCollection", "E": "Encodable", "e": "Decodable",
        "H": "Hashable",
    ]

    init?(usr: String) {
        if usr.hasPrefix("c:objc(") {
            // An Objective-C class's member, on macOS: `c:objc(cs)NSBundle(im)URLForResource:withExtension:`.
            let parts = usr.split(whereSeparator: { $0 == "(" || $0 == ")" }).map(String.init)
            guard parts.count >= 3 else { return nil }
            module = "Foundation"
            types = [Self.swiftName(ofObjectiveC: parts[2])]
            return
        }
        guard usr.hasPrefix("s:") else { return nil }
        let characters = Array(usr.dropFirst(2))
        var index = 0
        var module: String?
        var types: [String] = []
        if index + 1 < characters.count, characters[index] == "s", characters[index + 1].isNumber {
            module = "Swift"
            index += 1
        } else if index + 1 < characters.count, characters[index] == "S", characters[index + 1] == "o" {
            // A type imported from C or Objective-C: its name follows.
            module = "Foundation"
            index += 2
        } else if index + 1 < characters.count, characters[index] == "S", characters[index + 1] == "c" {
            module = "_Concurrency"
            index += 3
        } else if index + 1 < characters.count, characters[index] == "S" {
            module = "Swift"
            types.append(Self.standardTypes[characters[index + 1]] ?? "S\(characters[index + 1])")
            index += 2
        }
        // Identifiers, `<length><name>`: one followed by `E` is the module of an extension, one
        // followed by a kind letter (C class, V struct, O enum, P protocol, a alias) is a type.
        var first = true
        while index < characters.count, characters[index].isNumber, characters[index] != "0" {
            // An identifier spelled with word substitutions (`03iceE0…`) ends what this reads.
            var digits = ""
            while index < characters.count, characters[index].isNumber {
                digits.append(characters[index])
                index += 1
            }
            guard let length = Int(digits), length > 0, index + length <= characters.count else { break }
            let identifier = String(characters[index..<(index + length)])
            index += length
            let next = index < characters.count ? characters[index] : " "
            if next == "E" {
                module = identifier
                index += 1
            } else if module == nil && first {
                module = identifier
            } else if "CVOPa".contains(next) {
                types.append(
                    identifier.hasPrefix("0") ? identifier : Self.swiftName(ofObjectiveC: identifier))
                index += 1
            } else {
                break
            }
            first = false
        }
        guard let module else { return nil }
        self.module = module
        self.types = types.filter { !$0.hasPrefix("0") }
    }

    /// `NSBundle` is `Bundle` in Swift; the checks judge by the Swift name.
    static func swiftName(ofObjectiveC name: String) -> String {
        let renamed: Set = [
            "NSBundle", "NSData", "NSDate", "NSURL", "NSUUID", "NSLocale", "NSCalendar", "NSTimeZone",
            "NSDateFormatter", "NSNumberFormatter", "NSFileManager", "NSFileHandle", "NSProcessInfo", "NSTask",
            "NSJSONSerialization", "NSCharacterSet", "NSDateComponents", "NSThread", "NSTimer", "NSNotificationCenter",
            "NSUserDefaults", "NSFormatter", "NSPipe", "NSOutputStream", "NSInputStream", "NSRunLoop",
        ]
        guard renamed.contains(name) else { return name }
        let swift = String(name.dropFirst(2))
        return swift == "Task" ? "Process" : swift
    }
}
