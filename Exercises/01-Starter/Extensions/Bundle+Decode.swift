import Foundation
import Scaffolding

extension Bundle {
    /// Reads `file` from this bundle and decodes its JSON as `T`.
    ///
    /// - Throws: a `DataFileError` that names the file: missing, unreadable,
    ///   not JSON (malformed), or JSON of another shape.
    func decode<T: Decodable>(_ type: T.Type, from file: String) throws -> T {
        // TODO: find the file, read its data and decode it; throw a DataFileError for each way that fails.
        throw NotWrittenYet("Bundle.decode(_:from:)")
    }
}
