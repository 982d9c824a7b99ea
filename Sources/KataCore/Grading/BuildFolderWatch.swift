/// What a grade leaves out when it watches the build folder around a run of learner code (an object file or module
/// rewritten by a run would be linked, unseen, into the next build: the next learner's, in a class's grading folder):
/// what kata keeps and proves by other means (its kept products, under their ledger), its temporary folder, and the
/// test program installed before each run.
enum BuildFolderWatch {
    static let leftOut = ["kata-grading", "kata-tmp"]
    static let installedProduct = "VIPKataPackageTests.xctest"

    static func isLeftOut(_ path: String) -> Bool {
        let parts = path.split(separator: "/")
        return parts.first.map { leftOut.contains(String($0)) } == true || parts.contains { $0 == installedProduct }
    }
}
