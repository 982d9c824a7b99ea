import ScoopsAndScones
import Seeds
import Testing

@testable import Step03Interactor

/// Stands in for the presenter and records every response the interactor hands it.
final class CreateIceCreamPresenterSpy: CreateIceCreamPresentationLogic {
    private(set) var presentedResponses: [CreateIceCream.LoadIceCream.Response] = []

    func presentIceCream(response: CreateIceCream.LoadIceCream.Response) {
        presentedResponses.append(response)
    }
}

@Suite("CreateIceCreamInteractor loads the menu and hands it on")
struct CreateIceCreamInteractorTests {
    let sut = CreateIceCreamInteractor()
    let presenterSpy = CreateIceCreamPresenterSpy()

    /// Look in: CreateIceCream/CreateIceCreamInteractor.swift at `func loadIceCream`
    /// Hint: The interactor loads the menu with the decode you wrote in step 1, then hands it to the presenter in a
    ///   Response. It holds a presenter, and no view at all.
    /// Hint: menuBundle.decode(IceCream.self, from: menuFile) throws, so call it with try inside do/catch; on success
    ///   make a Response and call presenter?.presentIceCream(response:) once.
    /// Hint: do { let iceCream = try menuBundle.decode(IceCream.self, from: menuFile);
    ///   presenter?.presentIceCream(response: CreateIceCream.LoadIceCream.Response(iceCreamData: iceCream)) } catch { }
    @Test("Loading hands the presenter the app's own menu, once, and keeps no view")
    func loadsTheAppMenu() {
        // Given
        sut.presenter = presenterSpy

        // When
        sut.loadIceCream(request: CreateIceCream.LoadIceCream.Request())

        // Then
        // loadIceCream(request:) decodes icecream.json and calls presenter?.presentIceCream(response:) once with it.
        #expect(presenterSpy.presentedResponses.map { Seeds.name(of: $0.iceCreamData) } == [Seeds.menus[0].description])
        // The interactor talks to its presenter only: remove any property that is (or may hold) a CreateIceCreamView, even a nil one.
        #expect(StoredProperty.all(of: sut).filter { $0.mayHold(CreateIceCreamView.self) }.map(\.description) == [])
    }

    /// Look in: CreateIceCream/CreateIceCreamInteractor.swift at `func loadIceCream`
    /// Hint: This check points the interactor at other menu files: what it presents must come from the file, not from
    ///   code.
    /// Hint: Use the interactor's menuBundle and menuFile properties, not "icecream.json" or Bundle.scoopsAndScones
    ///   directly.
    /// Hint: let iceCream = try menuBundle.decode(IceCream.self, from: menuFile), then present exactly that, once.
    @Test("Loading hands the presenter exactly the menu in the file it reads", arguments: Seeds.menus)
    func loadsWhateverTheFileHolds(seed: MenuSeed) {
        // Given
        sut.presenter = presenterSpy
        sut.menuBundle = seed.bundle
        sut.menuFile = seed.file

        // When
        sut.loadIceCream(request: CreateIceCream.LoadIceCream.Request())

        // Then
        // The menu comes from menuBundle.decode(IceCream.self, from: menuFile), never from values written in code.
        #expect(presenterSpy.presentedResponses.map { Seeds.name(of: $0.iceCreamData) } == [seed.description])
    }

    /// Look in: CreateIceCream/CreateIceCreamInteractor.swift at `func loadIceCream`
    /// Hint: Each request is answered with what menuFile holds at that moment: the same file twice is presented twice,
    ///   and a new file is read anew.
    /// Hint: Keep nothing between requests: no stored menu, no `lazy var`, no check that skips a menu presented before.
    /// Hint: In loadIceCream(request:), every time: decode menuFile from menuBundle, make a Response, call
    ///   presenter?.presentIceCream(response:) once.
    @Test("Every request loads the file afresh and presents it once")
    func everyRequestLoadsAfresh() {
        // Given
        let first = Seeds.menus[1]
        let second = Seeds.menus[2]
        sut.presenter = presenterSpy

        // When
        sut.menuBundle = first.bundle
        sut.menuFile = first.file
        sut.loadIceCream(request: CreateIceCream.LoadIceCream.Request())
        sut.loadIceCream(request: CreateIceCream.LoadIceCream.Request())
        sut.menuBundle = second.bundle
        sut.menuFile = second.file
        sut.loadIceCream(request: CreateIceCream.LoadIceCream.Request())

        // Then
        // One presentIceCream(response:) per request, each with what menuFile held then: nothing kept from an earlier load.
        #expect(
            presenterSpy.presentedResponses.map { Seeds.name(of: $0.iceCreamData) }
                == [first.description, first.description, second.description])
    }

    /// Look in: CreateIceCream/CreateIceCreamInteractor.swift at `func loadIceCream`
    /// Hint: This check points menuBundle and menuFile at a broken file, then at a good one. The interactor must read
    ///   exactly those two properties (no file name or bundle written in code), present nothing for the broken file,
    ///   and present the good one.
    /// Hint: decode throws. Catch its error with do/catch (or try?), never try!, which crashes the app on the first bad
    ///   file; and present nothing in the catch, not even an empty menu.
    /// Hint: do { let iceCream = try menuBundle.decode(IceCream.self, from: menuFile);
    ///   presenter?.presentIceCream(response: …) } catch { } and nothing more in the catch: with no menu there is
    ///   nothing to present.
    @Test(
        "A menu file that cannot be read presents nothing, and the next good one is presented",
        arguments: Seeds.BrokenFiles.all)
    func brokenFileIsCaught(seed: BrokenFileSeed) {
        // Given
        let goodMenu = Seeds.menus[1]
        sut.presenter = presenterSpy
        sut.menuBundle = seed.bundle
        sut.menuFile = seed.file

        // When
        sut.loadIceCream(request: CreateIceCream.LoadIceCream.Request())
        sut.menuBundle = goodMenu.bundle
        sut.menuFile = goodMenu.file
        sut.loadIceCream(request: CreateIceCream.LoadIceCream.Request())

        // Then
        let presented = presenterSpy.presentedResponses.map(\.iceCreamData)
        // menuFile names a broken file here: presenting an icecream.json menu means the file name is written in code. Decode menuFile from menuBundle.
        #expect(presented.filter(Seeds.menusInFilesNamedIceCreamJSON.contains).map(Seeds.name(of:)) == [])
        // decode's error is caught (do/catch or try?, never try!): nothing is presented for the broken file, not even an empty menu, and the good one is presented once.
        #expect(presented.map(Seeds.name(of:)) == [goodMenu.description])
    }
}
