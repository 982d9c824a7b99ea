import Authentication
import Seeds
import Testing

@testable import Step08Migrate

/// Stands in for the worker: it fails with what a check sets, and records every email it is sent.
final class ForgotPasswordWorkerSpy: ForgotPasswordWorkerLogic {
    private(set) var sentEmails: [String] = []
    var error: (any Error)?

    func sendResetLink(email: String) async throws {
        sentEmails.append(email)
        if let error { throw error }
    }
}

/// Stands in for the worker and holds its first two answers (a success each) until the check lets them go, so
/// that a second request can start while the first is on its way. It logs, in order, every email it is asked to
/// send to and every request that is over; a check awaits the next line of the log, never the clock.
final class ForgotPasswordWorkerHoldingSpy: ForgotPasswordWorkerLogic {
    private(set) var log: [String] = []
    private var held: [CheckedContinuation<Void, Never>] = []
    private var holdsLeft = 2
    private var linesAwaited = 0
    private var waiter: CheckedContinuation<Void, Never>?

    func sendResetLink(email: String) async throws {
        guard holdsLeft > 0 else {
            note("asked to send to \(quoted(email))")
            return
        }
        holdsLeft -= 1
        await withCheckedContinuation { answer in
            held.append(answer)
            note("asked to send to \(quoted(email))")
        }
    }

    /// Starts a request on `sut`, as the view's button does, and logs when it is over.
    func start(_ sut: ForgotPasswordInteractor, typed email: String) -> Task<Void, Never> {
        Task {
            await sut.sendLink(request: ForgotPassword.SendLink.Request(email: email))
            note("request for \(quoted(email)) over")
        }
    }

    /// Returns once the log has a line after the ones already awaited.
    func nextLine() async {
        if log.count <= linesAwaited {
            await withCheckedContinuation { waiter = $0 }
        }
        linesAwaited += 1
    }

    /// Answers the call held longest, if one is held.
    func answerFirst() {
        if !held.isEmpty { held.removeFirst().resume() }
    }

    /// Answers every call held, and every later one at once.
    func answerAll() {
        holdsLeft = 0
        while !held.isEmpty { held.removeFirst().resume() }
    }

    private func note(_ line: String) {
        log.append(line)
        waiter?.resume()
        waiter = nil
    }
}

/// Stands in for the presenter and records every response, in order, with the email the
/// interactor had kept at that very moment (the view routes to Login as soon as it shows a
/// confirmation, and the router reads that email then).
final class ForgotPasswordPresenterSpy: ForgotPasswordPresentationLogic {
    struct Message: Equatable, CustomDebugStringConvertible {
        let response: ResponseSeen
        let keptEmail: String?

        var debugDescription: String { "\(response.debugDescription) (kept: \(quoted(keptEmail)))" }
    }

    private(set) var messages: [Message] = []
    /// The data store whose email a response is recorded with: the interactor under test.
    weak var dataStore: ForgotPasswordInteractor?

    func presentSendLink(response: ForgotPassword.SendLink.Response) {
        messages.append(Message(response: ResponseSeen(response), keptEmail: dataStore?.email))
    }
}

@Suite("ForgotPasswordInteractor decides, with a worker and a presenter")
struct ForgotPasswordInteractorTests {
    let workerSpy = ForgotPasswordWorkerSpy()
    let presenterSpy = ForgotPasswordPresenterSpy()

    /// An interactor over the two spies, as every check here starts.
    func makeSUT() -> ForgotPasswordInteractor {
        let sut = ForgotPasswordInteractor(worker: workerSpy)
        sut.presenter = presenterSpy
        presenterSpy.dataStore = sut
        return sut
    }

