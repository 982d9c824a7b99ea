import Foundation

extension Bundle {
    /// Reads `file` from this bundle and decodes its JSON as `T`.
    ///
    /// - Throws: a `DataFileError` that names the file: missing, unreadable,
    ///   not JSON (malformed), or JSON of another shape.
    func decode<T: Decodable>(_ type: T.Type, from file: String) throws -> T {
        guard let url = url(forResource: file, withExtension: nil) else {
            throw DataFileError(file: file, problem: .missing)
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw DataFileError(file: file, problem: .unreadable, detail: error.localizedDescription)
        }
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
            // Corrupted at the top level means the bytes are not JSON at all.
            throw DataFileError(file: file, problem: .malformed, detail: context.debugDescription)
        } catch {
            throw DataFileError(file: file, problem: .wrongShape, detail: String(describing: error))
        }
    }
}
