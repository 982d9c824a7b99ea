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
