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
}