    /// Look in: ForgotPassword/ForgotPasswordInteractor.swift at `func sendLink`
    /// Hint: Judging the email is business logic, so it moves from the view model to the interactor. The interactor
    ///   reports what is wrong as a fact (.empty or .malformed), never as a sentence, and asks the worker nothing.
    /// Hint: Trim the request's email with .whitespacesAndNewlines. Empty → present .invalidEmail(.empty); not
    ///   name@domain.tld (Login's rule, the view model's regex) → .invalidEmail(.malformed); then return.
    /// Hint: let email = request.email.trimmingCharacters(in: .whitespacesAndNewlines); if email.isEmpty {
    ///   presenter?.presentSendLink(response: .invalidEmail(.empty)); return }; if email.wholeMatch(of: /…/) == nil {
    ///   … .invalidEmail(.malformed) …; return }
    @Test(
        "A refused email is presented as its problem, and the worker is never asked",
        arguments: Seeds.refusedResetEmails)
    func refusedEmail(email: RefusedEmailSeed) async {
        // Given
        let sut = makeSUT()

        // When
        await sut.sendLink(request: ForgotPassword.SendLink.Request(email: email.typed))

        // Then
        let expected = [
            ForgotPasswordPresenterSpy.Message(response: .invalidEmail(email.problem), keptEmail: nil)
        ]
        // One response, the problem as a fact (.invalidEmail(.empty) or .invalidEmail(.malformed)): the presenter words it.
        #expect(presenterSpy.messages == expected)
        // A refused email never reaches the worker.
        #expect(workerSpy.sentEmails == [])
    }

    /// Look in: ForgotPassword/ForgotPasswordInteractor.swift at `func sendLink`
    /// Hint: A valid email: say it is sending, ask the worker with the trimmed email, keep that email for Login, and
    ///   say it was sent. The view goes to Login as soon as it shows the confirmation, so the email must be kept first.
    ///   A request answered while another is on its way still keeps and names its own email.
    /// Hint: Present .sending; `try await worker.sendResetLink(email:)` directly in sendLink (it is async already, so
    ///   no Task { }); set `self.email`, then present .sent(email:), all with the trimmed email of this request (a
    ///   local constant, never a property a newer request may have written over).
    /// Hint: presenter?.presentSendLink(response: .sending); do { try await worker.sendResetLink(email: email);
    ///   self.email = email; presenter?.presentSendLink(response: .sent(email: email)) } catch …
    @Test(
        "A valid email: sending, the worker asked with it trimmed, the email kept, then sent",
        arguments: Seeds.acceptedResetEmails)
    func linkSent(email: ResetEmailSeed) async {
        // Given
        let seeds = Seeds.acceptedResetEmails
        // The next seed email, asked for while the link to this one is on its way.
        let other = seeds[((seeds.firstIndex { $0.typed == email.typed } ?? 0) + 1) % seeds.count]
        let worker = ForgotPasswordWorkerHoldingSpy()
        let sut = ForgotPasswordInteractor(worker: worker)
        sut.presenter = presenterSpy
        presenterSpy.dataStore = sut
        defer { worker.answerAll() }

        // When
        let first = worker.start(sut, typed: email.typed)
        await worker.nextLine()
        let second = worker.start(sut, typed: other.typed)
        await worker.nextLine()
        worker.answerFirst()
        await first.value
        worker.answerAll()
        await second.value

        // Then
        let expectedLog = [
            "asked to send to \(quoted(email.sent))", "asked to send to \(quoted(other.sent))",
            "request for \(quoted(email.typed)) over", "request for \(quoted(other.typed)) over",
        ]
        // The worker is asked once per request, with its email trimmed at both ends (capitals kept).
        #expect(worker.log.filter { $0.hasPrefix("asked") } == Array(expectedLog.prefix(2)))
        // Each request is over only once its own answer came: awaited in sendLink itself.
        #expect(worker.log == expectedLog)
        let expected: [ForgotPasswordPresenterSpy.Message] = [
            .init(response: .sending, keptEmail: nil),
            .init(response: .sending, keptEmail: nil),
            .init(response: .sent(email: email.sent), keptEmail: email.sent),
            .init(response: .sent(email: other.sent), keptEmail: other.sent),
        ]
        // .sending for each, then .sent with each request's own email, which the data store already keeps when it is
        // presented: the first link sent names the first email, even while the second is on its way.
        #expect(presenterSpy.messages == expected)
    }

