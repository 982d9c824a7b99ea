import Foundation
import ScoopsAndScones
import Seeds
import Testing

@testable import Step01Starter

@Suite("Loading the app's data with Bundle.decode(_:from:)")
struct BundleDecodeTests {
    /// Look in: Extensions/Bundle+Decode.swift at `func decode`
    /// Hint: decode(_:from:) has three jobs: find the file in the bundle, read its bytes, decode them as T.
    /// Hint: url(forResource: file, withExtension: nil) finds the file, Data(contentsOf:) reads it,
    ///   JSONDecoder().decode(T.self, from:) decodes it.
    /// Hint: guard let url = url(forResource: file, withExtension: nil) else { throw DataFileError(file: file, problem:
    ///   .missing) }, then `let data = try Data(contentsOf: url)` and `return try JSONDecoder().decode(T.self, from:
    ///   data)`.
    @Test("The app's icecream.json decodes to the Scoops&Scones menu")
    func appMenuDecodes() throws {
        // Given
        let bundle = Bundle.scoopsAndScones

        // When
        let menu = try bundle.decode(IceCream.self, from: "icecream.json")

        // Then
        // The cones, flavors and toppings are exactly those in icecream.json, in order.
        #expect(menu == Seeds.iceCream)
    }

    /// Look in: Extensions/Bundle+Decode.swift at `func decode`
    /// Hint: This check reads several menu files, one of them also called icecream.json but in the Seeds bundle: decode
    ///   must use the bundle it is called on (self) and the file it is given.
    /// Hint: Nothing about the Scoops&Scones menu may be written into decode: no file name, no values, no other bundle.
    ///   And hand back what the file holds: nothing sorted, merged or trimmed.
    /// Hint: Call `url(forResource: file, withExtension: nil)` on self (not Bundle.main, not .scoopsAndScones) and
    ///   `return try JSONDecoder().decode(T.self, from: data)` as it is.
    @Test("Each menu file decodes to the menu it holds, from the bundle asked", arguments: Seeds.menus)
    func everyMenuDecodes(seed: MenuSeed) throws {
        // Given
        let bundle = seed.bundle

        // When
        let menu = try bundle.decode(IceCream.self, from: seed.file)

        // Then
        // decode(_:from:) reads `file` from `self`, the bundle it is called on, and changes nothing it read.
        #expect(menu == seed.iceCream)
    }

    /// Look in: Extensions/Bundle+Decode.swift at `func decode`
    /// Hint: When the bundle has no such file, decode should throw, not crash: a DataFileError with the .missing
    ///   problem, even when another bundle has a file of that name.
    /// Hint: url(forResource:withExtension:) on self returns nil for a file that is not there. That is the moment to
    ///   throw; look in no other bundle.
    /// Hint: guard let url = url(forResource: file, withExtension: nil) else { throw DataFileError(file: file, problem:
    ///   .missing) }
    @Test("A file the bundle does not have throws a .missing error that names it", arguments: Seeds.BrokenFiles.missing)
    func missingFileThrows(seed: BrokenFileSeed) throws {
        // Given
        let bundle = seed.bundle

        // When
        // decode(_:from:) throws a DataFileError: it looks for the file in `self` only, and finds nothing.
        let error = try #require(throws: DataFileError.self) {
            try bundle.decode(IceCream.self, from: seed.file)
        }

