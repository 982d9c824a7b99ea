import Authentication
import Seeds
import Testing

@testable import Step07Worker

/// Stands in for the authentication service: it answers with the result a check sets,
/// and records every pair of credentials it is sent.
@MainActor
final class AuthenticationServiceStub: AuthenticationService {
    struct Credentials: Equatable, CustomDebugStringConvertible {
        let email: String
        let password: String

        var debugDescription: String {
            "(email: \(String(reflecting: email)), password: \(String(reflecting: password)))"
        }
    }

    private(set) var received: [Credentials] = []
    let result: Result<User, any Error>

    init(result: Result<User, any Error>) {
        self.result = result
    }

    func logIn(email: String, password: String) async throws -> User {
        received.append(Credentials(email: email, password: password))
        return try result.get()
    }
}

@Suite("LoginWorker checks credentials and signs in through the service")
struct LoginWorkerTests {
    @Test(
        "validateCredentials(email:password:) lets well-formed credentials through",
        arguments: Seeds.acceptedCredentials)
    func acceptsWellFormedCredentials(check: CredentialSeed) {
        // Given
        let sut = LoginWorker(service: AuthenticationServiceStub(result: .failure(AuthError.unknown)))

        // When
        let result = sut.validateCredentials(email: check.email, password: check.password)

        // Then
        // Nothing to fix in the email: spaces and line breaks around it do not count, letters outside ASCII are letters.
        #expect(result.emailError == nil)
        // Nothing to fix in the password: 8 characters or more (characters, not bytes), spaces included and never trimmed.
        #expect(result.passwordError == nil)
    }

    @Test(
        "validateCredentials(email:password:) names each problem with its own message",
        arguments: Seeds.refusedCredentials)
    func namesEachProblem(check: CredentialSeed) {
        // Given
        let sut = LoginWorker(service: AuthenticationServiceStub(result: .failure(AuthError.unknown)))

        // When
        let result = sut.validateCredentials(email: check.email, password: check.password)

        // Then
        // Email, trimmed: empty → ValidationMessage.emptyEmail; not name@domain.tld (README.md has the rules) → .malformedEmail; else nil.
        #expect(result.emailError == check.emailError)
        // Password, as typed: empty or spaces only → .emptyPassword; fewer than 8 characters (password.count) → .shortPassword; else nil.
        #expect(result.passwordError == check.passwordError)
    }

    @Test(
        "login(email:password:) sends the credentials as typed to the service and answers with its user",
        arguments: Seeds.successfulLoginAttempts)
    func loginAnswersWithTheServiceUser(attempt: LoginAttemptSeed) async throws {
        // Given
        let user = try attempt.outcome.get()
        let serviceStub = AuthenticationServiceStub(result: .success(user))
        let sut = LoginWorker(service: serviceStub)

        // When
        let answer = try await sut.login(email: attempt.email, password: attempt.password)

        // Then
        // login(email:password:) awaits the injected service's logIn(email:password:) once, with exactly what it was given: no trimming, no lowercasing.
        #expect(serviceStub.received == [.init(email: attempt.email, password: attempt.password)])
        // It returns the service's user as it is.
        #expect(answer == user)
        // The worker knows nothing of the scene: declare no view, interactor, presenter or router in it, not even one left nil.
        #expect(properties(of: sut, holding: .view, .interactor, .presenter, .router) == [])
    }

    @Test("login(email:password:) lets the service's AuthError through unchanged", arguments: AuthError.allCases)
    func loginLetsAuthErrorsThrough(error: AuthError) async throws {
        // Given
        // A seed account to log in as.
        let account = try #require(Seeds.accounts.first)
        let serviceStub = AuthenticationServiceStub(result: .failure(error))
        let sut = LoginWorker(service: serviceStub)

        // When
        // login(email:password:) throws what the service throws: no do/catch, no try?. The interactor decides what it means.
        let thrown = try await #require(throws: AuthError.self) {
            try await sut.login(email: account.user.email, password: account.password)
        }

        // Then
        // The very same AuthError, not another one.
        #expect(thrown == error)
        // It came from the injected service, asked once with these credentials.
        #expect(serviceStub.received == [.init(email: account.user.email, password: account.password)])
    }

    @Test("login(email:password:) lets any other error through unchanged too")
    func loginLetsOtherErrorsThrough() async throws {
        // Given
        // A seed account to log in as.
        let account = try #require(Seeds.accounts.first)
        let serviceStub = AuthenticationServiceStub(result: .failure(Seeds.unexpectedError))
        let sut = LoginWorker(service: serviceStub)

        // When
        // An error that is not an AuthError (here a lost connection) comes out of login(email:password:) as it went in: catch nothing.
        let thrown = try await #require(throws: ConnectionLost.self) {
            try await sut.login(email: account.user.email, password: account.password)
        }

        // Then
        // The service's own error: turning it into an AuthError is the interactor's decision, not the worker's.
        #expect(thrown == Seeds.unexpectedError)
    }
}
