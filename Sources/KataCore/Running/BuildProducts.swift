import Foundation

/// Where SwiftPM put what it built, as SwiftPM says: the folder of its products (`swift build --show-bin-path`,
/// asked with the arguments kata builds with), and in it the programs kata runs. The native build system links every
/// test target into one program for the package (`<Package>PackageTests.xctest`); Swift Build, SwiftPM 6.4's default,
/// makes one per test target (`<Target>-test-runner`, beside its `<Target>.so` on Linux and its `<Target>.xctest`
/// bundle on macOS). Which one a build made is read from what is in the folder, so kata never needs to know which build
/// system SwiftPM chose.
struct BuildProducts: Sendable, Equatable {
    /// SwiftPM's products folder for kata's build arguments.
    let folder: URL

    /// The files that make the test program of `target`, as names in `folder`: what kata keeps, puts back and runs.
    func testProduct(of target: String) -> TestProduct? {
        let runner = "\(target)-test-runner"
        if has(runner) {
            // The runner loads the target's tests from beside it: a library on Linux, the test bundle on macOS.
            let libraries = [
                "\(target).so", "lib\(target).so", "\(target).dylib", "lib\(target).dylib", "\(target).xctest",
            ].filter(has)
            return TestProduct(files: [runner] + libraries, program: runner)
        }
        if has("\(target).xctest") {
            return TestProduct(files: ["\(target).xctest"], program: "\(target).xctest")
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let packageTests = names.filter { $0.hasSuffix("PackageTests.xctest") && !$0.hasPrefix(".") }.sorted()
        guard packageTests.count == 1 else { return nil }
        return TestProduct(files: packageTests, program: packageTests[0])
    }

    /// A product (a program, a file of one), by its name.
    func url(of name: String) -> URL { folder.appendingPathComponent(name) }

    private func has(_ name: String) -> Bool { FileTree.kind(at: folder.appendingPathComponent(name)) != nil }

    /// The resource bundles the build made (`…resources` by the native build system, `…bundle` by Swift Build), which a
    /// test program finds beside itself.
    var resourceFolders: [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { ($0.hasSuffix(".resources") || $0.hasSuffix(".bundle")) && !$0.hasPrefix(".") }.sorted()
            .map(url(of:)).filter { FileTree.kind(at: $0) == .folder }
    }

    /// Every name that a test program of `targets` takes in the products folder: kata puts them back before each run
    /// of checks, so they change between runs without anything else changing.
    func installedNames(of targets: [String]) -> Set<String> {
        var names = Set(
            targets.flatMap { target in
                [
                    "\(target)-test-runner", "\(target).so", "lib\(target).so", "\(target).dylib", "lib\(target).dylib",
                    "\(target).xctest",
                ]
            })
        for product in targets.compactMap(testProduct(of:)) { names.formUnion(product.files) }
        return names
    }
}

/// One test program as SwiftPM built it: the files it is made of (names in the products folder), and the one to
/// start.
struct TestProduct: Sendable, Equatable, Hashable {
    let files: [String]
    let program: String
}