        // Then
        // When url(forResource:withExtension:) finds nothing, throw DataFileError(file: file, problem: .missing).
        #expect(error.problem == .missing)
        // The error's file is the name decode was given.
        #expect(error.file == seed.file)
        // The error's description names the file, so its reader knows where to look.
        #expect(error.description.contains(seed.file))
    }

    /// Look in: Extensions/Bundle+Decode.swift at `func decode`
    /// Hint: A file can be in the bundle and still impossible to read (here it is a folder named like a file). Reading
    ///   its bytes throws: turn that into a DataFileError with .unreadable.
    /// Hint: Read the bytes with `try Data(contentsOf: url)` inside do/catch; in the catch, throw .unreadable and pass
    ///   the system's message as detail.
    /// Hint: do { data = try Data(contentsOf: url) } catch { throw DataFileError(file: file, problem: .unreadable,
    ///   detail: error.localizedDescription) }
    @Test(
        "A file found but impossible to read throws an .unreadable error with the system's reason",
        arguments: Seeds.BrokenFiles.unreadable)
    func unreadableFileThrows(seed: BrokenFileSeed) throws {
        // Given
        let bundle = seed.bundle

        // When
        // decode(_:from:) throws a DataFileError when Data(contentsOf:) fails, here on a folder named like a file.
        let error = try #require(throws: DataFileError.self) {
            try bundle.decode(IceCream.self, from: seed.file)
        }

        // Then
        // When Data(contentsOf:) throws, throw DataFileError(file: file, problem: .unreadable, ...).
        #expect(error.problem == .unreadable)
        // The error's file is the name decode was given.
        #expect(error.file == seed.file)
        // Pass the system's message along: detail: error.localizedDescription.
        #expect(!(error.detail ?? "").isEmpty)
        // The error's description names the file, so its reader knows where to look.
        #expect(error.description.contains(seed.file))
    }

    /// Look in: Extensions/Bundle+Decode.swift at `func decode`
    /// Hint: A file that is not JSON at all (cut off, a comma missing, not UTF-8, empty) makes JSONDecoder throw. Catch
    ///   that and throw a DataFileError with the .malformed problem.
    /// Hint: JSONDecoder reports bytes that are not JSON as DecodingError.dataCorrupted, with an empty codingPath in
    ///   its context.
    /// Hint: do { return try JSONDecoder().decode(T.self, from: data) } catch DecodingError.dataCorrupted(let context)
    ///   where context.codingPath.isEmpty { throw DataFileError(file: file, problem: .malformed, detail:
    ///   context.debugDescription) }
    @Test("A file that is not valid JSON throws a .malformed error that names it", arguments: Seeds.BrokenFiles.notJSON)
    func malformedFileThrows(seed: BrokenFileSeed) throws {
        // Given
        let bundle = seed.bundle

        // When
        // decode(_:from:) throws a DataFileError for bytes that are not JSON.
        let error = try #require(throws: DataFileError.self) {
            try bundle.decode(IceCream.self, from: seed.file)
        }

        // Then
        // JSONDecoder reports bytes that are not JSON as DecodingError.dataCorrupted with an empty coding path: .malformed.
        #expect(error.problem == .malformed)
        // The error's file is the name decode was given.
        #expect(error.file == seed.file)
        // The error's description names the file, so its reader knows where to look.
        #expect(error.description.contains(seed.file))
    }

    /// Look in: Extensions/Bundle+Decode.swift at `func decode`
    /// Hint: Valid JSON can still be the wrong shape: a key missing, a null, a list where a menu should be. That is a
    ///   .wrongShape problem, not .malformed.
    /// Hint: After catching the top-level dataCorrupted case for .malformed, every other decoding error (typeMismatch,
    ///   keyNotFound, valueNotFound, ...) means the shape is wrong.
    /// Hint: Add a second catch after the .malformed one: `catch { throw DataFileError(file: file, problem:
    ///   .wrongShape, detail: String(describing: error)) }`.
    @Test(
        "A JSON file of the wrong shape throws a .wrongShape error that names it",
        arguments: Seeds.BrokenFiles.wrongShape)
    func wrongShapeFileThrows(seed: BrokenFileSeed) throws {
        // Given
        let bundle = seed.bundle

        // When
        // decode(_:from:) throws a DataFileError for JSON that is not shaped like the type asked for.
        let error = try #require(throws: DataFileError.self) {
            try bundle.decode(IceCream.self, from: seed.file)
        }

        // Then
        // Valid JSON with a key missing, a null or a value of another type is .wrongShape, whatever the decoding error.
        #expect(error.problem == .wrongShape)
        // The error's file is the name decode was given.
        #expect(error.file == seed.file)
        // The error's description names the file, so its reader knows where to look.
        #expect(error.description.contains(seed.file))
    }

    /// Look in: Extensions/Bundle+Decode.swift at `func decode`
    /// Hint: JSONDecoder says dataCorrupted both for bytes that are not JSON and for one bad value inside good JSON.
    ///   Only the first is .malformed.
    /// Hint: The context's codingPath tells them apart: empty means the document itself is not JSON; a path means a
    ///   value deep inside was bad, a shape problem.
    /// Hint: catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty { .malformed }, and every
    ///   other error, dataCorrupted with a path included, is .wrongShape.
    @Test("A value no case matches, deep inside valid JSON, throws .wrongShape, not .malformed")
    func corruptValueInsideIsWrongShape() throws {
        // Given
        let seed = Seeds.BrokenFiles.unknownScoopSize

        // When
        // decode(_:from:) throws a DataFileError: "quadruple" is not a ScoopSize.
        let error = try #require(throws: DataFileError.self) {
            try seed.bundle.decode(ScoopSizes.self, from: seed.file)
        }

        // Then
        // dataCorrupted with a non-empty coding path is a bad value inside valid JSON: .malformed only when the path is empty.
        #expect(error.problem == .wrongShape)
        // The error's file is the name decode was given.
        #expect(error.file == seed.file)
    }
}
