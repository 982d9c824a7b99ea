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
        "Support", "Terminal", "Catalog", "Results", "Running", "State", "Grading", "Reporting", "Commands",
    ]

    @Test("Each part of KataCore uses only the parts below it")
    func noBackEdges() throws {
        // Given
        let root = RealKit.root.appendingPathComponent("Sources/KataCore")
        var sources: [Source] = []
        for layer in Self.layers {
            let folder = root.appendingPathComponent(layer)
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
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

    struct Source {
        /// `Layer/File.swift`
        let file: String
        let text: String

        var layer: Int { LayerTests.layers.firstIndex(of: String(file.prefix { $0 != "/" })) ?? 0 }
    }

    /// Every `Layer/File.swift -> Name` where a file names a type, or calls a function of the
    /// file's top level, declared in a higher layer.
    static func backEdges(in sources: [Source]) throws -> [String] {
        let declaration = try Regex(
            #"(?m)^(?:public |final |private |fileprivate |internal |indirect )*(?:struct|enum|class|protocol|actor|typealias|func)\s+(\w+)"#
        )
        var layerOf: [String: Int] = [:]
        for source in sources {
            for match in source.text.matches(of: declaration) {
                if let name = match.output[1].substring { layerOf[String(name)] = source.layer }
            }
        }
        var backEdges: Set<String> = []
        for source in sources {
            // Comments and string literals name no type.
            let code = source.text
                .replacing(try Regex(#"//[^\n]*"#), with: "")
                .replacing(try Regex(#""(?:[^"\\\n]|\\.)*""#), with: "\"\"")
            // Simple word boundaries: Unicode's would read `GradingFolder.marker` as one word.
            let identifier = try Regex(#"\b(?:[A-Z]\w*\b|[a-z]\w*(?=\())"#).wordBoundaryKind(.simple)
            let names = Set(code.matches(of: identifier).map { String(code[$0.range]) })
            for name in names where (layerOf[name] ?? 0) > source.layer {
                backEdges.insert("\(source.file) -> \(name)")
            }
        }
        return backEdges.sorted()
    }
}
