/// What a starter throws where the learner's code will go, so that an unfinished
/// step compiles, fails its checks with a readable reason, and never crashes.
public struct NotWrittenYet: Error, CustomStringConvertible, Sendable {
    /// The piece of code still to write, as the step's guide names it.
    public let what: String

    public init(_ what: String) {
        self.what = what
    }

    public var description: String {
        "\(what) is not written yet: this is your part of the step (see its README.md)."
    }
}
