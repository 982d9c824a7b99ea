import Authentication
import Seeds
import Testing

@testable import Step08Migrate

/// Stands in for the view and records every view model the presenter asks it to display, in order.
final class ForgotPasswordViewControllerSpy: ForgotPasswordDisplayLogic {
    /// Each view model, read field by field.
    private(set) var displayed: [ViewModelSeen] = []

    func displaySendLink(viewModel: ForgotPassword.SendLink.ViewModel) {
        displayed.append(ViewModelSeen(viewModel))
    }
}

@Suite("ForgotPasswordPresenter writes every sentence the screen shows")
struct ForgotPasswordPresenterTests {
    let sut = ForgotPasswordPresenter()
    let viewSpy = ForgotPasswordViewControllerSpy()

    /// Look in: ForgotPassword/ForgotPasswordPresenter.swift at `func presentSendLink`
    /// Hint: The interactor says what is wrong with the email; the presenter says it in words, under the field. The
    ///   words are Login's, as the view model used them.
    /// Hint: For .invalidEmail(.empty) the emailError is ValidationMessage.emptyEmail, for .malformed it is
    ///   ValidationMessage.malformedEmail; nothing sending, no confirmation, no alert. Display it once.
    /// Hint: case .invalidEmail(let problem): ForgotPassword.SendLink.ViewModel(emailError: problem == .empty ?
    ///   ValidationMessage.emptyEmail : ValidationMessage.malformedEmail, isSending: false, confirmation: nil,
    ///   alertMessage: nil)
    @Test("A refused email becomes its sentence under the field", arguments: Seeds.refusedResetEmails)
    func refusedEmail(email: RefusedEmailSeed) {
        // Given
        sut.viewController = viewSpy
        // An alert for the attempt before, which the service refused.
        sut.presentSendLink(response: .failed(.tooManyRequests))
        let shownBefore = viewSpy.displayed.count

        // When
        sut.presentSendLink(response: .invalidEmail(email.problem == .empty ? .empty : .malformed))

        // Then
        let expected = ViewModelSeen(
            emailError: email.message, isSending: false, confirmation: nil, alertMessage: nil)
        // Login's sentence for the problem as emailError, and nothing else, not the alert before: displayed once.
        #expect(viewSpy.displayed.dropFirst(shownBefore) == [expected])
    }

    /// Look in: ForgotPassword/ForgotPasswordPresenter.swift at `func presentSendLink`
    /// Hint: While the link is on its way, the screen shows only that: no message left from before.
    /// Hint: For .sending, a view model with isSending true and every text nil, whatever was presented before it.
    ///   Display it once.
    /// Hint: case .sending: ForgotPassword.SendLink.ViewModel(emailError: nil, isSending: true, confirmation: nil,
    ///   alertMessage: nil)
    @Test("Sending becomes the sending state, with every message cleared")
    func sendingClearsEveryMessage() throws {
        // Given
        // A seed email the rules refuse.
        let email = try #require(Seeds.refusedResetEmails.last)
        sut.viewController = viewSpy
        // An alert for an attempt the service refused, then the sentence under the field for an email refused just before.
        sut.presentSendLink(response: .failed(.unknownEmail))
        sut.presentSendLink(response: .invalidEmail(email.problem == .empty ? .empty : .malformed))

        // When
        sut.presentSendLink(response: .sending)

        // Then
        let expected = [
            ViewModelSeen(
                emailError: nil, isSending: false, confirmation: nil,
                alertMessage: Seeds.ResetText.refusal(.unknownEmail)),
            ViewModelSeen(emailError: email.message, isSending: false, confirmation: nil, alertMessage: nil),
            ViewModelSeen(emailError: nil, isSending: true, confirmation: nil, alertMessage: nil),
        ]
        // isSending true, no error (not even the one under the field just before), no confirmation, no alert (not even
        // the one before that): one
        // whole view model per response, each displayed once.
        #expect(viewSpy.displayed == expected)
    }

    /// Look in: ForgotPassword/ForgotPasswordPresenter.swift at `func presentSendLink`
    /// Hint: A sent link becomes the confirmation sentence, naming the email it went to, as the view model wrote it.
    /// Hint: For .sent(let email), confirmation is "We sent a link to choose a new password to \(email)." and
    ///   isSending false, no error, no alert.
    /// Hint: case .sent(let email): ForgotPassword.SendLink.ViewModel(emailError: nil, isSending: false, confirmation:
    ///   "We sent a link to choose a new password to \(email).", alertMessage: nil)
    @Test("A sent link becomes the confirmation naming the email", arguments: Seeds.acceptedResetEmails)
    func linkSent(email: ResetEmailSeed) {
        // Given
        sut.viewController = viewSpy

        // When
        sut.presentSendLink(response: .sent(email: email.sent))

        // Then
        let expected = ViewModelSeen(
            emailError: nil, isSending: false, confirmation: Seeds.ResetText.sent(to: email.sent), alertMessage: nil)
        // The confirmation names the email, word for word; sending is over: displayed once.
        #expect(viewSpy.displayed == [expected])
    }

    /// Look in: ForgotPassword/ForgotPasswordPresenter.swift at `func presentSendLink`
    /// Hint: Each refusal has its own sentence, the very one the view model had. A person who reads the wrong one
    ///   does the wrong thing (signs up when the account is only locked).
    /// Hint: For .failed(let error), switch over the error: one alertMessage per case, copied from the view model; no
    ///   error under the field, nothing sending, no confirmation.
    /// Hint: case .failed(let error): ForgotPassword.SendLink.ViewModel(emailError: nil, isSending: false,
    ///   confirmation: nil, alertMessage: message(for: error)), where message(for:) switches over the five cases.
    @Test("Each refusal becomes its own sentence in an alert", arguments: PasswordResetError.allCases)
    func refusalBecomesAnAlert(error: PasswordResetError) {
        // Given
        sut.viewController = viewSpy

        // When
        sut.presentSendLink(response: .failed(error))

        // Then
        let expected = ViewModelSeen(
            emailError: nil, isSending: false, confirmation: nil, alertMessage: Seeds.ResetText.refusal(error))
        // alertMessage is this refusal's sentence, word for word, and nothing else: displayed once.
        #expect(viewSpy.displayed == [expected])
    }
}