    /// Look in: ForgotPassword/ForgotPasswordInteractor.swift at `func sendLink`
    /// Hint: When the worker fails, the interactor reports the refusal as it is, keeps no email (there is nothing for
    ///   Login), and leaves the sentence to the presenter. A failure that is not a PasswordResetError is reported
    ///   as .unknown.
    /// Hint: Wrap the awaited worker call in do/catch: `catch let error as PasswordResetError` presents
    ///   .failed(error); a plain `catch` presents .failed(.unknown). Set the email only after the worker succeeded.
    /// Hint: } catch let error as PasswordResetError { presenter?.presentSendLink(response: .failed(error)) } catch {
    ///   presenter?.presentSendLink(response: .failed(.unknown)) }
    @Test(
        "A refusal is presented as it is, any other failure as .unknown, and no email is kept",
        arguments: Seeds.failedResets)
    func failureIsPresentedAsItIs(failure: FailedResetSeed) async throws {
        // Given
        // A seed email the rules accept.
        let email = try #require(Seeds.acceptedResetEmails.last)
        let sut = makeSUT()
        workerSpy.error = failure.thrown

        // When
        await sut.sendLink(request: ForgotPassword.SendLink.Request(email: email.typed))

        // Then
        // The worker is asked once, with the trimmed email.
        #expect(workerSpy.sentEmails == [email.sent])
        let expected: [ForgotPasswordPresenterSpy.Message] = [
            .init(response: .sending, keptEmail: nil),
            .init(response: .failed(failure.reportedAs), keptEmail: nil),
        ]
        // .sending, then .failed with the service's own PasswordResetError (anything else as .unknown); no email kept.
        #expect(presenterSpy.messages == expected)
        // Nothing is kept for Login after a failure.
        #expect(sut.email == nil)
    }

    /// Look in: ForgotPassword/ForgotPasswordInteractor.swift at `func sendLink`
    /// Hint: One interactor is asked for four hundred links here, in turn: emails made up by the check (almost right
    ///   in every way, beyond ASCII, with blanks around), and now and then the worker refuses. Each request is judged
    ///   by Login's rule on its own, whatever the one before it did, and a refusal never stops the next request.
    /// Hint: Trim, judge (empty, or name@domain.tld with two letters or more after the last dot, letters of any
    ///   alphabet), and keep no state of your own between requests: no busy flag, nothing remembered.
    /// Hint: let email = request.email.trimmingCharacters(in: .whitespacesAndNewlines); empty → .invalidEmail(.empty);
    ///   email.wholeMatch(of: /[^@\s]+@[^@\s.]+(\.[^@\s.]+)*\.\p{L}{2,}/) == nil → .invalidEmail(.malformed); else
    ///   .sending, the worker, then .sent or .failed.
    @Test("Hundreds of generated emails, one request after another, are each judged by Login's rule")
    func generatedEmailsAreJudgedOneByOne() async {
        // Given
        let sut = makeSUT()
        var emails = GeneratedCredentials.emails()
        // Now and then the same email twice in a row: a second link is asked for, and sent, in full.
        for index in stride(from: emails.count - 1, to: 0, by: -9) { emails.insert(emails[index], at: index + 1) }

        // When
        var miss: String?
        for (index, email) in emails.enumerated() {
            let refusal: PasswordResetError? = index % 7 == 3 ? PasswordResetError.allCases[index % 5] : nil
            workerSpy.error = refusal
            let trimmed = email.text.trimmingCharacters(in: .whitespacesAndNewlines)
            let expected: [ResponseSeen] =
                switch LoginRules.judge(email: email.text) {
                case .empty: [.invalidEmail(.empty)]
                case .malformed: [.invalidEmail(.malformed)]
                case .fine: [.sending, refusal.map { .failed($0) } ?? .sent(email: trimmed)]
                }
            let sentBefore = workerSpy.sentEmails.count
            let presentedBefore = presenterSpy.messages.count
            await sut.sendLink(request: ForgotPassword.SendLink.Request(email: email.text))
            let presented = presenterSpy.messages.dropFirst(presentedBefore)
            let sent = Array(workerSpy.sentEmails.dropFirst(sentBefore))
            let what = "request \(index + 1), for \(email)" + (refusal.map { " (the worker refusing: .\($0))" } ?? "")
            if presented.map(\.response) != expected {
                miss =
                    "\(what) presented \(presented.map(\.response.debugDescription)), not \(expected.map(\.debugDescription))"
            } else if sent != (expected.count == 2 ? [trimmed] : []) {
                miss =
                    "\(what) asked the worker to send to \(sent.map(quoted)), not \(expected.count == 2 ? [quoted(trimmed)] : [])"
            } else if case .sent = expected.last, presented.last?.keptEmail != trimmed {
                miss = "\(what) presented .sent while the data store kept \(quoted(presented.last?.keptEmail))"
            }
            if miss != nil { break }
        }

        // Then
        // Each request gets the responses its own email and its own answer call for, whatever came before it: refused emails never reach the worker; good ones are sent trimmed and kept before .sent.
        #expect(miss == nil)
    }
}
