import Authentication
import Seeds
import Testing

@testable import Step08Migrate

/// Stands in for the interactor and records the email of every request the view sends, in order.
final class ForgotPasswordInteractorSpy: ForgotPasswordBusinessLogic {
    private(set) var requestedEmails: [String] = []

    func sendLink(request: ForgotPassword.SendLink.Request) async {
        requestedEmails.append(request.email)
    }
}

/// Stands in for the router and counts the routes it is asked for.
final class ForgotPasswordRouterSpy: ForgotPasswordRoutingLogic, ForgotPasswordDataPassing {
    private(set) var routesToLogin = 0
    var dataStore: ForgotPasswordDataStore?

    func routeToLogin() {
        routesToLogin += 1
    }
}

/// The view alone: what it shows, what it sends and when it leaves, with spies for the parts around it.
@Suite("ForgotPasswordViewController shows what it is told, and decides only when to leave")
struct ForgotPasswordViewControllerTests {
    let interactorSpy = ForgotPasswordInteractorSpy()
    let routerSpy = ForgotPasswordRouterSpy()

    /// A configured view whose interactor and router are the spies.
    func makeSUT() throws -> ForgotPasswordViewController {
        let sut = ForgotPasswordConfigurator.configure(service: PasswordResetServiceStub())
        // The view's `interactor` is a `var` declared as ForgotPasswordBusinessLogic (a protocol), so a spy can stand in.
        try #require(install(interactorSpy, at: \.interactor, in: sut))
        // Its `router` is a `var` declared with the router's protocols, so a spy can stand in.
        try #require(install(routerSpy, at: \.router, in: sut))
        return sut
    }

    /// Look in: ForgotPassword/ForgotPasswordViewController.swift at `func displaySendLink`
    /// Hint: The view shows each view model as a whole: what the last one showed and this one does not (a message
    ///   under the field, an alert, the sending line) goes away.
    /// Hint: Copy all four fields of the view model into what the screen shows, nil ones included: no `if let`
    ///   that keeps an old message.
    /// Hint: func displaySendLink(viewModel:) { emailError = viewModel.emailError; isSending = viewModel.isSending;
    ///   confirmation = viewModel.confirmation; alertMessage = viewModel.alertMessage; … }
    @Test("The view shows each view model in full, and what the one before showed goes away")
    func eachViewModelReplacesTheLast() throws {
        // Given
        let sut = try makeSUT()
        // The view is the scene's display: it conforms to ForgotPasswordDisplayLogic.
        let display = try #require((sut as Any) as? any ForgotPasswordDisplayLogic)
        let refusal = Seeds.ResetText.refusal(.tooManyRequests)
        let steps: [(ForgotPassword.SendLink.ViewModel, expected: String)] = [
            (
                .init(
                    emailError: Seeds.ResetText.malformedEmail, isSending: false, confirmation: nil, alertMessage: nil),
                "the malformed email's sentence under the field"
            ),
            (.init(emailError: nil, isSending: false, confirmation: nil, alertMessage: refusal), "the alert alone"),
            (.init(emailError: nil, isSending: true, confirmation: nil, alertMessage: nil), "the sending line alone"),
            (
                .init(
                    emailError: nil, isSending: false, confirmation: Seeds.ResetText.sent(to: "ada@example.com"),
                    alertMessage: nil),
                "the confirmation alone"
            ),
            (
                .init(emailError: Seeds.ResetText.emptyEmail, isSending: false, confirmation: nil, alertMessage: nil),
                "the empty email's sentence alone"
            ),
            (.init(emailError: nil, isSending: false, confirmation: nil, alertMessage: nil), "nothing at all"),
        ]

        // When
        let shown = steps.map { step -> ShownScreen in
            display.displaySendLink(viewModel: step.0)
            return ShownScreen(sut)
        }

        // Then
        let miss = zip(steps, shown).firstMiss { step, screen in
            let viewModel = step.0
            let right =
                screen.emailError == viewModel.emailError && screen.isSending == viewModel.isSending
                && screen.alerts == (viewModel.alertMessage.map { [$0] } ?? [])
            return right ? nil : "after showing \(step.expected), the screen shows \(screen.debugDescription)"
        }
        // Each view model replaces the last in full: its message or none under the field, its alert or none, sending or not.
        #expect(miss == nil)
    }

    /// Look in: ForgotPassword/ForgotPasswordViewController.swift at `func displaySendLink`
    /// Hint: The view decides one thing: once a confirmation is on screen, it asks its router to go back to Login.
    ///   Nothing else makes it leave, and it asks its interactor, with the email as typed, when Send link is pressed.
    /// Hint: In sendTapped(), a Task that awaits interactor?.sendLink(request:) with the typed email, kept in
    ///   sendTask. In displaySendLink(viewModel:), after copying the fields: if viewModel.confirmation != nil {
    ///   router?.routeToLogin() }.
    /// Hint: let request = ForgotPassword.SendLink.Request(email: email); sendTask = Task { await
    ///   interactor?.sendLink(request: request) }; and `if viewModel.confirmation != nil { router?.routeToLogin() }`.
    @Test("The view sends the email as typed to its interactor, and asks for Login only once it shows a confirmation")
    func viewSendsAndLeavesOnlyOnConfirmation() async throws {
        // Given
        let sut = try makeSUT()
        // The view is the scene's display: it conforms to ForgotPasswordDisplayLogic.
        let display = try #require((sut as Any) as? any ForgotPasswordDisplayLogic)
        let typed = "  Ada@Orbit.example\n"
        let confirmation = Seeds.ResetText.sent(to: "Ada@Orbit.example")

        // When
        _ = try sut.use("email", typed)
        _ = try sut.use("send")
        // Typed after Send link was pressed, before the request went out: it belongs to the next one.
        _ = try sut.use("email", "   ")
        await sut.pendingWork?.value
        _ = try sut.use("send")
        await sut.pendingWork?.value
        display.displaySendLink(
            viewModel: .init(emailError: nil, isSending: true, confirmation: nil, alertMessage: nil))
        display.displaySendLink(
            viewModel: .init(emailError: nil, isSending: false, confirmation: nil, alertMessage: "Try again later."))
        let routesBeforeConfirmation = routerSpy.routesToLogin
        display.displaySendLink(
            viewModel: .init(emailError: nil, isSending: false, confirmation: confirmation, alertMessage: nil))

        // Then
        // Send link asks the interactor each time, with the email exactly as typed when it was pressed, a blank one too: judging and trimming are the interactor's.
        #expect(interactorSpy.requestedEmails == [typed, "   "])
        // Sending and an alert are not reasons to leave: no route yet.
        #expect(routesBeforeConfirmation == 0)
        // A confirmation on screen: the view asks its router for Login, once.
        #expect(routerSpy.routesToLogin == 1)
    }
}
