extension Sequence {
    /// What the first case gets wrong, in a sentence `verdict` writes (nil for a case that is
    /// right); nil when every case is right. A check over hundreds of generated cases reports the
    /// first one missed, named so that the learner can try it, rather than hundreds of failures.
    public func firstMiss(_ verdict: (Element) throws -> String?) rethrows -> String? {
        for element in self {
            if let miss = try verdict(element) { return miss }
        }
        return nil
    }
}
