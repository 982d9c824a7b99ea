import Authentication
import Seeds
import Testing

@testable import Step08Migrate

/// What a person sees on the Forgot password screen, through the scene as its configurator
/// makes it. The MVVM starter already behaves so; the migration must keep it that way.
@Suite("The Forgot password screen behaves the same before and after the migration")
struct ForgotPasswordBehaviourTests {
    let navigatorSpy = NavigatorSpy()

    /// The configured screen over `service`, shown by the navigator spy, with `email` typed and Send link pressed.
    func sendLink(typing email: String, to service: PasswordResetServiceStub) async throws
        -> ForgotPasswordViewController
    {
        let sut = ForgotPasswordConfigurator.configure(service: service)
        sut.navigator = navigatorSpy
        service.watchedView = sut
        // Shown first, as the app shows a screen: it appears before anything is typed.
        sut.onAppear()
        _ = try sut.use("email", email)
        _ = try sut.use("send")
        await sut.pendingWork?.value
        return sut
    }

    /// Look in: ForgotPassword/ForgotPasswordInteractor.swift at `func sendLink`
    /// Starter: passes
    /// Hint: This is how the screen already behaves: an email the rules refuse gets its message under the field, and
    ///   nothing is sent. Keep it so while you move the rule out of the view model.
    /// Hint: The rule (trim both ends; empty, or not name@domain.tld) becomes business logic in the interactor, which
    ///   presents .invalidEmail with the problem; the presenter writes Login's sentence for it; the view shows it.
    /// Hint: In sendLink(request:), trim with .whitespacesAndNewlines, present .invalidEmail(.empty) or
    ///   .invalidEmail(.malformed) and return before the worker; the presenter maps them to ValidationMessage.emptyEmail
    ///   and .malformedEmail as emailError.
    @Test(
        "An email the rules refuse shows its message under the field, and nothing is sent",
        arguments: Seeds.refusedResetEmails)
    func refusedEmail(email: RefusedEmailSeed) async throws {
        // Given
        let serviceStub = PasswordResetServiceStub(failingWith: PasswordResetError.tooManyRequests)
        // A seed email the rules accept, sent first to a service that refuses every link: its alert is on screen.
        let accepted = try #require(Seeds.acceptedResetEmails.first)
        let sut = try await sendLink(typing: accepted.typed, to: serviceStub)

        // When
        _ = try sut.use("email", email.typed)
        _ = try sut.use("send")
        await sut.pendingWork?.value

        // Then
        let screen = ShownScreen(sut)
        // The field's message is the one for this problem: empty once trimmed, or not shaped like name@domain.tld.
        #expect(screen.emailError == email.message)
        // A refused email never reaches the service: it was asked only for the accepted one.
        #expect(serviceStub.received == [accepted.sent])
        // Nothing is sending, no alert (the one from before is gone), and the screen stays.
        #expect(!screen.isSending && screen.alerts == [] && navigatorSpy.messages == [])
    }

    /// Look in: ForgotPassword/ForgotPasswordInteractor.swift at `func sendLink`
    /// Starter: passes
    /// Hint: While the service works, the screen says the link is being sent and Send link waits. When the answer
    ///   comes, that is over. The migration must keep both.
    /// Hint: The interactor presents .sending before it awaits the worker; the presenter turns it into a view model
    ///   with isSending true; the view shows the indicator and disables Send link while isSending.
    /// Hint: presenter?.presentSendLink(response: .sending) right before `try await worker.sendResetLink(email:)`;
    ///   every later view model has isSending false.
    @Test("While the link is being sent the screen says so and Send link waits, and that ends with the answer")
    func sendingState() async throws {
        // Given
        // A seed email the rules accept.
        let account = try #require(Seeds.acceptedResetEmails.first)
        let serviceStub = PasswordResetServiceStub(failingWith: PasswordResetError.serviceUnavailable)

        // When
        let sut = try await sendLink(typing: account.typed, to: serviceStub)

        // Then
        // The service was asked (with a valid email, Send link reaches it).
        let whileAsked = try #require(serviceStub.screenWhileAsked)
        // While the service works, the screen shows it is sending and Send link cannot be pressed again.
        #expect(whileAsked.isSending && whileAsked.sendIsDisabled)
        // Once the answer is in, sending is over and Send link works again.
        #expect(!ShownScreen(sut).isSending && !ShownScreen(sut).sendIsDisabled)
    }

