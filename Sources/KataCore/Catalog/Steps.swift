/// One lesson of the kata: where its code lives, what it is called, what it teaches. The
/// course (`Course`) reads them from the kit's data; the runner knows none by itself.
public struct Step: Sendable, Hashable, Identifiable {
    /// What the learner writes in the lesson, and so how it is graded.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// Code that the kit's checks grade.
        case checks
        /// Test suites of their own, graded by the mistakes of a given scene they catch.
        case suites
    }

    public let number: Int
    public let name: String
    /// The app the lesson builds, as learners know it.
    public let app: String
    /// The scene the lesson works on.
    public let scene: String
    /// What the learner writes, in a few words.
    public let lesson: String
    /// The course's track the lesson belongs to.
    public var track: String = ""
    /// The given modules its code stands on.
    public var givenModules: [String] = []
    public var kind: Kind = .checks
    /// Variables `kata run` sets for its app.
    public var runEnvironment: [String: String] = [:]

    public var id: Int { number }

    /// "02": the number as folders and modules spell it.
    public var paddedNumber: String { number < 10 ? "0\(number)" : "\(number)" }
    /// "02-Menu": the folder in Exercises/ and Solutions/.
    public var folder: String { "\(paddedNumber)-\(name)" }
    /// "Step02Menu": the learner's module.
    public var module: String { "Step\(paddedNumber)\(name)" }
    /// "Step02MenuTests": the checks' test target.
    public var testTarget: String { module + "Tests" }
}

/// The lessons of the course in use, in order (see `Course`).
public enum StepCatalog {
    public static var all: [Step] { Course.current.steps }

    public static func step(_ number: Int) -> Step? {
        all.first { $0.number == number }
    }
}
