import Authentication
import Seeds
import Testing

@testable import Step07Worker

/// Stands in for the worker: it answers with what a check sets, and records every call.
final class LoginWorkerSpy: LoginWorkerLogic {
    enum Message: Equatable {
        case login(email: String, password: String)
        case validateCredentials(email: String, password: String)
    }

    private(set) var messages: [Message] = []
    var loginResult: Result<User, any Error> = .failure(AuthError.unknown)
    var validationResult = ValidationResult(emailError: nil, passwordError: nil)

    func login(email: String, password: String) async throws -> User {
        messages.append(.login(email: email, password: password))
        return try loginResult.get()
    }

    func validateCredentials(email: String, password: String) -> ValidationResult {
        messages.append(.validateCredentials(email: email, password: password))
        return validationResult
    }
}

/// Stands in for the presenter and records every message the interactor sends it, in order.
final class LoginPresenterSpy: LoginPresentationLogic {
    enum Message: Equatable {
        case presentLoading(isLoading: Bool)
        case presentLoginResult(Result<User, AuthError>)
        case presentValidationError(emailError: String?, passwordError: String?)
    }

    private(set) var messages: [Message] = []

    func presentLoginResult(response: Login.Authenticate.Response) {
        messages.append(.presentLoginResult(response.result))
    }

    func presentValidationError(response: Login.Validate.Response) {
        messages.append(.presentValidationError(emailError: response.emailError, passwordError: response.passwordError))
    }

    func presentLoading(isLoading: Bool) {
        messages.append(.presentLoading(isLoading: isLoading))
    }
}

@Suite("LoginInteractor orchestrates the worker and the presenter")
struct LoginInteractorTests {
    let workerSpy = LoginWorkerSpy()
    let presenterSpy = LoginPresenterSpy()

    @Test("A login shows loading, keeps the worker's user, presents it, then ends loading", arguments: Seeds.accounts)
    func successfulLogin(account: AccountSeed) async {
        // Given
        let sut = LoginInteractor(worker: workerSpy)
        sut.presenter = presenterSpy
        workerSpy.loginResult = .success(account.user)

        // When
        await sut.authenticate(
            request: Login.Authenticate.Request(email: account.user.email, password: account.password))

        // Then
        // authenticate(request:) awaits worker.login(email:password:) with the request's credentials, once.
        #expect(workerSpy.messages == [.login(email: account.user.email, password: account.password)])
        // Loading on, the result, loading off: in that order, each once.
        #expect(
            presenterSpy.messages == [
                .presentLoading(isLoading: true),
                .presentLoginResult(.success(account.user)),
                .presentLoading(isLoading: false),
            ])
        // The user the worker answered with is kept in the data store for the router.
        #expect(sut.authenticatedUser == account.user)
        // The interactor reaches the view only through the presenter: it holds no view.
        #expect(!Mirror(reflecting: sut).children.contains { $0.value is LoginDisplayLogic })
    }

    @Test("A failed login presents its AuthError, keeps no user, and still ends loading", arguments: AuthError.allCases)
    func failedLogin(error: AuthError) async throws {
        // Given
        let account = try #require(Seeds.accounts.first)
        let sut = LoginInteractor(worker: workerSpy)
        sut.presenter = presenterSpy
        workerSpy.loginResult = .failure(error)

        // When
        await sut.authenticate(
            request: Login.Authenticate.Request(email: account.user.email, password: account.password))

        // Then
        // The failure is asked of the worker, not found out some other way.
        #expect(workerSpy.messages == [.login(email: account.user.email, password: account.password)])
        // Catch the AuthError and present it as .failure(error); end loading even so (a `defer` does it).
        #expect(
            presenterSpy.messages == [
                .presentLoading(isLoading: true),
                .presentLoginResult(.failure(error)),
                .presentLoading(isLoading: false),
            ])
        // A failed login leaves nobody in the data store.
        #expect(sut.authenticatedUser == nil)
    }

    @Test("An error that is not an AuthError reaches the presenter as .unknown, and loading ends")
    func unexpectedErrorBecomesUnknown() async throws {
        // Given
        let account = try #require(Seeds.accounts.first)
        let sut = LoginInteractor(worker: workerSpy)
        sut.presenter = presenterSpy
        workerSpy.loginResult = .failure(Seeds.unexpectedError)

        // When
        await sut.authenticate(
            request: Login.Authenticate.Request(email: account.user.email, password: account.password))

        // Then
        // Any other error is still a failed login the person must hear about: present .failure(.unknown).
        #expect(
            presenterSpy.messages == [
                .presentLoading(isLoading: true),
                .presentLoginResult(.failure(.unknown)),
                .presentLoading(isLoading: false),
            ])
        #expect(sut.authenticatedUser == nil)
    }

    @Test("Validating asks the worker and presents exactly what it found", arguments: Seeds.credentialChecks)
    func validationGoesThroughTheWorker(check: CredentialSeed) {
        // Given
        let sut = LoginInteractor(worker: workerSpy)
        sut.presenter = presenterSpy
        workerSpy.validationResult = ValidationResult(emailError: check.emailError, passwordError: check.passwordError)

        // When
        sut.validateInput(request: Login.Validate.Request(email: check.email, password: check.password))

        // Then
        // validateInput(request:) asks worker.validateCredentials(email:password:): the rules live in the worker.
        #expect(workerSpy.messages == [.validateCredentials(email: check.email, password: check.password)])
        // It presents the worker's two errors as they are, each in its own field, once.
        #expect(
            presenterSpy.messages == [
                .presentValidationError(emailError: check.emailError, passwordError: check.passwordError)
            ])
    }
}
