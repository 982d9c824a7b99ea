import Seeds
import TerminalUI
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
    /// Hint: The view does not load anything itself: it asks its interactor, with a request, every time it is asked.
    ///   Until step 5 connects one, a view has no interactor, and then nothing should happen.
    /// Hint: Make a CreateIceCream.LoadIceCream.Request() and pass it to the interactor's loadIceCream(request:),
    ///   through optional chaining (`interactor?.`), never `interactor!`, and only there: not in body, not kept for
    ///   later. Keep `var interactor` as given: a strong reference, the view owns its interactor.
    /// Hint: let request = CreateIceCream.LoadIceCream.Request(); interactor?.loadIceCream(request: request)
    @Test("fetchIceCream() sends one LoadIceCream request to the interactor each time, and none without one")
    func fetchSendsOneRequest() {
        // Given
        let viewWithoutInteractor = CreateIceCreamView()
        let viewOwningItsInteractor = CreateIceCreamView()
        // The only reference to this interactor is the view's own: the view must keep it.
        viewOwningItsInteractor.interactor = CreateIceCreamInteractorSpy()
        sut.interactor = interactorSpy

        // When
        viewWithoutInteractor.fetchIceCream()
        viewWithoutInteractor.fetchIceCream()
        let interactorMadeByTheView = typeName(of: viewWithoutInteractor.interactor)
        let lateInteractor = CreateIceCreamInteractorSpy()
        viewWithoutInteractor.interactor = lateInteractor
        let askedOnConnecting = lateInteractor.loadIceCreamRequests.count
        viewWithoutInteractor.fetchIceCream()
        sut.fetchIceCream()
        sut.fetchIceCream()
        sut.fetchIceCream()
        _ = sut.body
        viewOwningItsInteractor.fetchIceCream()

        // Then
        // fetchIceCream() makes a CreateIceCream.LoadIceCream.Request and passes it to interactor?.loadIceCream(request:): one request per call, three calls, three requests (drawing the screen sends none).
        #expect(interactorSpy.loadIceCreamRequests.count == 3)
        // With no interactor, fetchIceCream() does nothing (interactor?.): it makes no interactor of its own, that is step 5's job.
        #expect(interactorMadeByTheView == "nil")
        // Nor does it keep the request for later: an interactor connected afterwards has been asked nothing.
        #expect(askedOnConnecting == 0)
        // The interactor the view holds when fetchIceCream() runs is the one asked: one connected late, once asked, has one request.
        #expect(lateInteractor.loadIceCreamRequests.count == 1)
        // The view owns its interactor (a plain, strong `var interactor`): one it alone holds is still there to ask.
        #expect((viewOwningItsInteractor.interactor as? CreateIceCreamInteractorSpy)?.loadIceCreamRequests.count == 1)
    }

    /// Look in: CreateIceCream/CreateIceCreamView.swift at `func onAppear`
    /// Hint: The screen should ask for its menu as soon as it appears, once: onAppear() is the tutorial's .onAppear.
    ///   Every view is a screen of its own: each one that appears asks its own interactor.
    /// Hint: onAppear() needs one line: a call to the method that sends the request, whatever the screen shows already.
    ///   Keep nothing that one view could share with another (no static flag), and ask nothing when a cone is chosen.
    /// Hint: func onAppear() { fetchIceCream() }, and make sure fetchIceCream() sends exactly one request.
    @Test("Appearing asks the interactor to load the ice cream, once, for every view that appears")
    func appearingLoadsOnce() async {
        // Given
        let views = (1...3).map { _ in CreateIceCreamView() }
        let spies = views.map { _ in CreateIceCreamInteractorSpy() }
        for (view, spy) in zip(views, spies) { view.interactor = spy }
        // One of them already shows a menu: appearing asks anyway, the interactor decides what to show.
        views[2].iceCream.displayedCones = Seeds.iceCream.cones

        // When
        for view in views { view.onAppear() }
        let askedOnlyLater = await isDoneOnlyLater { spies.allSatisfy { !$0.loadIceCreamRequests.isEmpty } }
        // The person then chooses a cone on the screen that shows a menu.
        _ = (views[2].body.controls.first { $0.key == "cone" } as? Picker)?.use("1")

        // Then
        // onAppear() asks while it runs, before it returns: not put off into a Task or onto a queue, where the screen shows nothing until it comes.
        #expect(askedOnlyLater == false)
        // onAppear() calls fetchIceCream(): one request when a screen appears, not zero, not two, each view to its own interactor; choosing sends none.
        #expect(spies.map(\.loadIceCreamRequests.count) == [1, 1, 1])
    }
}

/// The exact type of what `value` holds, or "nil".
private func typeName(of value: Any?) -> String {
    StoredProperty.typeName(of: value)
}
