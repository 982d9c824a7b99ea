import Foundation
import Testing

@testable import KataCore

/// kata against a SwiftPM that lays its products out as Swift Build does, or that fails for reasons that are not
/// the learner's (FakeToolchain): each in a workspace of its own, in a second or so.
@Suite("kata under either build system")
struct BuildSystemFakeTests {
    @Test("Under Swift Build's layout kata runs the step's own test runner, found where SwiftPM says, and keeps it")
    func swiftBuildLayout() throws {
        // Given
        let fake = FakeToolchain()
        let environment = ["FAKE_LAYOUT": "swiftbuild"]

        // When
        let first = fake.kata(["check", "2"], environment: environment)
        let second = fake.kata(["check", "2"], environment: environment)

        // Then
        #expect(fake.log.contains("program Step02ModelTests-test-runner"))
        #expect(!fake.log.contains { $0.hasPrefix("program VIPKata") })
        // The second check reused what the first kept: one build, two runs.
        #expect(fake.log.filter { $0 == "build" }.count == 1)
        #expect(fake.log.filter { $0 == "test" }.count == 2)
        #expect(!first.output.contains("could not"))
        #expect(!second.output.contains("could not"))
        let kept = fake.root.appendingPathComponent(".build-exercises/kata-grading")
        let products = try FileManager.default.contentsOfDirectory(atPath: kept.path).filter {
            $0.hasSuffix(".product")
        }
        let files = try FileManager.default.contentsOfDirectory(
            atPath: kept.appendingPathComponent(try #require(products.first)).path)
        #expect(files.sorted() == ["Step02ModelTests-test-runner", "Step02ModelTests.so"])
    }

    @Test("The build system chosen (setting or option) is passed to every SwiftPM command kata runs")
    func chosenBuildSystemIsPassed() throws {
        // Given
        let fake = FakeToolchain()
        let arguments = fake.scratch.appendingPathComponent("arguments")
        let recording = fake.swift.deletingLastPathComponent().appendingPathComponent("recording-swift")
        try """
        #!/bin/bash
        echo "$*" >> "\(arguments.path)"
        exec "\(fake.swift.path)" "$@"
        """.write(to: recording, atomically: true, encoding: .utf8)
        chmod(recording.path, 0o755)

        // When
        _ = fake.kata(["check", "2", "--build-system", "native"], environment: ["KATA_SWIFT": recording.path])
        let asOption = try String(contentsOf: arguments, encoding: .utf8)
        try FileManager.default.removeItem(at: arguments)
        _ = fake.kata(
            ["check", "2", "--solutions"],
            environment: ["KATA_SWIFT": recording.path, "KATA_BUILD_SYSTEM": "swiftbuild"])
        let asSetting = try String(contentsOf: arguments, encoding: .utf8)

        // Then
        let builds = asOption.split(separator: "\n").filter { $0.hasPrefix("build") }
        #expect(builds.count == 2)  // the build, and the question of where it put its products
        #expect(builds.allSatisfy { $0.contains("--build-system native") })
        #expect(
            asSetting.split(separator: "\n").filter { $0.hasPrefix("build") }.allSatisfy {
                $0.contains("--build-system swiftbuild")
            })
    }

    @Test("A build system the toolchain does not have is one sentence, and the step is not kept as not building")
    func refusedBuildSystem() throws {
        // Given
        let fake = FakeToolchain()

        // When
        let result = fake.kata(["check", "2"], environment: ["FAKE_BUILD": "no-build-system"])
        let status = fake.kata(["status"], environment: [:])

        // Then
        #expect(result.ending == .exited(1))
        #expect(result.output.contains("This Swift has no build system 'swiftbuild'"))
        #expect(!result.output.contains("does not build"))
        #expect(!status.output.contains("does not build"))
        // Nothing is kept for the step (status calls a starter not started whatever was kept: the file says more).
        #expect(
            FileTree.kind(at: fake.root.appendingPathComponent(".kata/results/step-02.json")) == nil,
            "no result kept for step 2")
    }

    @Test("Another SwiftPM's lock on the build folder is not the learner's fault, and is not kept as their result")
    func anotherBuildHoldsTheFolder() throws {
        // Given
        let fake = FakeToolchain()

        // When
        let result = fake.kata(["check", "2"], environment: ["FAKE_BUILD": "database-locked"])
        let status = fake.kata(["status"], environment: [:])

        // Then
        #expect(!result.output.contains("does not build"))
        #expect(result.output.contains("another build was using the build folder at the same time"))
        #expect(!status.output.contains("does not build"))
        #expect(
            FileTree.kind(at: fake.root.appendingPathComponent(".kata/results/step-02.json")) == nil,
            "no result kept for step 2")
    }

    @Test("A test program that ends with no event and EX_UNAVAILABLE matched no test: nothing crashed")
    func filterMatchingNothing() {
        // Given
        let fake = FakeToolchain()

        // When
        let result = fake.kata(["check", "2"], environment: ["FAKE_TEST": "no-match"])

        // Then
        #expect(result.output.contains("No checks of this step ran."))
        #expect(!result.output.contains("crashed"))
        #expect(!result.output.contains("stopped"))
    }
}
