import Seeds
import Testing

@testable import Step03Interactor

/// Stands in for the interactor and records every request the view sends it.
final class CreateIceCreamInteractorSpy: CreateIceCreamBusinessLogic {
    private(set) var loadIceCreamRequests: [CreateIceCream.LoadIceCream.Request] = []

    func loadIceCream(request: CreateIceCream.LoadIceCream.Request) {
        loadIceCreamRequests.append(request)
    }
}

@Suite("CreateIceCreamView asks its interactor for the ice cream")
struct CreateIceCreamViewTests {
    let sut = CreateIceCreamView()
    let interactorSpy = CreateIceCreamInteractorSpy()

    @Test("fetchIceCream() sends one LoadIceCream request to the interactor, and none without one")
    func fetchSendsOneRequest() {
        // Given
        let viewWithoutInteractor = CreateIceCreamView()
        sut.interactor = interactorSpy

        // When
        viewWithoutInteractor.fetchIceCream()
        sut.fetchIceCream()

        // Then
        // fetchIceCream() makes a CreateIceCream.LoadIceCream.Request and passes it to interactor?.loadIceCream(request:), once (with `?`: no interactor, no call, no crash).
        #expect(interactorSpy.loadIceCreamRequests.count == 1)
    }

    @Test("Appearing asks the interactor to load the ice cream, once")
    func appearingLoadsOnce() {
        // Given
        sut.interactor = interactorSpy

        // When
        sut.onAppear()

        // Then
        // onAppear() calls fetchIceCream(): one request when the screen appears, not zero, not two.
        #expect(interactorSpy.loadIceCreamRequests.count == 1)
    }
}
