import Foundation

@testable import KataCore

/// The kit these tests were built from, and its course: asking for its steps makes that
/// course the one in use, whatever folder the tests run from.
enum Kit {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let workspace = Workspace(root: root)

    static let course: Course = {
        let loaded = Result { () throws(CommandFailure) in try Course.load(from: workspace) }
        guard case .success(let course) = loaded else {
            fatalError("The kit's course cannot be read from \(root.path).")
        }
        Course.use(course)
        return course
    }()

    static var steps: [Step] { course.steps }
}
