/// What went wrong reading one of the app's data files. It always names the file,
/// so the message says where to look.
struct DataFileError: Error, CustomStringConvertible {
    enum Problem: Equatable {
        /// The bundle has no file of that name.
        case missing
        /// The file is there but could not be read.
        case unreadable
        /// The file is not JSON at all.
        case malformed
        /// The file is JSON, but not shaped like the type asked for.
        case wrongShape
    }

    let file: String
    let problem: Problem
    /// What the system said, when it said something useful.
    var detail: String?

    var description: String {
        let what =
            switch problem {
            case .missing: "\(file) is not in the bundle: check its name, and that Package.swift lists it as a resource"
            case .unreadable: "\(file) is in the bundle but could not be read"
            case .malformed: "\(file) is not valid JSON"
            case .wrongShape: "\(file) is JSON, but not shaped like the type it was decoded as"
            }
        return detail.map { "\(what) (\($0))" } ?? what
    }
}
