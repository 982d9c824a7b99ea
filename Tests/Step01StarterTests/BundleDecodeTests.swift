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

    @Test("Each menu file decodes to the menu it holds", arguments: Seeds.menus)
    func everyMenuDecodes(seed: MenuSeed) throws {
        // Given
        let bundle = seed.bundle

        // When
        let menu = try bundle.decode(IceCream.self, from: seed.file)

        // Then
        // decode(_:from:) reads the file it is given; nothing about the menu is built in.
        #expect(menu == seed.iceCream)
    }

    @Test("A file the bundle does not have throws a .missing error that names it")
    func missingFileThrows() throws {
        // Given
        let file = Seeds.BrokenFiles.missing

        // When
        let error = try #require(throws: DataFileError.self) {
            try Seeds.bundle.decode(IceCream.self, from: file)
        }

        // Then
        // When url(forResource:withExtension:) finds nothing, throw DataFileError(file: file, problem: .missing).
        #expect(error.problem == .missing)
        #expect(error.file == file)
        #expect(error.description.contains(file))
    }

    @Test("A file that is not valid JSON throws a .malformed error that names it")
    func malformedFileThrows() throws {
        // Given
        let file = Seeds.BrokenFiles.malformed

        // When
        let error = try #require(throws: DataFileError.self) {
            try Seeds.bundle.decode(IceCream.self, from: file)
        }

        // Then
        // JSONDecoder reports bytes that are not JSON as DecodingError.dataCorrupted with an empty coding path.
        #expect(error.problem == .malformed)
        #expect(error.file == file)
        #expect(error.description.contains(file))
    }

    @Test("A JSON file of the wrong shape throws a .wrongShape error that names it")
    func wrongShapeFileThrows() throws {
        // Given
        let file = Seeds.BrokenFiles.wrongShape

        // When
        let error = try #require(throws: DataFileError.self) {
            try Seeds.bundle.decode(IceCream.self, from: file)
        }

        // Then
        // Valid JSON with a missing key or a value of another type is a .wrongShape problem, not .malformed.
        #expect(error.problem == .wrongShape)
        #expect(error.file == file)
        #expect(error.description.contains(file))
    }
}
