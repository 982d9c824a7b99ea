import Foundation

@testable import KataCore

/// The kit these tests were built from, and its course, whatever folder the tests run from.
enum RealKit {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let workspace = Workspace(root: root)

    static let course: Course = {
        let loaded = Result { () throws(CommandFailure) in try Course.load(from: workspace) }
        guard case .success(let course) = loaded else {
            fatalError("The kit's course cannot be read from \(root.path).")
        }
        return course
    }()

    /// The kit as a command sees it.
    static let kit = Kit(workspace: workspace, course: course)

    /// A copy of the kit (or a learner's tree) with the course it holds, read as a command reads it.
    static func opened(_ copy: Workspace) -> Kit {
        (try? Kit.open(copy)) ?? Kit(workspace: copy, course: course)
    }

    static var steps: [Step] { course.steps }

    /// How many checks of `step` its untouched starter passes on purpose (`Starter: passes`:
    /// a migration's behaviour, kept): what an untouched starter scores.
    static func keptChecks(of step: Step) -> Int {
        DeclaredCheck.all(of: step, in: workspace).filter(\.annotations.starterPasses).count
    }

    /// What every untouched starter together scores.
    static var keptChecks: Int { steps.map(keptChecks(of:)).reduce(0, +) }

    /// The steps of the track whose given code includes `module`, by number.
    static func steps(standingOn module: String) -> [Int] {
        steps.filter { $0.givenModules.contains(module) }.map(\.number)
    }
}
