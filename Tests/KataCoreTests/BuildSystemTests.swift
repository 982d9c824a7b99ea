import Foundation
import Testing

@testable import KataCore

/// What kata reads of a build, under the native build system and under Swift Build (SwiftPM 6.4's default), on
/// folders laid out as each one lays them out.
@Suite("Builds, as either build system makes them")
struct BuildSystemTests {
    /// A products folder holding `files` (a name ending in `/` is a folder).
    private func products(_ files: [String]) throws -> (BuildProducts, Tree) {
        let tree = try Tree(Dictionary(uniqueKeysWithValues: files.map { ("products/" + $0, "built") }))
        return (BuildProducts(folder: tree.root.appendingPathComponent("products")), tree)
    }

    @Test("Under the native build system every test target's program is the package's one")
    func nativeProductsAreOneProgram() throws {
        // Given
        let (sut, tree) = try products(["VIPKataPackageTests.xctest", "SceneHost", "Seeds.swiftmodule"])
        defer { tree.remove() }

        // When
        let step3 = sut.testProduct(of: "Step03InteractorTests")
        let runner = sut.testProduct(of: "KataCoreTests")

        // Then
        #expect(step3 == TestProduct(files: ["VIPKataPackageTests.xctest"], program: "VIPKataPackageTests.xctest"))
        #expect(runner == step3)
    }

