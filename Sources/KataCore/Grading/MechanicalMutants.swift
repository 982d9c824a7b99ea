import Foundation

/// A change made to a reference solution by a rule, with no hand in choosing it: the kind of
/// mistake nobody thought to write, which the checks must still catch.
struct Mutant: Sendable, Equatable {
    /// The mutants listed as changing no behaviour, each with the reason (by id).
    static let equivalentsFile = "Tests/Mistakes/equivalent-mutants.json"
    /// The share of the non-equivalent mutants each step must catch.
    static let requiredShare = 0.95

    /// Stable while the solution is: `NN-Name/Scene/SceneView.swift:27:9 deleteCall`.
    let id: String
    let step: Int
    /// The file it changes, relative to the kit, and that file's text once changed.
    let path: String
    let text: String
    /// What the rule did, in words: "negated `email.isEmpty`".
    let change: String
}

/// `kata mistakes --mechanical`: mutants read from the AST of the build a kit copy made.
extension Mutant {
    /// Every mutant of a step's solution, read from the AST of the build the copy just made. A
    /// lesson of suites is graded by the mistakes it catches in a given scene: its mutants are
    /// mistakes made by rule in that scene's tested files, which its reference suites must catch.
    static func all(of step: Step, in copy: KitCopy) -> Result<[Mutant], ModuleAST.Unavailable> {
        if step.kind == .suites { return ofScene(of: step, in: copy) }
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
    static func ofScene(of step: Step, in copy: KitCopy) -> Result<[Mutant], ModuleAST.Unavailable> {
        guard let module = SuiteMistake.builtInCopy(of: step, in: copy.workspace) ?? step.givenModules.first else {
            return .failure(ModuleAST.Unavailable(reason: "step \(step.number) tests no given scene"))
        }
        var arguments: [String]
        do {
            arguments = try ModuleAST.compilerArguments(of: module, in: copy.workspace.scratchFolder(for: .solutions))
        } catch {
            return .failure(error)
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

/// The rules, each a small change that keeps the code compiling as often as it can: the compiler
/// tells what a condition, a call, an argument or a collection is, so no rule guesses from text.
enum MutationRule: String, CaseIterable, Sendable {
    /// `if a` becomes `if !(a)`, for if, guard, while and the ternary operator.
    case negateCondition
    /// A call made for its effect is deleted.
    case deleteCall
    /// An assignment is deleted.
    case deleteAssignment
    /// An integer literal moves by one.
    case shiftLiteral
    /// A comparison moves its boundary (`<` and `<=`, `>` and `>=`), or turns (`==` and `!=`, `&&` and `||`).
    case flipOperator
    /// Two arguments of one call that have the same type change places.
    case swapArguments
    /// A function that returns nothing returns at once.
    case returnEarly
    /// An array that is not empty becomes `[]`.
    case emptyCollection
}

/// Finds every place in one file where a rule applies, from the file's AST and its bytes.
struct MutantMaker {
    let step: Int
    /// Relative to the kit: `Solutions/NN-Name/Scene/SceneView.swift`.
    let path: String
    let bytes: [UInt8]
    /// The lines (1-based) the learner writes in this step; a change that touches none of them
    /// is not a mistake of this step's lesson. Nil: every line.
    var scope: Set<Int>?

    func mutants(of tree: ASTNode) -> [Mutant] {
        var found: [Mutant] = []
        var seen: Set<String> = []
        func add(_ rule: MutationRule, at offset: Int, _ edits: [(Range<Int>, String)], _ change: String) {
            guard !edits.isEmpty else { return }
            if let scope {
                let touched = edits.flatMap { edit in
                    position(of: edit.0.lowerBound).0...position(of: edit.0.upperBound).0
                }
                guard touched.contains(where: scope.contains) else { return }
            }
            var changed = bytes
            for (range, replacement) in edits.sorted(by: { $0.0.lowerBound > $1.0.lowerBound }) {
                changed.replaceSubrange(range, with: Array(replacement.utf8))
            }
            let text = String(decoding: changed, as: UTF8.self)
            guard seen.insert(text).inserted else { return }
            let (line, column) = position(of: offset)
            let file = path.split(separator: "/").dropFirst().joined(separator: "/")
            found.append(
                Mutant(
                    id: "\(file):\(line):\(column) \(rule.rawValue)", step: step, path: path, text: text,
                    change: change))
        }
        func negate(_ condition: ASTNode?) {
            guard let condition, let range = span(of: condition) else { return }
            add(.negateCondition, at: range.lowerBound, [(range, "!(\(source(range)))")], "negated `\(source(range))`")
        }
        func empty(_ range: Range<Int>) {
            add(.emptyCollection, at: range.lowerBound, [(range, "[]")], "`\(oneLine(source(range)))` became []")
        }
        tree.walk { node, ancestors in
            // Code the compiler wrote (a synthesised accessor or initialiser) is no one's to mutate.
            // Nor is what a macro expanded to: its ranges are in the expansion, not in the file.
            guard !node.isImplicit,
                !ancestors.contains(where: { $0.isImplicit && ($0.kind.hasSuffix("_decl") || $0.kind == "brace_stmt") }
                ),
                !ancestors.contains(where: { $0.kind.hasPrefix("macro_expansion") })
            else { return }
            switch node.kind {
            case "if_stmt", "guard_stmt", "while_stmt":
                for condition in node.list("conditions") where condition.kind != "pattern" {
                    negate(condition)
                }
            case "case_label_item":
                // `catch … where condition`, `case … where condition`.
                negate(node["where_expr"])
            case "ternary_expr":
                negate(node["cond_expr"])
            case "brace_stmt":
                for element in node.list("elements") {
                    let rule: MutationRule
                    if isCallStatement(element) {
                        rule = .deleteCall
                    } else if element.kind == "assign_expr", !element.isImplicit {
                        rule = .deleteAssignment
                    } else {
                        continue
                    }
                    guard let range = span(of: element) else { continue }
                    add(rule, at: range.lowerBound, [(range, "")], "deleted `\(oneLine(source(range)))`")
                }
            case "integer_literal_expr":
                guard let range = span(of: node), let value = Int(node.fields["value"] as? String ?? "") else { return }
                let signed = node.fields["negative"] as? Bool == true ? -value : value
                for moved in [signed + 1, signed - 1] {
                    add(.shiftLiteral, at: range.lowerBound, [(range, "\(moved)")], "\(signed) became \(moved)")
                }
            case "binary_expr":
                guard let function = node["fn"], let name = operatorName(of: function),
                    let turned = Self.turned[name], let at = function.range?.start, at < bytes.count
                else { return }
                let range = at..<(at + name.utf8.count)
                guard source(range) == name else { return }
                add(.flipOperator, at: at, [(range, turned)], "\(name) became \(turned)")
            case "call_expr":
                guard let arguments = node["args"], !arguments.isImplicit else { return }
                let list = arguments.list("args").compactMap { argument -> (range: Range<Int>, type: String)? in
                    guard let expression = argument["expr"], !expression.isImplicit,
                        expression.kind != "default_argument_expr", let type = expression.type,
                        let range = span(of: expression)
                    else { return nil }
                    return (range, type)
                }
                for (first, second) in zip(list, list.dropFirst()) where first.type == second.type {
                    guard source(first.range) != source(second.range) else { continue }
                    add(
                        .swapArguments, at: first.range.lowerBound,
                        [(first.range, source(second.range)), (second.range, source(first.range))],
                        "swapped `\(oneLine(source(first.range)))` and `\(oneLine(source(second.range)))`")
                }
                for argument in list where Self.isArray(argument.type) { empty(argument.range) }
            case "func_decl":
                guard node.fields["result"] as? String == "$sytD", let body = node["body"], !body.isImplicit,
                    let open = body.range?.start, open < bytes.count, bytes[open] == UInt8(ascii: "{")
                else { return }
                add(.returnEarly, at: open, [((open + 1)..<(open + 1), " return;")], "returns at once")
            case "array_expr", "return_stmt", "assign_expr":
                let expression =
                    node.kind == "return_stmt" ? node["result"] : node.kind == "assign_expr" ? node["src"] : node
                guard let expression, !expression.isImplicit, let type = expression.type, Self.isArray(type),
                    let range = span(of: expression), source(range) != "[]"
                else { return }
                empty(range)
            default:
                return
            }
        }
        return found
    }

    /// Comparisons and logic each with the operator a slip turns it into.
    static let turned = ["<": "<=", "<=": "<", ">": ">=", ">=": ">", "==": "!=", "!=": "==", "&&": "||", "||": "&&"]

    /// An array type, as the compiler mangles it (`$sSaySSGD` is `[String]`).
    static func isArray(_ type: String) -> Bool { type.hasPrefix("$sSay") && type.hasSuffix("GD") }

    /// A statement made of a call, for what the call does: `presenter?.present(…)`, `try await x.y()`, through the
    /// wrappers the compiler puts around it (optional chaining, `try`, `await`, an existential opened).
    private func isCallStatement(_ node: ASTNode) -> Bool {
        var current = node
        while true {
            if current.kind == "call_expr" || current.kind == "dot_syntax_call_expr", !current.isImplicit {
                return current.type == "$sytD"
            }
            let wrappers: Set = [
                "try_expr", "await_expr", "optional_evaluation_expr", "force_try_expr", "optional_try_expr",
                "inject_into_optional", "open_existential_expr", "load_expr", "function_conversion_expr",
            ]
            guard wrappers.contains(current.kind) || current.isImplicit, let inner = current["sub_expr"] else {
                return false
            }
            current = inner
        }
    }

    /// The name of the operator a binary expression calls.
    private func operatorName(of function: ASTNode) -> String? {
        var current: ASTNode? = function
        while let node = current {
            if let declaration = node["decl"], let name = declaration.fields["base_name"] as? String {
                return name
            }
            current = node["fn"]
        }
        return nil
    }

    /// The bytes a node covers: from its first token to the end of its last.
    private func span(of node: ASTNode) -> Range<Int>? {
        guard let range = node.range, range.start < bytes.count, range.lastToken < bytes.count,
            range.start <= range.lastToken
        else { return nil }
        return range.start..<tokenEnd(at: range.lastToken)
    }

    private func source(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

    private func oneLine(_ text: String) -> String {
        let line = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        return line.count > 60 ? line.prefix(57) + "…" : line
    }

    /// Line and column (1-based) of a byte offset.
    private func position(of offset: Int) -> (Int, Int) {
        let before = bytes.prefix(offset)
        let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        return (1 + before.filter { $0 == UInt8(ascii: "\n") }.count, before.endIndex - lineStart + 1)
    }

    /// Where the token that starts at `offset` ends: an identifier or number, a string literal
    /// (with its escapes and interpolations), a run of operator characters, or one character.
    private func tokenEnd(at offset: Int) -> Int {
        let start = bytes[offset]
        func isWord(_ byte: UInt8) -> Bool {
            byte >= 0x80 || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
                || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
        }
        if start == UInt8(ascii: "\"") || start == UInt8(ascii: "#") {
            return stringEnd(at: offset)
        }
        if start == UInt8(ascii: "`") {
            var index = offset + 1
            while index < bytes.count, bytes[index] != UInt8(ascii: "`") { index += 1 }
            return min(index + 1, bytes.count)
        }
        if isWord(start) {
            var index = offset
            while index < bytes.count, isWord(bytes[index]) || bytes[index] == UInt8(ascii: ".") && start.isDigit {
                index += 1
            }
            return index
        }
        let operators = Set("/=-+!*%<>&|^~?.".utf8)
        if operators.contains(start) {
            var index = offset
            while index < bytes.count, operators.contains(bytes[index]) { index += 1 }
            return index
        }
        return offset + 1
    }

    /// The end of a string literal that starts at `offset`: plain, raw (`#"…"#`) or multi-line.
    private func stringEnd(at offset: Int) -> Int {
        var index = offset
        var hashes = 0
        while index < bytes.count, bytes[index] == UInt8(ascii: "#") {
            hashes += 1
            index += 1
        }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return offset + 1 }
        let quote = Array(
            repeating: UInt8(ascii: "\""), count: bytes[index...].starts(with: Array("\"\"\"".utf8)) ? 3 : 1)
        index += quote.count
        let closing = quote + Array(repeating: UInt8(ascii: "#"), count: hashes)
        var depth = 0
        while index < bytes.count {
            if depth == 0, bytes[index...].starts(with: closing) { return index + closing.count }
            if bytes[index] == UInt8(ascii: "\\") {
                let afterHashes = index + 1 + hashes
                if afterHashes < bytes.count, bytes[afterHashes] == UInt8(ascii: "(") {
                    depth += 1
                    index = afterHashes + 1
                    continue
                }
                index += hashes == 0 ? 2 : 1
                continue
            }
            if depth > 0 {
                if bytes[index] == UInt8(ascii: "(") { depth += 1 }
                if bytes[index] == UInt8(ascii: ")") { depth -= 1 }
            }
            index += 1
        }
        return bytes.count
    }
}

extension UInt8 {
    fileprivate var isDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }
}
