import Foundation
import Testing

@testable import KataCore

@Suite("The scan of learner code for APIs a scene never needs")
struct LearnerCodeScanTests {
    static let given: Set<String> = ["ScoopsAndScones", "TerminalUI", "Scaffolding", "Authentication"]

    @Test(
        "Code a forged grade needs is flagged, at its line",
        arguments: [
            ("let path = CommandLine.arguments.last!", "CommandLine"),
            ("let env = ProcessInfo.processInfo.environment", "ProcessInfo"),
            ("if let p = getenv(\"X\") { _ = p }", "getenv"),
            ("Foundation.exit(0)", "exit"),
            ("abort()", "abort"),
            ("let h = FileHandle(forWritingAtPath: path)", "FileHandle"),
            ("try data.write(to: url)", "write"),
            ("try text.write(toFile: p, atomically: true, encoding: .utf8)", "write"),
            ("try FileManager.default.removeItem(atPath: p)", "removeItem"),
            ("let fd = open(p, O_WRONLY | O_APPEND)", "open"),
            ("let f = fopen(p, \"a\")", "fopen"),
            ("let handle = dlopen(nil, RTLD_NOW)", "dlopen"),
            ("@_silgen_name(\"swift_retain\") func r()", "@_silgen_name"),
            ("@_cdecl(\"main\") func m() {}", "@_cdecl"),
            ("let p = UnsafeMutablePointer<Int>.allocate(capacity: 1)", "UnsafeMutablePointer"),
            ("let x = unsafeBitCast(f, to: Int.self)", "unsafeBitCast"),
            ("let task = Process()", "Process"),
            ("import Glibc", "import Glibc"),
            ("import Darwin", "import Darwin"),
            ("@preconcurrency import Testing", "import Testing"),
            ("import func Glibc.exit", "import Glibc"),
            ("let s = \"\\(exit(0))\"", "exit"),
            ("#sourceLocation(file: \"Other.swift\", line: 1)", "#sourceLocation"),
        ])
    func flagged(code: String, api: String) throws {
        // Given
        let text = "import Foundation\n\nfunc f() {\n    \(code)\n}\n"

        // When
        let findings = LearnerCodeScan.findings(
            in: text, file: "Exercises/03-Interactor/X.swift", allowedModules: Self.given)

        // Then
        // The API is named, with the line it is on and why a scene never needs it.
        let finding = try #require(findings.first { $0.api == api })
        #expect(finding.line == (api.hasPrefix("import") ? 4 : 4))
        #expect(!finding.reason.isEmpty)
    }

    @Test(
        "Ordinary scene code is not flagged",
        arguments: [
            "let message = \"Tap exit(0) to leave; CommandLine is a word here\"",
            "// exit(0) CommandLine FileHandle",
            "/* ProcessInfo */ let a = 1",
            "semaphore.signal()",
            "func truncate(_ name: String) -> String { String(name.prefix(3)) }",
            "let data = try Data(contentsOf: url)",
            "let exists = FileManager.default.fileExists(atPath: url.path)",
            "import ScoopsAndScones",
            "import Foundation",
            "let processed = items.map { $0 }",
            "view?.displayIceCream(viewModel: viewModel)",
            "weak var view: CreateIceCreamDisplayLogic?",
        ])
    func notFlagged(code: String) {
        // Given
        let text = "func f() {\n    \(code)\n}\n"

        // When
        let findings = LearnerCodeScan.findings(in: text, file: "X.swift", allowedModules: Self.given)

        // Then
        // Nothing a VIP scene normally writes is called suspicious.
        #expect(findings.map(\.api) == [])
    }

    @Test("Every reference solution scans clean", arguments: Kit.steps)
    func solutionsAreClean(step: Step) {
        // Given
        let kit = Kit.workspace

        // When
        let findings = LearnerCodeScan.findings(in: kit, step: step, source: .solutions)

        // Then
        // The kit's own answers never need what the scan flags.
        #expect(findings.map(\.sentence) == [])
    }
}
