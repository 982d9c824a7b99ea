import Foundation

/// The misconceptions the kit can name, and the failures of the catalogued mistakes that show
/// them (`Tests/Diagnosis/misconceptions.json`). Authors group the mistakes
/// (`Misconception:` in each of Tests/Mistakes) and word each misconception
/// (Tests/Mistakes/misconceptions.txt); `kata mistakes --diagnosis` grades the mistakes and
/// records what failed. It ships with the learner's copy, which has no mistakes of its own.
struct MisconceptionCatalogue: Codable, Sendable, Equatable {
    /// A wrong idea a learner can have, named by what they did.
    struct Misconception: Codable, Sendable, Equatable {
        let id: String
        let step: Int
        let sentence: String
        /// The file of its step's folder that most of its catalogued mistakes change, when most change one: where a
        /// learner with that idea went wrong (see `DiagnosisRecording.placed`).
        var file: String? = nil
        /// By the check its mistakes fail first, and by that check at its expectation, the file that more than half of
        /// those mistakes change: a misconception shown in two parts (the view asks twice, the interactor presents
        /// twice) sends the learner to the part the failing check is about.
        var places: [String: String]? = nil
    }

    /// One catalogued mistake: what it shows, and how the checks failed on it.
    struct Example: Codable, Sendable, Equatable {
        let mistake: String
        let misconception: String
        let signature: FailureSignature

        /// Its step, from its name (`03-…`).
        var step: Int { Int(mistake.prefix(2)) ?? 0 }
    }

    var misconceptions: [Misconception]
    var examples: [Example]
    /// Mistakes measured apart and never used to name another (`Held-out: yes`); their
    /// misconception is `none` when no catalogued one fits, and then silence is the right answer.
    var heldOut: [Example] = []

    /// What a mistake shows when no misconception of the catalogue fits it.
    static let noMisconception = "none"

    static let path = "Tests/Diagnosis/misconceptions.json"
    /// Where authors word the misconceptions: `03-id: sentence`, one a line.
    static let sentencesPath = "Tests/Mistakes/misconceptions.txt"

    /// This catalogue, with the examples of every step but `step` taken from `earlier` (a step recorded again).
    func keeping(_ earlier: MisconceptionCatalogue, except step: Int, misconceptions all: [Misconception])
        -> MisconceptionCatalogue
    {
        let examples = (earlier.examples.filter { $0.step != step } + self.examples).sorted { $0.mistake < $1.mistake }
        let heldOut = (earlier.heldOut.filter { $0.step != step } + self.heldOut).sorted { $0.mistake < $1.mistake }
        let shown = Set(examples.map(\.misconception))
        return MisconceptionCatalogue(
            misconceptions: all.filter { shown.contains($0.id) }, examples: examples, heldOut: heldOut)
    }

    func misconception(_ id: String) -> Misconception? {
        misconceptions.first { $0.id == id }
    }

    /// The recorded catalogue, or nil when the kit has none (or it cannot be read: the
    /// diagnosis then stays silent, as it does when unsure).
    static func load(from workspace: Workspace) -> MisconceptionCatalogue? {
        let bytes = workspace.bytes(of: path)
        guard !bytes.isEmpty else { return nil }
        return try? JSONDecoder().decode(MisconceptionCatalogue.self, from: Data(bytes))
    }

    /// Written one example a line, so that a change of the checks reads as a diff of the mistakes it moved.
    func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        func line<T: Encodable>(_ value: T) -> String {
            (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
        }
        let text =
            "{\n\"examples\": [\n" + examples.map(line).joined(separator: ",\n") + "\n],\n\"heldOut\": [\n"
            + heldOut.map(line).joined(separator: ",\n") + "\n],\n\"misconceptions\": [\n"
            + misconceptions.map(line).joined(separator: ",\n") + "\n]\n}\n"
        return Data(text.utf8)
    }

    /// Reads the authors' sentences: `03-id: sentence` lines; blank lines and `#` comments aside.
    static func sentences(from text: String) -> Result<[Misconception], MisconceptionProblem> {
        var found: [Misconception] = []
        for (number, line) in text.components(separatedBy: "\n").enumerated() {
            let line = line.trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            guard let colon = line.firstIndex(of: ":"), let step = Int(line.prefix(2)) else {
                return .failure(
                    MisconceptionProblem("\(sentencesPath):\(number + 1) is not '0N-id: sentence'"))
            }
            let id = String(line[..<colon])
            let sentence = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            guard !sentence.isEmpty, !found.contains(where: { $0.id == id }) else {
                return .failure(
                    MisconceptionProblem("\(sentencesPath):\(number + 1): \(id) has no sentence or is there twice"))
            }
            found.append(Misconception(id: id, step: step, sentence: sentence))
        }
        return .success(found)
    }
}

/// What is wrong with the authors' misconceptions, in a sentence.
struct MisconceptionProblem: Error, Equatable {
    let sentence: String

    init(_ sentence: String) {
        self.sentence = sentence
    }
}
