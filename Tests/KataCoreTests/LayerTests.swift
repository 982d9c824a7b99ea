import Foundation
import Testing

@testable import KataCore

/// KataCore's folders are layers: each uses only the ones below it. This reads the sources
/// (the weaker form of what separate targets would enforce; docs/AUTHORING.md says why) and
/// fails on any use of a type declared in a higher layer.
@Suite("KataCore's layers")
struct LayerTests {
    /// Lowest first.
    static let layers = [
        "Support", "Terminal", "Catalog", "Results", "Diagnosis", "Running", "Isolation", "State", "Review", "Grading",
        "Class", "Reporting", "Commands",
    ]

    @Test("Each part of KataCore uses only the parts below it")
    func noBackEdges() throws {
        // Given
        let root = RealKit.root.appendingPathComponent("Sources/KataCore")
        var sources: [Source] = []
        for layer in Self.layers {
            // A subfolder is part of its layer.
            let folder = root.appendingPathComponent(layer)
            for case let name as String in FileManager.default.enumerator(atPath: folder.path)?.allObjects ?? []
            where name.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
                sources.append(Source(file: "\(layer)/\(name)", text: text))
            }
        }
        let folders = try FileManager.default.contentsOfDirectory(atPath: root.path).filter { !$0.hasPrefix(".") }

        // When
        let backEdges = try Self.backEdges(in: sources)

