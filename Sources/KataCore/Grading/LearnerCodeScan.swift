import Foundation

/// Something in the learner's code a VIP scene never needs and a forged grade would: read
/// the process's arguments, write files, end the process, reach into memory. Learner code
/// runs inside the test process, so the grade cannot stop it; it can point at it. A step
/// with a finding is still graded, and marked for an instructor to review.
struct ReviewFinding: Codable, Equatable, Sendable {
    /// Where, relative to the workspace: `Exercises/NN-Name/Scene/View.swift`.
    let file: String
    let line: Int
    /// What was used: `CommandLine`, `FileHandle`, `import Glibc`, or a run's anomaly.
    let api: String
    /// Why an instructor should look.
    let reason: String

    var sentence: String {
        line > 0 ? "\(file):\(line) uses \(api): \(reason)." : "\(file): \(reason)."
    }
}

/// Reads the learner's Swift files for APIs a scene never needs. It reads code only:
/// comments and the text of string literals do not count, code inside interpolations does.
enum LearnerCodeScan {
    struct Rule: Sendable {
        let pattern: String
        let reason: String

        init(_ pattern: String, _ reason: String) {
            self.pattern = pattern
            self.reason = reason
        }
    }

    /// A call of a free function, plain or through its module (`Foundation.exit(0)`), but not
    /// a method of the same name (`semaphore.signal()`) or its declaration.
    private static func call(_ names: String) -> String {
        #"(?:(?<![.\w])(?<!func\s)|\b(?:Foundation|Glibc|Darwin|Musl|Bionic|WASILibc|ucrt|WinSDK)\s*\.\s*)("#
            + names + #")\s*\("#
    }

    static let rules: [Rule] = [
        Rule(
            #"\b(CommandLine|ProcessInfo|environ)\b"#,
            "a scene never reads the process's arguments or environment (where the grade's results are written)"),
        Rule(call("getenv|setenv|unsetenv"), "a scene never reads or changes the process's environment"),
        Rule(call("exit|_exit|atexit|abort|kill|raise|signal|sigaction"), "a scene never ends or signals the process"),
        Rule(#"\b(Process|NSTask)\b\s*[(.]"#, "a scene never starts other processes"),
        Rule(
            call("posix_spawnp?|fork|vfork|execv[pe]?|execl[pe]?|system|popen|dlopen|dlsym"),
            "a scene never starts other processes or loads code while it runs"),
        Rule(#"\b(FileHandle|OutputStream)\b"#, "a scene never writes files or redirects output"),
        Rule(
            call("fopen|fdopen|freopen|fwrite|fputs|open|creat|unlink|rename|mkdir|rmdir|truncate|ftruncate|dup|dup2"),
            "a scene never writes files or redirects output"),
        Rule(#"\.(write)\s*\(\s*(to|toFile)\s*:"#, "a scene never writes files"),
        Rule(
            #"\.(createFile|createDirectory|removeItem|moveItem|copyItem|linkItem|createSymbolicLink|replaceItem|replaceItemAt|trashItem|setAttributes|changeCurrentDirectoryPath)\s*\("#,
            "a scene never changes files"),
        Rule(#"\b(O_WRONLY|O_RDWR|O_CREAT|O_APPEND|O_TRUNC)\b"#, "a scene never writes files"),
        Rule(
            #"\b(NSClassFromString|NSSelectorFromString|method_exchangeImplementations|class_replaceMethod|objc_\w+)\b"#,
            "a scene never looks up or replaces functions while it runs"),
        Rule(#"@_\w+"#, "compiler-internal attributes change how code links or runs; a scene needs none"),
        Rule(
            #"\b(Unsafe\w*|AutoreleasingUnsafe\w*|unsafeBitCast|unsafeDowncast|withUnsafe\w*|Unmanaged|OpaquePointer)\b"#,
            "a scene never reads or writes raw memory"),
        Rule(#"\bunsafe\s+[A-Za-z_(&]"#, "a scene never reads or writes raw memory"),
        Rule(#"#sourceLocation"#, "a scene never rewrites where its code says it is"),
    ]

    /// Modules any scene may import, besides the kit's given code.
    static let standardModules: Set<String> = [
        "Foundation", "FoundationEssentials", "FoundationInternationalization", "Dispatch", "Observation",
    ]

    private static let compiled: [(NSRegularExpression, Rule)] = rules.compactMap { rule in
        (try? NSRegularExpression(pattern: rule.pattern)).map { ($0, rule) }
    }

    private static let importPattern = try? NSRegularExpression(
        pattern:
            #"(?m)^\s*(?:@\w+(?:\([^)]*\))?\s+)*import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?([A-Za-z_][A-Za-z0-9_]*)"#
    )

    /// Every finding in one file's text. `allowedModules` are the modules it may import.
    static func findings(in text: String, file: String, allowedModules: Set<String>) -> [ReviewFinding] {
        let source = SwiftSource(text)
        let code = source.code as NSString
        let lineStarts = lineStartOffsets(of: source.code)
        func line(at offset: Int) -> Int {
            var low = 0
            var high = lineStarts.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
            }
            return low + 1
        }

        var found: [ReviewFinding] = []
        let whole = NSRange(location: 0, length: code.length)
        for (expression, rule) in compiled {
            for match in expression.matches(in: source.code, range: whole) {
                let api = code.substring(with: match.range(at: match.numberOfRanges > 1 ? 1 : 0))
                found.append(
                    ReviewFinding(file: file, line: line(at: match.range.location), api: api, reason: rule.reason))
            }
        }
        if let importPattern {
            let allowed = standardModules.union(allowedModules)
            for match in importPattern.matches(in: source.code, range: whole) {
                let module = code.substring(with: match.range(at: 1))
                guard !allowed.contains(module) else { continue }
                found.append(
                    ReviewFinding(
                        file: file, line: line(at: match.range(at: 1).location), api: "import \(module)",
                        reason: "a scene needs Foundation and the kit's given code, not \(module)"))
            }
        }
        return found.sorted { ($0.line, $0.api) < ($1.line, $1.api) }
    }

    /// Every finding in a step's learner files, paths relative to the workspace.
    static func findings(in workspace: Workspace, step: Step, source: Source) -> [ReviewFinding] {
        // A lesson of suites is tests: they import the testing library and the seeds too.
        let allowed = givenModules(in: workspace).union(step.kind == .suites ? ["Testing", "Seeds"] : [])
        let folder = "\(source.folderName)/\(step.folder)/"
        return workspace.files(of: step, in: source).filter { $0.hasSuffix(".swift") }.flatMap { path in
            findings(
                in: String(decoding: workspace.bytes(of: folder + path), as: UTF8.self),
                file: folder + path, allowedModules: allowed)
        }
    }

    /// The kit's given code: every module under Sources/ except the runner's own.
    static func givenModules(in workspace: Workspace) -> Set<String> {
        let names =
            (try? FileManager.default.contentsOfDirectory(atPath: workspace.root.appendingPathComponent("Sources").path))
            ?? []
        return Set(names).subtracting(["KataCore", "kata", "SceneHost"])
    }

    private static func lineStartOffsets(of text: String) -> [Int] {
        var starts = [0]
        var offset = 0
        for unit in text.utf16 {
            offset += 1
            if unit == 0x0A { starts.append(offset) }
        }
        return starts
    }
}
