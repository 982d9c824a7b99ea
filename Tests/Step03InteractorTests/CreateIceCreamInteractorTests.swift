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

    @Test("Loading hands the presenter the app's own menu, once")
    func loadsTheAppMenu() {
        // Given
        sut.presenter = presenterSpy

        // When
        sut.loadIceCream(request: CreateIceCream.LoadIceCream.Request())

        // Then
        // loadIceCream(request:) decodes icecream.json and calls presenter?.presentIceCream(response:) once with it.
        #expect(presenterSpy.presentedResponses.map(\.iceCreamData) == [Seeds.iceCream])
        // The interactor talks to the presenter only: it keeps no view of its own.
        #expect(!Mirror(reflecting: sut).children.contains { $0.value is CreateIceCreamView })
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
        #expect(presenterSpy.presentedResponses.map(\.iceCreamData) == [seed.iceCream])
    }

    @Test(
        "A menu file that cannot be read presents nothing, and the next good one is presented",
        arguments: [Seeds.BrokenFiles.missing, Seeds.BrokenFiles.malformed, Seeds.BrokenFiles.wrongShape])
    func brokenFileIsCaught(file: String) {
        // Given
        let goodMenu = Seeds.menus[1]
        sut.presenter = presenterSpy
        sut.menuBundle = Seeds.bundle
        sut.menuFile = file

        // When
        sut.loadIceCream(request: CreateIceCream.LoadIceCream.Request())
        sut.menuBundle = goodMenu.bundle
        sut.menuFile = goodMenu.file
        sut.loadIceCream(request: CreateIceCream.LoadIceCream.Request())

        // Then
        // decode's error is caught (do/catch, never try!): nothing is presented for the broken file, and the good one still is.
        #expect(presenterSpy.presentedResponses.map(\.iceCreamData) == [goodMenu.iceCream])
    }
}
