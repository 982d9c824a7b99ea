import Foundation
import ScoopsAndScones
import Seeds
import Testing

@testable import Step01Starter

@Suite("Loading the app's data with Bundle.decode(_:from:)")
struct BundleDecodeTests {
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
