import Authentication
import Seeds
import Testing

@testable import Step08Migrate

@Suite("ForgotPasswordWorker talks to the reset service, and only to it")
struct ForgotPasswordWorkerTests {
    /// Look in: ForgotPassword/ForgotPasswordWorker.swift at `func sendResetLink`
    /// Hint: The worker is the one part that talks to the outside world: it hands the email to the service it was
    ///   given, as it gets it. Judging and trimming the email is the interactor's job.
    /// Hint: Replace the `throw NotWrittenYet(…)` with one awaited call on the injected `service`, with the same
    ///   email, kept in an instance property. Give the worker no view, presenter, interactor or router.
    /// Hint: func sendResetLink(email: String) async throws { try await service.requestPasswordReset(email: email) }
    @Test("sendResetLink(email:) asks the service once, with the email as given", arguments: Seeds.acceptedResetEmails)
    func asksTheService(email: ResetEmailSeed) async throws {
        // Given
        let serviceStub = PasswordResetServiceStub()
        let sut = ForgotPasswordWorker(service: serviceStub)
        // A second worker beside it, over a service of its own, made after it.
        let otherServiceStub = PasswordResetServiceStub()
        let otherWorker = ForgotPasswordWorker(service: otherServiceStub)

        // When
        try await sut.sendResetLink(email: email.typed)
        try await otherWorker.sendResetLink(email: "other@orbit.example")

        // Then
        // The injected service's requestPasswordReset(email:) is awaited once, with exactly this email: no trimming here.
        #expect(serviceStub.received == [email.typed])
        // Each worker asks its own service: nothing is shared between workers (no static service).
        #expect(otherServiceStub.received == ["other@orbit.example"])
        // The worker knows nothing of the scene: declare no view, interactor, presenter or router in it, not even one left nil.
        #expect(properties(of: sut, holding: .view, .interactor, .dataStore, .presenter, .router) == [])
    }

    /// Look in: ForgotPassword/ForgotPasswordWorker.swift at `func sendResetLink`
    /// Hint: When the service fails, the worker lets its error through as it is: deciding what a failure means is
    ///   the interactor's job, wording it the presenter's.
    /// Hint: No do/catch and no try?: `try await` already hands whatever the service throws to the caller.
    /// Hint: The whole body is `try await service.requestPasswordReset(email: email)`.
    @Test("sendResetLink(email:) lets every error of the service through unchanged", arguments: Seeds.failedResets)
    func letsErrorsThrough(failure: FailedResetSeed) async throws {
        // Given
        // A seed email the rules accept.
        let email = try #require(Seeds.acceptedResetEmails.first)
        let serviceStub = PasswordResetServiceStub(failingWith: failure.thrown)
        let sut = ForgotPasswordWorker(service: serviceStub)

        // When
        // sendResetLink(email:) throws what the service throws: catch nothing.
        let thrown = try await #require(throws: (any Error).self) {
            try await sut.sendResetLink(email: email.sent)
        }

        // Then
        // The very error the service threw, of its own type, not another one.
        #expect(String(reflecting: thrown) == String(reflecting: failure.thrown))
        // The service was asked once.
        #expect(serviceStub.received == [email.sent])
    }
}
