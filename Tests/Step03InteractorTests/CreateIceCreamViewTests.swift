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

    /// Look in: CreateIceCream/CreateIceCreamView.swift at `func fetchIceCream`
    /// Hint: The view does not load anything itself: it asks its interactor, with a request. Until step 5 connects one,
    ///   a view has no interactor, and then nothing should happen.
    /// Hint: Make a CreateIceCream.LoadIceCream.Request() and pass it to the interactor's loadIceCream(request:),
    ///   through optional chaining (`interactor?.`), never `interactor!`.
    /// Hint: let request = CreateIceCream.LoadIceCream.Request(); interactor?.loadIceCream(request: request)
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

    /// Look in: CreateIceCream/CreateIceCreamView.swift at `func onAppear`
    /// Hint: The screen should ask for its menu as soon as it appears, once: onAppear() is the tutorial's .onAppear.
    /// Hint: onAppear() needs one line: a call to the method that sends the request.
    /// Hint: func onAppear() { fetchIceCream() }, and make sure fetchIceCream() sends exactly one request.
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
