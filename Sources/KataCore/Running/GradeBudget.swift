/// The time a whole grade may take, so that it always ends, and writes its grade, inside a platform's limit
/// (Gradescope's 10 minutes, a Classroom 50 job's 15): what has not run when it is spent counts as not run.
struct GradeBudget: Sendable {
    let total: Duration
    let started: ContinuousClock.Instant

    init(_ total: Duration, started: ContinuousClock.Instant = .now) {
        self.total = total
        self.started = started
    }

    var remaining: Duration { total - (ContinuousClock.now - started) }

    /// What a check that did not run because of it says.
    var spent: String {
        "The grade's time budget of \(total.components.seconds) s was spent before this check could run "
            + "(other checks hung, or the machine was slow): it did not run, and counts as not passed."
    }
}