    /// Look in: ForgotPassword/ForgotPasswordViewController.swift at `func displaySendLink`
    /// Starter: passes
    /// Hint: When the link is sent, the screen confirms it with the email, and the person is taken back to Login, a
    ///   new root, with that email already in the field. The migration must keep all of it.
    /// Hint: The interactor keeps the trimmed email in its data store before it presents .sent; the presenter writes
    ///   the confirmation; the view shows it and asks its router to routeToLogin(), which passes the email to Login's
    ///   data store and only then makes Login the root.
    /// Hint: Sentence: "We sent a link to choose a new password to \(email)." In the router: let login =
    ///   LoginConfigurator.configure(); passDataToLogin(source:destination:) into login.router?.dataStore; then
    ///   viewController?.navigator?.replaceRoot(with: login).
    @Test(
        "A link sent is confirmed, and Login comes back as the root with the email filled in",
        arguments: Seeds.acceptedResetEmails)
    func linkSent(email: ResetEmailSeed) async throws {
        // Given
        let serviceStub = PasswordResetServiceStub()

        // When
        let sut = try await sendLink(typing: email.typed, to: serviceStub)

        // Then
        // The service gets the email once, trimmed at both ends, its capitals kept.
        #expect(serviceStub.received == [email.sent])
        // The screen confirms it, naming the email.
        #expect(ShownScreen(sut).texts.contains(Seeds.ResetText.sent(to: email.sent)))
        // Login becomes the root, once, already holding the email when it is shown.
        #expect(navigatorSpy.messages == [.init(.replaceRoot, LoginViewController.self, holding: email.sent)])
        // The screen shown is a LoginViewController.
        let login = try #require(navigatorSpy.views.first as? LoginViewController)
        login.onAppear()
        // When Login appears, its email field holds the email the link went to.
        #expect(ShownScreen(login).emailText == email.sent)
    }

    /// Look in: ForgotPassword/ForgotPasswordPresenter.swift at `func presentSendLink`
    /// Starter: passes
    /// Hint: Each way the service can refuse has its own sentence in an alert, and the person stays on the screen to
    ///   try again: the same service is asked again, and the old alert goes while the new link is sent. Any other
    ///   failure gets the sentence for .unknown. The migration must keep every sentence.
    /// Hint: The worker lets the error through; the interactor presents .failed(error), or .failed(.unknown) for an
    ///   error that is not a PasswordResetError; the presenter owns the five sentences, copied from the view model.
    /// Hint: In the presenter, `case .failed(let error):` a view model whose alertMessage is the view model's sentence
    ///   for that error, word for word; the interactor's plain `catch` presents .failed(.unknown).
    @Test("Each refusal from the service shows its own sentence, and the screen stays", arguments: Seeds.failedResets)
    func serviceRefusalShowsItsSentence(failure: FailedResetSeed) async throws {
        // Given
        // A seed email the rules accept.
        let email = try #require(Seeds.acceptedResetEmails.first)
        let serviceStub = PasswordResetServiceStub(failingWith: failure.thrown)

        // When
        let sut = try await sendLink(typing: email.typed, to: serviceStub)
        let alertsAfterTheFirstTry = ShownScreen(sut).alerts
        // And the person tries again.
        _ = try sut.use("send")
        await sut.pendingWork?.value

        // Then
        // The alert is this failure's own sentence, and nothing else is on screen for it.
        #expect(alertsAfterTheFirstTry == [failure.message])
        // The service was asked once a try, the second time too: the service the scene was configured with, whatever failed before.
        #expect(serviceStub.received == [email.sent, email.sent])
        // While the second try is being sent, the first try's alert is gone: sending is displayed as a whole view model of its own.
        #expect(serviceStub.screenWhileAsked?.alerts == [])
        // The second try ends as the first did: its sentence alone.
        #expect(ShownScreen(sut).alerts == [failure.message])
        // Sending is over, nothing is confirmed, and the person stays to try again.
        #expect(!ShownScreen(sut).isSending && navigatorSpy.messages == [])
    }
}
