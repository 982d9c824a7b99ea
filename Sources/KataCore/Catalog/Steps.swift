/// One lesson: where its code lives, its name, what it teaches. `Course` reads them from the kit; the runner has none.
struct Step: Sendable, Hashable, Identifiable {
    /// What the learner writes in the lesson, and so how it is graded.
    enum Kind: String, Sendable, Hashable, Codable {
        /// Code that the kit's checks grade.
        case checks
        /// Test suites of their own, graded by the mistakes of a given scene they catch.
        case suites
    }

    let number: Int
    let name: String
    /// The app the lesson builds, as learners know it.
    let app: String
    /// The scene the lesson works on.
    let scene: String
    /// What the learner writes, in a few words.
    let lesson: String
    /// The course's track the lesson belongs to.
    var track: String = ""
    /// The given modules its code stands on.
    var givenModules: [String] = []
    var kind: Kind = .checks
    /// Variables `kata run` sets for its app.
    var runEnvironment: [String: String] = [:]
    /// A lesson of suites: the files of the given scene its mistakes are in, which mistakes made
    /// by rule change too (`step.json`'s `tested`).
    var testedFiles: [String] = []
    /// What `kata run` adds when a line of a piped script was not taken.
    var runNote = ""
    /// A lesson of suites: the files of `Seeds/` whose declarations its suites may use (`step.json`'s `seeds`);
    /// nothing else of the seeds is theirs.
    var seedFiles: [String] = []

    var id: Int { number }

    /// What a passing check counts as, in words: `checks pass`, or `mistakes caught` in a lesson of suites.
    var passingWords: String { kind == .suites ? "mistakes caught" : "checks pass" }

    /// "02": the number as folders and modules spell it.
    var paddedNumber: String { number < 10 ? "0\(number)" : "\(number)" }
    /// "02-Menu": the folder in Exercises/ and Solutions/.
    var folder: String { "\(paddedNumber)-\(name)" }
    /// "Step02Menu": the learner's module.
    var module: String { "Step\(paddedNumber)\(name)" }
    /// "Step02MenuTests": the checks' test target.
    var testTarget: String { module + "Tests" }
}

/// A step in a document is its number; reading one back needs its course, which the decoder
/// carries in its `userInfo` (a number the course does not have is an error).
extension Step: Codable {
    static let courseKey = CodingUserInfoKey(rawValue: "course")!

    init(from decoder: Decoder) throws {
        let number = try decoder.singleValueContainer().decode(Int.self)
        guard let step = (decoder.userInfo[Self.courseKey] as? Course)?.step(number) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "no step \(number)"))
        }
        self = step
    }

    func encode(to encoder: Encoder) throws {
        var value = encoder.singleValueContainer()
        try value.encode(number)
    }
}

/// A step in a sentence is its number, as in a document: "Step 5 does not build".
extension Step: CustomStringConvertible {
    var description: String { "\(number)" }
}
