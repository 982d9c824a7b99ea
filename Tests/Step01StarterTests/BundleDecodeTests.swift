import Foundation
import ScoopsAndScones
import Seeds
import Testing

@testable import Step01Starter

@Suite("Loading the app's data with Bundle.decode(_:from:)")
struct BundleDecodeTests {
    /// Look in: Extensions/Bundle+Decode.swift at `func decode`
    /// Hint: decode(_:from:) has three jobs: find the file in the bundle, read its bytes, decode them as T. Nothing
    ///   else changes in this step: the screen does not load the menu itself.
    /// Hint: url(forResource: file, withExtension: nil) finds the file, Data(contentsOf:) reads it,
    ///   JSONDecoder().decode(T.self, from:) decodes it.
    /// Hint: guard let url = url(forResource: file, withExtension: nil) else { throw DataFileError(file: file, problem:
    ///   .missing) }, then `let data = try Data(contentsOf: url)` and `return try JSONDecoder().decode(T.self, from:
    ///   data)`.
    @Test("The app's icecream.json decodes to the Scoops&Scones menu, which nothing on screen asks for yet")
    func appMenuDecodes() throws {
        // Given
        let bundle = Bundle.scoopsAndScones
        let screen = ContentView().body

        // When
        let menu = try bundle.decode(IceCream.self, from: "icecream.json")
        screen.onAppear()

        // Then
        // The cones, flavors and toppings are exactly those in icecream.json, in order.
        #expect(sameMenu(menu, Seeds.iceCream))
        // decode is this step's only work: the screen still loads nothing when it appears (step 3 connects it).
        #expect(
            screen.iceCream.displayedCones + screen.iceCream.displayedFlavors + screen.iceCream.displayedToppings == [])
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
    /// Hint: This check writes three hundred menus of its own, under names of every kind (another extension, capitals,
    ///   dots and spaces inside, no extension at all), laid out every way JSON allows. decode must find each by its
    ///   full name, as given, and hand back exactly the lists in it.
    /// Hint: Pass the name to url(forResource:withExtension:) whole, with nil for the extension: no ".json" added or
    ///   split off, no lowercasing. Then decode whatever JSON is there, keys in any order, extra keys ignored, escapes
    ///   read, and change nothing: no sorting, trimming or removing repeats or blank names.
    /// Hint: guard let url = url(forResource: file, withExtension: nil) else { throw … }, then `return try
    ///   JSONDecoder().decode(T.self, from: data)`, nothing in between.
    @Test("Every generated menu file decodes to exactly the lists it holds, whatever its name or layout")
    func generatedMenusDecode() {
        // Given
        let scratch = ScratchBundle("generated-menus")
        let files = GeneratedDataFiles.menus(into: scratch)
        let bundle = scratch.bundle

        // When
        let miss = files.firstMiss { verdict(on: $0, in: bundle) }

        // Then
        // decode(_:from:) finds each file by the full name it is given and returns the lists in it, each as written.
        #expect(miss == nil)
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
    /// Hint: A bundle either has a file of exactly the name asked or it does not. This check asks for names close to
    ///   ones the bundle has (no extension, .json added, a space at either end, a letter missing) and for a name once
    ///   missing, then present in the next bundle asked: each must be judged on its own, afresh.
    /// Hint: Look up the name as it is given, in self, every time: no guessing an extension, no trimming, no
    ///   remembering names that were missing before.
    /// Hint: guard let url = url(forResource: file, withExtension: nil) else { throw DataFileError(file: file, problem:
    ///   .missing) }, and nothing kept between calls.
    @Test("A name close to a file the bundle has, but not its name, throws .missing naming it")
    func nearNamesAreMissing() {
        // Given
        let scratch = ScratchBundle("near-names")
        let files = GeneratedDataFiles.missing(into: scratch)
        let bundle = scratch.bundle
        let other = ScratchBundle("near-names-found")
        let emptyMenu = IceCream(cones: [], flavors: [], toppings: [])
        for file in files { other.write(Array("{\"cones\":[],\"flavors\":[],\"toppings\":[]}".utf8), as: file.name) }
        let otherBundle = other.bundle

        // When
        let miss = files.firstMiss { file in
            verdict(on: file, in: bundle)
                // The same name, asked next of a bundle that has it, is found: nothing about it was remembered.
                ?? verdict(
                    on: DataFileCase(name: file.name, content: .menu(emptyMenu), how: "in a second bundle"),
                    in: otherBundle)
        }

        // Then
        // A name is looked up exactly as given, in `self`, each time: near names throw DataFileError(file: file, problem: .missing).
        #expect(miss == nil)
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
        // Pass the system's message along, as it said it: detail: error.localizedDescription.
        #expect(error.detail.map { $0.contains(systemMessage(reading: seed.file, in: bundle)) } == true)
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
    /// Hint: This check writes three hundred files that are almost JSON, each broken one way: cut off anywhere, a comma
    ///   or colon missing, single quotes, a key without quotes, a comment, NaN, something after the last brace,
    ///   Latin-1 bytes, nothing at all. Every one is .malformed, and names its file.
    /// Hint: Let JSONDecoder judge the bytes, and tell its errors apart by what they say: a dataCorrupted error whose
    ///   context has an empty codingPath means the bytes are not JSON. Do not judge the text yourself.
    /// Hint: catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty { throw
    ///   DataFileError(file: file, problem: .malformed, detail: context.debugDescription) }
    @Test("Every generated file that is almost JSON, but not JSON, throws .malformed naming it")
    func generatedNotJSONIsMalformed() {
        // Given
        let scratch = ScratchBundle("not-json")
        let files = GeneratedDataFiles.notJSON(into: scratch)
        let bundle = scratch.bundle

        // When
        let miss = files.firstMiss { verdict(on: $0, in: bundle) }

        // Then
        // Bytes that are not JSON throw DataFileError(file: file, problem: .malformed), however close to JSON they look.
        #expect(miss == nil)
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
    /// Hint: This check writes three hundred files of valid JSON that is not a menu: a bare null, number or string at
    ///   the top, a list of menus, a key missing or spelt another way, a list that is text or null, a cone that is a
    ///   number. Every one is .wrongShape: JSON, but not shaped like the type asked for.
    /// Hint: Only bytes that are not JSON at all are .malformed. Every other decoding error (typeMismatch,
    ///   keyNotFound, valueNotFound, dataCorrupted with a coding path) is a shape problem, whatever is at the top.
    /// Hint: After the .malformed catch: `catch { throw DataFileError(file: file, problem: .wrongShape, detail:
    ///   String(describing: error)) }`, and no check of your own before decoding.
    @Test("Every generated file of valid JSON shaped otherwise than a menu throws .wrongShape naming it")
    func generatedOtherShapesAreWrongShape() {
        // Given
        let scratch = ScratchBundle("other-shapes")
        let files = GeneratedDataFiles.otherShapes(into: scratch)
        let bundle = scratch.bundle

        // When
        let miss = files.firstMiss { verdict(on: $0, in: bundle) }

        // Then
        // Valid JSON that is not a menu throws DataFileError(file: file, problem: .wrongShape), whatever its top level is.
        #expect(miss == nil)
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

    /// Look in: Extensions/Bundle+Decode.swift at `func decode`
    /// Hint: decode is generic: this check asks it for lists of scoop sizes, two hundred files of them, some a list
    ///   under a key, some a bare list. Those whose sizes are all known decode to exactly those sizes; one size no case
    ///   matches, anywhere, even one level down, is .wrongShape.
    /// Hint: Decode `T.self`, the type asked for, and nothing written for IceCream in particular. A bad value inside
    ///   valid JSON is dataCorrupted with a coding path: a shape problem.
    /// Hint: `return try JSONDecoder().decode(T.self, from: data)`, with .malformed only for dataCorrupted whose
    ///   codingPath is empty.
    @Test("decode is generic: lists of scoop sizes decode, and one unknown size anywhere throws .wrongShape")
    func generatedScoopSizes() {
        // Given
        let scratch = ScratchBundle("scoop-sizes")
        let files = ScoopSizesCase.generated(into: scratch)
        let bundle = scratch.bundle

        // When
        let miss = files.firstMiss { file -> String? in
            do {
                let decoded =
                    file.bare
                    ? try bundle.decode([ScoopSize].self, from: file.name)
                    : try bundle.decode(ScoopSizes.self, from: file.name).sizes
                return decoded == file.sizes ? nil : "\(file) decoded to \(decoded.map(\.rawValue))"
            } catch let error as DataFileError {
                if file.sizes != nil { return "\(file) threw .\(error.problem), yet every size in it is known" }
                return error.problem == .wrongShape && error.file == file.name
                    ? nil : "\(file) threw .\(error.problem) naming \(String(reflecting: error.file)), not .wrongShape"
            } catch {
                return "\(file) threw \(error), not a DataFileError"
            }
        }

        // Then
        // decode(_:from:) decodes T, whatever T is: known sizes come back as written; an unknown one is .wrongShape.
        #expect(miss == nil)
    }

    /// Look in: Extensions/Bundle+Decode.swift at `func decode`
    /// Hint: decode is asked again and again, by the same app, for files in several bundles: each answer must depend on
    ///   that call's bundle and file alone, as they are at that moment. A file that changes is read anew.
    /// Hint: Keep nothing between calls: no cache of menus or of missing names, no static, no `lazy`. Look in `self`,
    ///   read the bytes, decode them, every time.
    /// Hint: The whole function works only with its arguments and `self`: url(forResource: file, withExtension: nil),
    ///   Data(contentsOf:), JSONDecoder().decode(T.self, from:).
    @Test("decode answers each call from that call's bundle and file alone, as they are then, in any order")
    func everyCallIsAnsweredOnItsOwn() {
        // Given
        var random = SeededRandom(seed: 0x5E0)
        let menus = GeneratedMenus.all(count: 6, seed: 0x5E0).map(\.iceCream)
        let first = ScratchBundle("calls-first")
        let second = ScratchBundle("calls-second")
        // The same names in both bundles, holding different things, and a name only the first has.
        first.write(MenuJSON.valid(menus[0], random: &random).bytes, as: "menu.json")
        second.write(MenuJSON.valid(menus[1], random: &random).bytes, as: "menu.json")
        first.write(MenuJSON.notJSON(menus[2], random: &random).bytes, as: "today.json")
        second.write(MenuJSON.valid(menus[2], random: &random).bytes, as: "today.json")
        first.makeFolder(named: "broken.json")
        second.write(MenuJSON.otherShape(menus[3], random: &random).bytes, as: "broken.json")
        first.write(MenuJSON.valid(menus[4], random: &random).bytes, as: "only-here.json")
        let bundles = [("the first bundle", first), ("the second bundle", second)]
        var holds: [String: DataFileCase.Content] = [
            "the first bundle menu.json": .menu(menus[0]), "the second bundle menu.json": .menu(menus[1]),
            "the first bundle today.json": .notJSON, "the second bundle today.json": .menu(menus[2]),
            "the first bundle broken.json": .folder, "the second bundle broken.json": .otherShape,
            "the first bundle only-here.json": .menu(menus[4]), "the second bundle only-here.json": .nothing,
        ]

        // When
        var calls: [String] = []
        let miss = (1...60).firstMiss { call -> String? in
            if call == 30 {
                // Halfway, the first bundle's menu.json is written again, with another menu.
                first.write(MenuJSON.valid(menus[5], random: &random).bytes, as: "menu.json")
                holds["the first bundle menu.json"] = .menu(menus[5])
                calls.append("menu.json rewritten")
            }
            let (place, scratch) = random.pick(bundles)
            let name = random.pick(["menu.json", "today.json", "broken.json", "only-here.json"])
            calls.append("\(name) of \(place)")
            let file = DataFileCase(
                name: name, content: holds["\(place) \(name)"] ?? .nothing,
                how:
                    "call \(call) of 60, asked of \(place), after \(calls.dropLast().suffix(3).joined(separator: ", "))"
            )
            return verdict(on: file, in: scratch.bundle)
        }

        // Then
        // decode(_:from:) answers from `self` and `file` as they are at that call: nothing remembered from earlier calls.
        #expect(miss == nil)
    }
}

/// What `decode` should answer for a file, by the step's rules, and what it answered, as a
/// sentence when the two differ: the file's lists, exactly, for a menu; otherwise a
/// `DataFileError` naming the file, whose problem says what the bundle holds under that name.
@MainActor
private func verdict(on file: DataFileCase, in bundle: Bundle) -> String? {
    let asked = "decode(IceCream.self, from: \(String(reflecting: file.name)))"
    let expected: DataFileError.Problem
    switch file.content {
    case .menu(let menu):
        do {
            let decoded = try bundle.decode(IceCream.self, from: file.name)
            let same =
                decoded.cones == menu.cones && decoded.flavors == menu.flavors && decoded.toppings == menu.toppings
            return same ? nil : "\(asked) returned \(Seeds.name(of: decoded)), not the lists in the file (\(file.how))"
        } catch {
            return "\(asked) threw \(error), but the file is there and holds a menu (\(file.how))"
        }
    case .nothing: expected = .missing
    case .folder: expected = .unreadable
    case .notJSON: expected = .malformed
    case .otherShape: expected = .wrongShape
    }
    do {
        let decoded = try bundle.decode(IceCream.self, from: file.name)
        return "\(asked) returned \(Seeds.name(of: decoded)) instead of throwing .\(expected) (\(file.how))"
    } catch let error as DataFileError {
        if error.problem != expected {
            return "\(asked) threw .\(error.problem), not .\(expected) (\(file.how))"
        }
        if error.file != file.name || !error.description.contains(file.name) {
            return "\(asked) threw an error naming \(String(reflecting: error.file)), not the name it was given"
        }
        return nil
    } catch {
        return "\(asked) threw \(error), not a DataFileError (\(file.how))"
    }
}

/// What the system says when the bytes of `file` in `bundle` are read: what `detail` should carry.
private func systemMessage(reading file: String, in bundle: Bundle) -> String {
    guard let url = bundle.url(forResource: file, withExtension: nil) else { return "(no such file)" }
    do {
        _ = try Data(contentsOf: url)
        return "(it could be read)"
    } catch {
        return error.localizedDescription
    }
}