        // Then
        // Every folder is a layer; a back edge is a design change to make on purpose, not by the way.
        #expect(Set(folders) == Set(Self.layers))
        #expect(backEdges == [])
    }

    @Test("A use of a higher layer's type or top-level function is a back edge; comments and strings name none")
    func aBackEdgeIsFound() throws {
        // Given
        let sources = [
            Source(file: "Catalog/Course.swift", text: "struct Course {\n    let check = GuideAudit.self\n}\n"),
            Source(file: "Catalog/Notes.swift", text: "// GuideAudit is not used here\nlet s = \"GuideAudit\"\n"),
            Source(
                file: "Commands/GuideAudit.swift", text: "enum GuideAudit {\n    static let course = Course.self\n}\n"),
        ]

        // When
        let backEdges = try Self.backEdges(in: sources)

        // Then
        #expect(backEdges == ["Catalog/Course.swift -> GuideAudit"])
    }

    @Test("A member that a higher layer adds by an extension is a back edge where a lower layer uses it")
    func aMemberAddedByAHigherLayerIsFound() throws {
        // Given
        let sources = [
            Source(
                file: "Catalog/Page.swift",
                text: "struct Page {\n    func text(width: Int) -> String { \"\" }\n    func padded(to: Int) {}\n}\n"),
            Source(
                file: "Grading/GradeReport.swift",
                text: """
                    struct GradeReport {
                        let page: Page
                        func summary() -> String { text(style: 1) + self.heading + page.text(width: 80) }
                        func note() -> String { "\\(self.text(style: 2)) // heading, text(style: 3)" }
                        func layout() { page.padded(to: 2); padded(4); _ = lines() }
                        func other(_ report: GradeReport) -> Int { report.count(of: 1) }
                    }
                    """),
            Source(
                file: "Reporting/GradeText.swift",
                text: """
                    extension GradeReport {
                        func text(style: Int) -> String { let width = 1; return page.text(width: width) }
                        var heading: String { "" }
                        func padded(_ width: Int) {}
                        func lines() -> [String] { [] }
                        func count(of: Int) -> Int { 0 }
                    }
                    """),
        ]

        // When
        let backEdges = try Self.backEdges(in: sources)

        // Then
        #expect(
            backEdges == [
                "Grading/GradeReport.swift -> count(of:)", "Grading/GradeReport.swift -> heading",
                "Grading/GradeReport.swift -> lines()",
                "Grading/GradeReport.swift -> padded(_:)", "Grading/GradeReport.swift -> text(style:)",
            ])
    }

    struct Source {
        /// `Layer/File.swift`
        let file: String
        let text: String

        var layer: Int { LayerTests.layers.firstIndex(of: String(file.prefix { $0 != "/" })) ?? 0 }
    }

    /// Every `Layer/File.swift -> Name` where a file names a type, or calls a function of the
    /// file's top level, declared in a higher layer; or uses a member that a higher layer adds to
    /// a lower layer's type by an extension (`-> name` or `-> name(label:)`), when no layer at or
    /// below the file's declares a member of that name.
    static func backEdges(in sources: [Source]) throws -> [String] {
        let declaration = try TextPattern(
            #"(?m)^(?:@\w+(?:\([^)\n]*\))?\s+|(?:public|package|internal|fileprivate|private|open|final|indirect|nonisolated)\s+)*(struct|enum|class|protocol|actor|typealias|func|let|var)\s+(\w+)"#
        )
        // Comments and the text of string literals name nothing; code in interpolations does.
        let code = sources.map { SwiftSource($0.text).code }
        // A name declared in several layers belongs to the lowest of them.
        var layerOf: [String: Int] = [:]
        var globals: [String: Int] = [:]
        for (source, code) in zip(sources, code) {
            for match in declaration.matches(in: code) {
                guard let kind = match[1], let name = match[2].map(String.init) else { continue }
                if kind == "let" || kind == "var" {
                    globals[name] = min(globals[name] ?? source.layer, source.layer)
                } else {
                    layerOf[name] = min(layerOf[name] ?? source.layer, source.layer)
                }
            }
        }
        let added = try addedMembers(sources, code, layerOf: layerOf)
        // Simple word boundaries (TextPattern's): Unicode's would read `GradingFolder.marker` as one word.
        let identifier = try TextPattern(#"\b(?:[A-Z]\w*\b|[a-z]\w*(?=\())"#)
        let globalUses = try globals.map { name, layer in (name, layer, try TextPattern(#"\b\#(name)\b"#)) }
        var backEdges: Set<String> = []
        for (source, code) in zip(sources, code) {
            let names = Set(identifier.captures(0, in: code))
            for name in names where (layerOf[name] ?? 0) > source.layer {
                backEdges.insert("\(source.file) -> \(name)")
            }
            for (name, layer, use) in globalUses where layer > source.layer && use.occurs(in: code) {
                backEdges.insert("\(source.file) -> \(name)")
            }
            for member in added where member.layer > source.layer && member.use.occurs(in: code) {
                if !member.declared.contains(where: { $0 <= source.layer }) {
                    backEdges.insert("\(source.file) -> \(member.name)")
                }
            }
        }
        return backEdges.sorted()
    }

    /// A member an extension in a higher layer than its type's adds: how a use of it reads,
    /// and every layer that declares a member of the same name.
    struct AddedMember {
        /// `name`, or for a function `name(label:)`, `name(_:)` or `name()`.
        let name: String
        let layer: Int
        let use: TextPattern
        var declared: [Int] = []
    }

    /// A function's key and how a call of it reads, from its name and its first argument's label.
    static func functionMember(_ name: Substring, _ label: Substring) throws -> (key: String, use: TextPattern) {
        switch label {
        case "": ("\(name)()", try TextPattern(#"\b\#(name)\(\s*\)"#))
        case "_": ("\(name)(_:)", try TextPattern(#"\b\#(name)\(\s*(?!\w+\s*:)[^\s)]"#))
        default: ("\(name)(\(label):)", try TextPattern(#"\b\#(name)\(\s*\#(label)\s*:"#))
        }
    }

    /// The members that extensions add to types of lower layers than their own.
    static func addedMembers(_ sources: [Source], _ code: [String], layerOf: [String: Int]) throws -> [AddedMember] {
        let extensionStart = try TextPattern(
            #"(?m)^(?:public |private |fileprivate |internal )*extension\s+(\w+)[^{]*\{"#)
        // A function's name (group 1) and its first argument's label (group 2); a property's or a case's name.
        let function = try TextPattern(#"\bfunc\s+(\w+)\s*(?:<[^>(]*>)?\(\s*(\w*)"#)
        let property = try TextPattern(#"\b(?:var|let|case)\s+(\w+)"#)
        var added: [AddedMember] = []
        for (source, code) in zip(sources, code) {
            for match in extensionStart.matches(in: code) {
                guard let start = match[0], let type = match[1], let typeLayer = layerOf[String(type)],
                    typeLayer < source.layer
                else { continue }
                // The extension's own level: nested bodies (a function's locals) blanked.
                var depth = 1
                var body = ""
                for character in code[start.endIndex...] {
                    if character == "}" { depth -= 1 }
                    if depth == 0 { break }
                    body.append(depth == 1 || character == "\n" ? character : " ")
                    if character == "{" { depth += 1 }
                }
                for member in function.matches(in: body) {
                    let (key, use) = try functionMember(member[1] ?? "", member[2] ?? "")
                    added.append(AddedMember(name: key, layer: source.layer, use: use))
                }
                for name in property.captures(1, in: body) {
                    added.append(AddedMember(name: name, layer: source.layer, use: try TextPattern(#"\.\#(name)\b"#)))
                }
            }
        }
        // Where else a member of the same name is declared: a lower layer's own member is no back edge.
        for (source, code) in zip(sources, code) {
            var names = Set(property.captures(1, in: code))
            for member in function.matches(in: code) {
                names.insert(try functionMember(member[1] ?? "", member[2] ?? "").key)
            }
            for index in added.indices where names.contains(added[index].name) {
                added[index].declared.append(source.layer)
            }
        }
        return added
    }
}

@Suite("KataCore's layers, as the compiler resolved them")
struct CompiledLayerTests {
    @Test("No KataCore file refers to a declaration of a higher layer, by any route the compiler resolved")
    func noBackEdgesInTheIndex() throws {
        // Given
        let index = try CompilerIndex(module: "KataCore", store: try Self.store(), library: try Self.library())
        let layer = { (file: String) -> Int? in
            guard let range = file.range(of: "/Sources/KataCore/") else { return nil }
            return LayerTests.layers.firstIndex(of: String(file[range.upperBound...].prefix { $0 != "/" }))
        }

        // When
        var backEdges: Set<String> = []
        for (file, usrs) in index.references {
            guard let own = layer(file) else { continue }
            for usr in usrs {
                guard let home = index.definedIn[usr], let theirs = layer(home), theirs > own else { continue }
                backEdges.insert("\(Self.short(file)) -> \(index.names[usr] ?? usr) (\(Self.short(home)))")
            }
        }

        // Then
        #expect(index.references.count >= 100, "the index holds KataCore's files")
        #expect(backEdges.sorted() == [])
    }

    static func short(_ path: String) -> String {
        path.range(of: "/Sources/KataCore/").map { String(path[$0.upperBound...]) } ?? path
    }

    /// The index the compiler wrote while it built KataCore for these tests: where the build's plan says
    /// (`-index-store-path`, in the build folder above this test program, under either build system).
    static func store() throws -> URL {
        let programs = [CommandLine.arguments[0]] + Bundle.allBundles.map(\.bundlePath)
        for program in programs {
            var folder = URL(fileURLWithPath: program).deletingLastPathComponent()
            // SwiftPM's build folder is the one holding its workspace state.
            while folder.path != "/", FileTree.kind(at: folder.appendingPathComponent("workspace-state.json")) == nil {
                folder.deleteLastPathComponent()
            }
            guard let arguments = BuildDescription.compilerArguments(of: "KataCore", in: folder),
                let flag = arguments.firstIndex(of: "-index-store-path"), flag + 1 < arguments.count
            else { continue }
            let store = URL(fileURLWithPath: arguments[flag + 1])
            if FileTree.kind(at: store) == .folder { return store }
        }
        throw CompilerIndex.Unavailable(description: "no build plan naming KataCore's index above \(programs)")
    }

    /// The toolchain's libIndexStore, in the `usr/lib` of the `swift` that builds the kit, as the toolchain itself says
    /// where it is (`-print-target-info`: through a wrapper, or /usr/bin/swift on macOS, which only forwards); else
    /// beside the `swift` named, or where `xcrun` finds one.
    static func library() throws -> URL {
        let swift = Toolchain(environment: ProcessInfo.processInfo.environment).swift
        let paths = [
            {
                Self.resourceFolder(of: swift).map {
                    URL(fileURLWithPath: $0).appendingPathComponent("../../bin/swift").path
                }
            },
            { swift.contains("/") ? swift : Self.onPath(swift) }, { Self.xcrunFind("swift") },
        ]
        for path in paths.lazy.compactMap({ $0() }) {
            let usr = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath()
                .deletingLastPathComponent()
                .deletingLastPathComponent()
            for name in ["lib/libIndexStore.so", "lib/libIndexStore.dylib"]
            where FileManager.default.fileExists(atPath: usr.appendingPathComponent(name).path) {
                return usr.appendingPathComponent(name)
            }
        }
        throw CompilerIndex.Unavailable(
            description: "no libIndexStore in \(swift)'s toolchain, nor where xcrun finds swift")
    }

    /// `runtimeResourcePath` of `swift -print-target-info`: the toolchain's `usr/lib/swift`.
    static func resourceFolder(of swift: String) -> String? {
        let found = Subprocess.run(Command(swift, ["-print-target-info"], timeLimit: .seconds(60)))
        guard found.succeeded, let data = found.output.data(using: .utf8),
            let info = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let paths = info["paths"] as? [String: Any]
        else { return nil }
        return paths["runtimeResourcePath"] as? String
    }

    static func xcrunFind(_ name: String) -> String? {
        let found = Subprocess.run(Command("/usr/bin/xcrun", ["--find", name], timeLimit: .seconds(60)))
        return found.succeeded ? found.output.trimmingCharacters(in: .whitespacesAndNewlines) : nil
    }

    static func onPath(_ name: String) -> String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        return folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