    @Test("Under Swift Build each test target has its own runner, with the library it loads beside it")
    func swiftBuildProductsArePerTarget() throws {
        // Given
        let (sut, tree) = try products([
            "Step03InteractorTests-test-runner", "Step03InteractorTests.so", "Step04PresenterTests-test-runner",
            "Step04PresenterTests.so", "Step03Interactor.o",
        ])
        defer { tree.remove() }

        // When
        let step3 = sut.testProduct(of: "Step03InteractorTests")
        let step4 = sut.testProduct(of: "Step04PresenterTests")
        let step5 = sut.testProduct(of: "Step05ConfiguratorTests")

        // Then
        #expect(
            step3
                == TestProduct(
                    files: ["Step03InteractorTests-test-runner", "Step03InteractorTests.so"],
                    program: "Step03InteractorTests-test-runner"))
        #expect(step4?.program == "Step04PresenterTests-test-runner")
        // Not built: no program to run, rather than another step's.
        #expect(step5 == nil)
    }

    @Test("On macOS Swift Build's runner is kept with the test bundle it loads; a bundle alone is the program")
    func perTargetBundles() throws {
        // Given
        let (sut, tree) = try products([
            "Step03InteractorTests.xctest/Contents/MacOS/Step03InteractorTests", "Step03InteractorTests-test-runner",
            "Step04PresenterTests.xctest/Contents/MacOS/Step04PresenterTests",
        ])
        defer { tree.remove() }

        // When
        let step3 = sut.testProduct(of: "Step03InteractorTests")
        let step4 = sut.testProduct(of: "Step04PresenterTests")

        // Then
        #expect(
            step3
                == TestProduct(
                    files: ["Step03InteractorTests-test-runner", "Step03InteractorTests.xctest"],
                    program: "Step03InteractorTests-test-runner"))
        #expect(step4 == TestProduct(files: ["Step04PresenterTests.xctest"], program: "Step04PresenterTests.xctest"))
    }

    @Test("Every name a test program takes is left out of the build folder's watch, under either build system")
    func installedNames() throws {
        // Given
        let (sut, tree) = try products(["Step03InteractorTests-test-runner", "Step03InteractorTests.so"])
        defer { tree.remove() }

        // When
        let names = sut.installedNames(of: ["Step03InteractorTests"])

        // Then
        #expect(names.isSuperset(of: ["Step03InteractorTests-test-runner", "Step03InteractorTests.so"]))
        #expect(!names.contains("Step03Interactor.o"))
    }

    @Test("The native plan and Swift Build's tasks both give the compiler command of a module, the compiler first")
    func compilerCommands() throws {
        // Given
        let manifest = """
            commands:
              "C.Step03Interactor-debug.module":
                tool: shell
                description: "Compiling Swift Module 'Step03Interactor' (9 sources)"
                args: ["/usr/bin/swiftc","-module-name","Step03Interactor","-c","@/b/sources"]
            """
        let tasks = MessagePackWriter.encode(
            [
                ["builtin-copy", "a", "b"],
                ["builtin-SwiftDriver", "--", "/opt/swift/usr/bin/swiftc", "-module-name", "Seeds", "-c", "@/s"],
                [
                    "builtin-SwiftDriver", "--", "/opt/swift/usr/bin/swiftc", "-module-name", "Step03Interactor", "-c",
                    "-index-store-path", "/b/out", "@/b/Step03Interactor.SwiftFileList",
                ],
                ["/opt/swift/usr/bin/clang", "-module-name", "Step03Interactor", "-c"],
            ] as [Any])

        // When
        let native = BuildDescription.compilerArguments(of: "Step03Interactor", inManifest: manifest)
        let swiftBuild = BuildDescription.compilerArguments(of: "Step03Interactor", inTasks: tasks)
        let missing = BuildDescription.compilerArguments(of: "Step04Presenter", inTasks: tasks)

        // Then
        #expect(native == ["/usr/bin/swiftc", "-module-name", "Step03Interactor", "-c", "@/b/sources"])
        #expect(
            swiftBuild == [
                "/opt/swift/usr/bin/swiftc", "-module-name", "Step03Interactor", "-c", "-index-store-path", "/b/out",
                "@/b/Step03Interactor.SwiftFileList",
            ])
        #expect(missing == nil)
    }

    @Test("A task file cut short or holding values of every kind is read without a crash")
    func truncatedTasks() {
        // Given
        let whole = MessagePackWriter.encode(
            [
                ["key": 1, "list": [1, -2, 3.5, true, "x"] as [Any]] as [String: Any],
                ["swiftc", "-module-name", "M", "-c"],
            ] as [Any])

        // When
        var found: [[String]] = []
        for length in 0...whole.count {
            MessagePack.forEachStringList(in: Array(whole.prefix(length))) { found.append($0) }
        }

        // Then
        #expect(found.contains(["swiftc", "-module-name", "M", "-c"]))
    }

    @Test(
        "The event stream asked for is the newest kata reads that the toolchain knows",
        arguments: [
            ("6.2", "0"), ("6.3", "6.3"), ("6.4", "6.4"), ("6.5", "6.4"), ("7.0", "6.4"), ("5.10", "0"),
        ])
    func streamVersion(release: String, asked: String) {
        #expect(EventStreamVersion.asked(ofRelease: release) == asked)
    }

    @Test("A release not read asks for the first schema, which every toolchain knows")
    func unknownRelease() {
        #expect(EventStreamVersion.asked(ofRelease: nil) == "0")
        #expect(ToolchainFacts.release(fromVersionOutput: "Swift version 6.3.1 (swift-6.3.1-RELEASE)") == "6.3")
        #expect(
            ToolchainFacts.release(
                fromVersionOutput: "swift-driver version: 1.127 Apple Swift version 6.2 (swiftlang-6.2.0.19.9)")
                == "6.2")
        #expect(ToolchainFacts.release(fromVersionOutput: "command not found") == nil)
    }

    @Test("A test program that does not know the stream's version is named in one sentence")
    func refusedVersion() throws {
        // Given
        let output = "Event stream version 6.4 is experimental. Use --experimental-event-stream-version to enable it."

        // When
        let sentence = try #require(EventStreamVersion.refusal(in: output, asked: "6.4"))

        // Then
        #expect(sentence.contains("event stream version 6.4"))
        #expect(!sentence.contains("\n"))
        #expect(EventStreamVersion.refusal(in: "Test run with 7 tests passed", asked: "6.4") == nil)
    }

    @Test("--build-system is taken from any command's line into the setting; a build system kata cannot use is refused")
    func buildSystemOption() throws {
        // Given
        var environment: [String: String] = [:]

        // When
        let rest = try KataSettings.takingBuildSystem(
            from: ["check", "3", "--build-system", "swiftbuild", "--json"], into: &environment)
        var other: [String: String] = [:]
        let inline = try KataSettings.takingBuildSystem(from: ["grade", "--build-system=native"], into: &other)
        let afterDashes = try KataSettings.takingBuildSystem(
            from: ["diff", "--", "--build-system", "xcode"], into: &other)

        // Then
        #expect(rest == ["check", "3", "--json"])
        #expect(environment == ["KATA_BUILD_SYSTEM": "swiftbuild"])
        #expect(inline == ["grade"])
        #expect(other == ["KATA_BUILD_SYSTEM": "native"])
        #expect(afterDashes == ["diff", "--", "--build-system", "xcode"])
        #expect(throws: UsageError.self) {
            var ignored: [String: String] = [:]
            _ = try KataSettings.takingBuildSystem(from: ["check", "3", "--build-system", "xcode"], into: &ignored)
        }
        #expect(throws: UsageError.self) { try KataSettings.validate(["KATA_BUILD_SYSTEM": "ninja"]) }
        #expect(throws: Never.self) { try KataSettings.validate(["KATA_BUILD_SYSTEM": "swiftbuild"]) }
    }

    @Test("A toolchain that has no such build system is one sentence, and the step is not said not to build")
    func unknownBuildSystem() throws {
        // Given
        let output = """
            error: The value 'swiftbuild' is invalid for '--build-system <build-system>'. Please provide one of 'native'.
            Usage: swift build <options>
            """
        let build = CommandResult(ending: .exited(64), output: output, droppedBytes: 0)
        let step = try #require(RealKit.steps.first)

        // When
        let report = BuildFailure.report(for: step, source: .exercises, build: build, workspace: RealKit.workspace)

        // Then
        #expect(report.status == .couldNotRun)
        #expect(report.problem?.hasPrefix("This Swift has no build system 'swiftbuild'") == true)
    }
}

/// The MessagePack a build description holds, written for the tests: arrays, maps, strings, integers, doubles
/// and booleans.
enum MessagePackWriter {
    static func encode(_ value: Any) -> [UInt8] {
        switch value {
        case let string as String:
            let bytes = Array(string.utf8)
            return bytes.count < 32 ? [0xa0 | UInt8(bytes.count)] + bytes : [0xd9, UInt8(bytes.count)] + bytes
        case let flag as Bool:
            return [flag ? 0xc3 : 0xc2]
        case let number as Int:
            return number >= 0 && number < 128 ? [UInt8(number)] : [0xd3] + bigEndian(UInt64(bitPattern: Int64(number)))
        case let number as Double:
            return [0xcb] + bigEndian(number.bitPattern)
        case let list as [Any]:
            return [0xdc] + bigEndian(UInt16(list.count)) + list.flatMap(encode)
        case let map as [String: Any]:
            return [0xde] + bigEndian(UInt16(map.count))
                + map.keys.sorted().flatMap { encode($0) + encode(map[$0] as Any) }
        default:
            return [0xc0]
        }
    }

    private static func bigEndian<Number: FixedWidthInteger>(_ number: Number) -> [UInt8] {
        withUnsafeBytes(of: number.bigEndian, Array.init)
    }
}
