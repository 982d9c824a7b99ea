import Authentication
import Seeds
import Testing

@testable import Step07Worker

/// Stands in for the authentication service: it answers with the result a check sets,
/// and records every pair of credentials it is sent.
@MainActor
final class AuthenticationServiceStub: AuthenticationService {
    struct Credentials: Equatable {
        let email: String
        let password: String
    }

    private(set) var received: [Credentials] = []
    let result: Result<User, AuthError>

    init(result: Result<User, AuthError>) {
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
        let sut = LoginWorker(service: AuthenticationServiceStub(result: .failure(.unknown)))

        // When
        let result = sut.validateCredentials(email: check.email, password: check.password)

        // Then
        // Nothing to fix: both errors are nil, so isValid is true. Spaces around an email do not count against it.
        #expect(result.emailError == nil)
        #expect(result.passwordError == nil)
        #expect(result.isValid)
    }

    @Test(
        "validateCredentials(email:password:) names each problem with its own message",
        arguments: Seeds.refusedCredentials)
    func namesEachProblem(check: CredentialSeed) {
        // Given
        let sut = LoginWorker(service: AuthenticationServiceStub(result: .failure(.unknown)))

        // When
        let result = sut.validateCredentials(email: check.email, password: check.password)

        // Then
        // Empty or spaces only: ValidationMessage.emptyEmail; not shaped like name@domain.tld: .malformedEmail.
        #expect(result.emailError == check.emailError)
        // Empty or spaces only: ValidationMessage.emptyPassword; fewer than 8 characters: .shortPassword.
        #expect(result.passwordError == check.passwordError)
        // A field that is fine has no error, and the result is not valid.
        #expect(!result.isValid)
    }

    @Test(
        "login(email:password:) sends the credentials to the service and answers with its user",
        arguments: Seeds.accounts)
    func loginAnswersWithTheServiceUser(account: AccountSeed) async throws {
        // Given
        let serviceStub = AuthenticationServiceStub(result: .success(account.user))
        let sut = LoginWorker(service: serviceStub)

        // When
        let user = try await sut.login(email: account.user.email, password: account.password)

        // Then
        // login(email:password:) awaits service.logIn(email:password:) with exactly what it was given, once.
        #expect(serviceStub.received == [.init(email: account.user.email, password: account.password)])
        // It returns the service's user as it is.
        #expect(user == account.user)
    }

    @Test("login(email:password:) lets the service's AuthError through unchanged", arguments: AuthError.allCases)
    func loginLetsAuthErrorsThrough(error: AuthError) async throws {
        // Given
        let account = try #require(Seeds.accounts.first)
        let serviceStub = AuthenticationServiceStub(result: .failure(error))
        let sut = LoginWorker(service: serviceStub)

        // When
        // login(email:password:) throws what the service throws: the interactor decides what it means.
        let thrown = try await #require(throws: AuthError.self) {
            try await sut.login(email: account.user.email, password: account.password)
        }

        // Then
        // The very same AuthError, not another one and not a new error type.
        #expect(thrown == error)
        // It came from the service, asked once.
        #expect(serviceStub.received.count == 1)
    }
}
