/// What a grade leaves out when it watches the build folder around a run of learner code (an object file or module
/// rewritten by a run would be linked, unseen, into the next build: the next learner's, in a class's grading folder):
/// what kata keeps and proves by other means (its kept products, under their ledger), its temporary folder, and the
/// files of the test programs, which kata puts back before each run.
struct BuildFolderWatch: Sendable {
    static let leftOut = ["kata-grading", "kata-tmp"]
    /// The names of the test programs' files in SwiftPM's products folder.
    let installed: Set<String>

    func isLeftOut(_ path: String) -> Bool {
        let parts = path.split(separator: "/")
        return parts.first.map { Self.leftOut.contains(String($0)) } == true
            || parts.contains { installed.contains(String($0)) }
    }
}
