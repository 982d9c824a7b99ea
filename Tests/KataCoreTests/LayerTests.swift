import Foundation
import Testing

@testable import KataCore

/// KataCore's folders are layers: each uses only the ones below it. This reads the sources
/// (the weaker form of what separate targets would enforce) and fails on a use of a type
/// declared in a higher layer, unless it is one of the back edges known today, which may
/// only go away.
@Suite("KataCore's layers")
struct LayerTests {
    /// Lowest first.
    static let layers = [
        "Support", "Terminal", "Catalog", "Results", "State", "Running", "Grading", "Reporting", "Commands",
    ]

    /// Back edges still to remove, as `Layer/File.swift -> Type`.
    static let knownBackEdges: Set<String> = [
        "Terminal/Terminal.swift -> KataSignals",
        "Catalog/Course.swift -> GuideAudit",
        "Catalog/Workspace.swift -> GradingFolder",
        "Catalog/Workspace.swift -> PristineCopy",
        "Results/BuildFailure.swift -> CommandResult",
        "Results/RunWitness.swift -> CommandResult",
        "State/Backups.swift -> ScratchFiles",
        "State/FolderCopy.swift -> KataSignals",
        "State/StepFolder.swift -> KataSignals",
        "State/StepFolder.swift -> KitManifest",
        "State/StepFolder.swift -> ScratchFiles",
        "Running/StepChecker.swift -> StepBinaries",
        "Grading/GradeReport.swift -> Kata",
        "Grading/GradingFolder.swift -> Context",
    ]

    @Test("Each part of KataCore uses only the parts below it, but for the back edges still to remove")
    func noNewBackEdges() throws {
        // Given
        let root = RealKit.root.appendingPathComponent("Sources/KataCore")
        var texts: [(layer: Int, file: String, text: String)] = []
        for (index, layer) in Self.layers.enumerated() {
            let folder = root.appendingPathComponent(layer)
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            where name.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
                texts.append((index, "\(layer)/\(name)", text))
            }
        }
        let folders = try FileManager.default.contentsOfDirectory(atPath: root.path).filter { !$0.hasPrefix(".") }
        let declaration = try Regex(
            #"(?m)^(?:public |final |private |fileprivate |internal |indirect )*(?:struct|enum|class|protocol|actor|typealias)\s+(\w+)"#
        )
        var layerOf: [String: Int] = [:]
        for source in texts {
            for match in source.text.matches(of: declaration) {
                if let name = match.output[1].substring { layerOf[String(name)] = source.layer }
            }
        }

        // When
        var backEdges: Set<String> = []
        for source in texts {
            // Comments and string literals name no type.
            let code = source.text
                .replacing(try Regex(#"//[^\n]*"#), with: "")
                .replacing(try Regex(#""(?:[^"\\\n]|\\.)*""#), with: "\"\"")
            // Simple word boundaries: Unicode's would read `GradingFolder.marker` as one word.
            let identifier = try Regex(#"\b[A-Z]\w*\b"#).wordBoundaryKind(.simple)
            let names = Set(code.matches(of: identifier).map { String(code[$0.range]) })
            for name in names where (layerOf[name] ?? 0) > source.layer {
                backEdges.insert("\(source.file) -> \(name)")
            }
        }

        // Then
        // Every folder is a layer; a new back edge is a design change to make on purpose, not by the way.
        #expect(Set(folders) == Set(Self.layers))
        #expect(backEdges.subtracting(Self.knownBackEdges).sorted() == [])
        // One removed: take it off the list, so it cannot come back unseen.
        #expect(Self.knownBackEdges.subtracting(backEdges).sorted() == [])
    }
}
