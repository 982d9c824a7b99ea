/// A workspace and the course it teaches: what a command works on. It is read once, where the command starts, and
/// handed down; a pristine or verification copy has its own, so two kits in one process never see each other's course.
struct Kit: Sendable {
    let workspace: Workspace
    let course: Course

    /// The kit of `workspace`, its course read from its files.
    static func open(_ workspace: Workspace) throws(CommandFailure) -> Kit {
        Kit(workspace: workspace, course: try Course.load(from: workspace))
    }

    var steps: [Step] { course.steps }

    func step(_ number: Int) -> Step? { course.step(number) }
}
