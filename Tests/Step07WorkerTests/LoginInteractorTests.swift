import Authentication
import Seeds
import Testing

@testable import Step07Worker

/// Stands in for the worker: it answers with what a check sets, and records every call. A check
/// can hold the next login until it lets it go.
final class LoginWorkerSpy: LoginWorkerLogic {
    enum Message: Equatable, CustomDebugStringConvertible {
        case login(email: String, password: String)
        case validateCredentials(email: String, password: String)

        var debugDescription: String {
            switch self {
            case .login(let email, let password):
                ".login(email: \(String(reflecting: email)), password: \(String(reflecting: password)))"
            case .validateCredentials(let email, let password):
                ".validateCredentials(email: \(String(reflecting: email)), password: \(String(reflecting: password)))"
            }
        }
    }

    private(set) var messages: [Message] = []
    /// What login(email:password:) answers, one call after another; the last one stays.
    var loginResults: [Result<User, any Error>] = [.failure(AuthError.unknown)]
    var validationResult = ValidationResult(emailError: nil, passwordError: nil)
    /// Where a check can hold a login, its answer already chosen, until it lets it go.
    let heldLogin = HeldCall()

    func login(email: String, password: String) async throws -> User {
        messages.append(.login(email: email, password: password))
        let result = loginResults.count > 1 ? loginResults.removeFirst() : loginResults[0]
        await heldLogin.pass()
        return try result.get()
    }

    func validateCredentials(email: String, password: String) -> ValidationResult {
        messages.append(.validateCredentials(email: email, password: password))
        return validationResult
    }
}

/// Stands in for the presenter and records every message the interactor sends it, in order.
/// With a login result it also records the user the interactor kept at that very moment: the
/// view routes home as soon as it displays a success, and the router reads that user then.
final class LoginPresenterSpy: LoginPresentationLogic {
    enum Message: Equatable, CustomDebugStringConvertible {
        case presentLoading(isLoading: Bool)
        case presentLoginResult(Result<User, AuthError>, keptUser: User?)
        case presentValidationError(emailError: String?, passwordError: String?)

        var debugDescription: String {
            switch self {
            case .presentLoading(let isLoading):
                ".presentLoading(isLoading: \(isLoading))"
            case .presentLoginResult(let result, let keptUser):
                ".presentLoginResult(\(describe(result)), keptUser: \(describe(keptUser)))"
            case .presentValidationError(let emailError, let passwordError):
                ".presentValidationError(emailError: \(quoted(emailError)), passwordError: \(quoted(passwordError)))"
            }
        }
    }

    private(set) var messages: [Message] = []
    /// The data store whose user a login result is recorded with: the interactor under test.
    weak var dataStore: LoginInteractor?

    func presentLoginResult(response: Login.Authenticate.Response) {
        messages.append(.presentLoginResult(response.result, keptUser: dataStore?.authenticatedUser))
    }

    func presentValidationError(response: Login.Validate.Response) {
        messages.append(.presentValidationError(emailError: response.emailError, passwordError: response.passwordError))
    }

    func presentLoading(isLoading: Bool) {
        messages.append(.presentLoading(isLoading: isLoading))
    }
}

/// Optional text as a report shows it: `"Enter your password."` or `nil`.
func quoted(_ text: String?) -> String {
    text.map { String(reflecting: $0) } ?? "nil"
}

/// A user as a report shows them: their name and id.
func describe(_ user: User?) -> String {
    user.map { "\($0.name) (\($0.id))" } ?? "nil"
}

/// A login's result as a report shows it: `.success(Ada Lovelace (u-001))`, `.failure(.wrongPassword)`.
func describe(_ result: Result<User, AuthError>) -> String {
    switch result {
    case .success(let user): ".success(\(describe(user)))"
    case .failure(let error): ".failure(\(error.testDescription))"
    }
}

@Suite("LoginInteractor orchestrates the worker and the presenter")
struct LoginInteractorTests {
    let workerSpy = LoginWorkerSpy()
    let presenterSpy = LoginPresenterSpy()

    /// An interactor over the two spies, as every check here starts.
    func makeSUT() -> LoginInteractor {
        let sut = LoginInteractor(worker: workerSpy)
        sut.presenter = presenterSpy
        presenterSpy.dataStore = sut
        return sut
    }

    /// Look in: Login/LoginInteractor.swift at `func authenticate`
    /// Hint: The interactor orchestrates and does none of the work itself: loading on, ask the worker, keep the user,
    ///   present the result, loading off. authenticate(request:) is already async, so it simply awaits the worker: no
    ///   Task { } inside it (the guide's Task returns before the worker answers). The worker signs in and the presenter
    ///   chooses the words.
    /// Hint: Await worker.login(email:password:) directly in authenticate(request:), once, with the request's email and
    ///   password. On success set authenticatedUser, then present .success(user). Declare no view, router or service in
    ///   the interactor: it talks to its worker and its presenter only.
    /// Hint: presenter?.presentLoading(isLoading: true); defer { presenter?.presentLoading(isLoading: false) }; do {
    ///   let user = try await worker.login(email: request.email, password: request.password); authenticatedUser = user;
    ///   presenter?.presentLoginResult(response: Login.Authenticate.Response(result: .success(user))) } catch …
    @Test("A login shows loading, keeps the worker's user, presents it, then ends loading", arguments: Seeds.accounts)
    func successfulLogin(account: AccountSeed) async throws {
        // Given
        let sut = makeSUT()
        workerSpy.loginResults = [.success(account.user)]

        // When
        await sut.authenticate(
            request: Login.Authenticate.Request(email: account.user.email, password: account.password))

        // Then
        // authenticate(request:) is already async: await worker.login(email:password:) in it. A Task { } inside would return before the worker answers.
        try #require(workerSpy.messages != [])
        // It asks the worker once, with the request's credentials.
        #expect(workerSpy.messages == [.login(email: account.user.email, password: account.password)])
        let expected: [LoginPresenterSpy.Message] = [
            .presentLoading(isLoading: true),
            .presentLoginResult(.success(account.user), keptUser: account.user),
            .presentLoading(isLoading: false),
        ]
        // Loading on, the result, loading off, each once; authenticatedUser = user comes before presenting, so the success finds the user already kept.
        #expect(presenterSpy.messages == expected)
        // The interactor decides and the presenter talks to the view: declare no view or router in the interactor, not even one left nil.
        #expect(properties(of: sut, holding: .view, .router) == [])
        // The worker it is given is its only way to the service: declare no service in the interactor, not even one left nil.
        #expect(properties(of: sut, holding: .service) == [])
    }

    /// Look in: Login/LoginInteractor.swift at `func authenticate`
    /// Hint: A failed login still has a result the person must see. The interactor presents the worker's AuthError as a
    ///   failure, once, keeps no user, and still turns loading off. authenticate(request:) is already async: await the
    ///   worker in it, with no Task { } inside, so the failure is presented before it returns.
    /// Hint: Put the awaited worker.login call in do/catch, directly in authenticate(request:). `catch let error as
    ///   AuthError` presents .failure(error), not .unknown (so no try?). A `defer` written right after loading on makes
    ///   loading off the last message on every path.
    /// Hint: catch let error as AuthError { presenter?.presentLoginResult(response: Login.Authenticate.Response(result:
    ///   .failure(error))) }, with `defer { presenter?.presentLoading(isLoading: false) }` at the top of the method.
    @Test("A failed login presents its AuthError, keeps no user, and still ends loading", arguments: AuthError.allCases)
    func failedLogin(error: AuthError) async throws {
        // Given
        // A seed account to log in as.
        let account = try #require(Seeds.accounts.first)
        let sut = makeSUT()
        workerSpy.loginResults = [.failure(error)]

        // When
        await sut.authenticate(
            request: Login.Authenticate.Request(email: account.user.email, password: account.password))

        // Then
        // authenticate(request:) awaits worker.login(email:password:) itself, with no Task { } inside: by the time it returns, the worker has answered.
        try #require(workerSpy.messages != [])
        // It asks the worker once, with the request's credentials.
        #expect(workerSpy.messages == [.login(email: account.user.email, password: account.password)])
        let expected: [LoginPresenterSpy.Message] = [
            .presentLoading(isLoading: true),
            .presentLoginResult(.failure(error), keptUser: nil),
            .presentLoading(isLoading: false),
        ]
        // `catch let error as AuthError` presents .failure(error), once; loading ends even so (a `defer` right after loading on does it).
        #expect(presenterSpy.messages == expected)
    }

    /// Look in: Login/LoginInteractor.swift at `func authenticate`
    /// Hint: Some failures are not an AuthError, such as a dropped connection. The person must still hear that the
    ///   login failed, as AuthError.unknown, which the presenter knows how to word. Loading ends here too.
    /// Hint: After the `catch let error as AuthError` clause, add a plain `catch` for everything else, presenting
    ///   .failure(.unknown). Loading still ends through the defer; if you end it in each branch instead, this branch
    ///   needs it too.
    /// Hint: catch { presenter?.presentLoginResult(response: Login.Authenticate.Response(result: .failure(.unknown))) }
    @Test("An error that is not an AuthError reaches the presenter as .unknown, and loading ends")
    func unexpectedErrorBecomesUnknown() async throws {
        // Given
        // A seed account to log in as.
        let account = try #require(Seeds.accounts.first)
        let sut = makeSUT()
        workerSpy.loginResults = [.failure(Seeds.unexpectedError)]

        // When
        await sut.authenticate(
            request: Login.Authenticate.Request(email: account.user.email, password: account.password))

        // Then
        // authenticate(request:) awaits worker.login(email:password:) itself, with no Task { } inside: by the time it returns, the worker has answered.
        try #require(workerSpy.messages != [])
        // It asks the worker once, with the request's credentials.
        #expect(workerSpy.messages == [.login(email: account.user.email, password: account.password)])
        let expected: [LoginPresenterSpy.Message] = [
            .presentLoading(isLoading: true),
            .presentLoginResult(.failure(.unknown), keptUser: nil),
            .presentLoading(isLoading: false),
        ]
        // Any other error is still a failed login the person must hear about: a plain `catch` presents .failure(.unknown); loading still ends.
        #expect(presenterSpy.messages == expected)
    }

    /// Look in: Login/LoginInteractor.swift at `func authenticate`
    /// Hint: A person who fails to log in tries again, and someone else may sign in after them, or while their login
    ///   is still under way. Each login must run in full (ask the worker, present loading, the result and the end of
    ///   loading again), and each success keeps and presents its own user: the last person to sign in is the one kept.
    ///   Nothing from an earlier or a later login may block, change or outlast it.
    /// Hint: If authenticate(request:) keeps state of its own (an isLoggingIn flag, a guard against a second tap, the
    ///   latest login's Task), drop it: the view already disables Log in while loading. Each call awaits its own
    ///   worker.login and presents what that call answered. On success, set authenticatedUser whatever it held before.
    /// Hint: authenticate(request:) keeps no state but authenticatedUser, set on every success: presentLoading(isLoading:
    ///   true); defer { presenter?.presentLoading(isLoading: false) }; do { let user = try await worker.login(…);
    ///   authenticatedUser = user … } catch let error as AuthError { … } catch { … }, with no early return.
    @Test(
        "A login after a failed one runs in full, and keeps its user; the next keeps its own person, not the first",
        arguments: AuthError.allCases)
    func loginAfterFailureRunsAgain(error: AuthError) async throws {
        // Given
        // A seed account to log in as, twice, and another person who signs in on the same screen after.
        let account = try #require(Seeds.accounts.last)
        // Someone else than that account.
        let other = try #require(Seeds.accounts.first { $0.user != account.user })
        let sut = makeSUT()
        workerSpy.loginResults = [
            .failure(error), .success(account.user), .success(other.user), .success(other.user), .success(account.user),
        ]
        let request = Login.Authenticate.Request(email: account.user.email, password: account.password)
        let otherRequest = Login.Authenticate.Request(email: other.user.email, password: other.password)

        // When
        await sut.authenticate(request: request)
        await sut.authenticate(request: request)
        await sut.authenticate(request: otherRequest)
        let sequentialLogins = presenterSpy.messages
        let keptAfterSequentialLogins = sut.authenticatedUser
        // The other person logs in again, and while the worker still holds that login, the account logs in, start to end.
        workerSpy.heldLogin.holdsNext = true
        let overtakenLogin = Task { await sut.authenticate(request: otherRequest) }
        await workerSpy.heldLogin.waitForHeld(orEndOf: overtakenLogin)
        await sut.authenticate(request: request)
        workerSpy.heldLogin.release()
        await overtakenLogin.value

        // Then
        // authenticate(request:) awaits worker.login(email:password:) itself, with no Task { } inside: by the time it returns, the worker has answered.
        try #require(workerSpy.messages != [])
        let asked = LoginWorkerSpy.Message.login(email: request.email, password: request.password)
        let askedAsOther = LoginWorkerSpy.Message.login(email: otherRequest.email, password: otherRequest.password)
        // Each login asks the worker: nothing left over from the failure or from a login under way (a flag, a guard) may stop another one.
        #expect(workerSpy.messages == [asked, asked, askedAsOther, askedAsOther, asked])
        let expected: [LoginPresenterSpy.Message] = [
            .presentLoading(isLoading: true),
            .presentLoginResult(.failure(error), keptUser: nil),
            .presentLoading(isLoading: false),
            .presentLoading(isLoading: true),
            .presentLoginResult(.success(account.user), keptUser: account.user),
            .presentLoading(isLoading: false),
            .presentLoading(isLoading: true),
            .presentLoginResult(.success(other.user), keptUser: other.user),
            .presentLoading(isLoading: false),
        ]
        // Each login presents its own loading on, result and loading off; the failure leaves nothing behind, and the
        // last person to sign in is the one kept.
        #expect(sequentialLogins == expected)
        // The interactor's data store holds that last person, for the router to hand on.
        #expect(keptAfterSequentialLogins == other.user)
        let overlapping = Array(presenterSpy.messages.dropFirst(sequentialLogins.count))
        // A login overtaken by a later one still ends with its own result: each call presents what its own worker.login answered, the user it kept with it, and its loading off.
        #expect(
            overlapping == [
                .presentLoading(isLoading: true), .presentLoading(isLoading: true),
                .presentLoginResult(.success(account.user), keptUser: account.user), .presentLoading(isLoading: false),
                .presentLoginResult(.success(other.user), keptUser: other.user), .presentLoading(isLoading: false),
            ])
        // The login that ended last signed in last: its person is the one kept.
        #expect(sut.authenticatedUser == other.user)
    }

    /// Look in: Login/LoginInteractor.swift at `func validateInput`
    /// Hint: The rules for credentials live in the worker. The interactor asks the worker and passes on exactly what it
    ///   found, without judging the fields itself, every time: the same request twice is answered twice.
    /// Hint: Call worker.validateCredentials(email:password:) once with the request's fields. Put its emailError and
    ///   passwordError into a Login.Validate.Response and present it once.
    /// Hint: let result = worker.validateCredentials(email: request.email, password: request.password);
    ///   presenter?.presentValidationError(response: Login.Validate.Response(emailError: result.emailError,
    ///   passwordError: result.passwordError))
    @Test(
        "Validating asks the worker and presents exactly what it found, every time it is asked",
        arguments: Seeds.credentialChecks)
    func validationGoesThroughTheWorker(check: CredentialSeed) {
        // Given
        let sut = makeSUT()
        workerSpy.validationResult = ValidationResult(emailError: check.emailError, passwordError: check.passwordError)

        // When
        sut.validateInput(request: Login.Validate.Request(email: check.email, password: check.password))
        sut.validateInput(request: Login.Validate.Request(email: check.email, password: check.password))

        // Then
        let asked = LoginWorkerSpy.Message.validateCredentials(email: check.email, password: check.password)
        // validateInput(request:) asks worker.validateCredentials(email:password:), once per request: the rules live in the worker.
        #expect(workerSpy.messages == [asked, asked])
        let found = LoginPresenterSpy.Message.presentValidationError(
            emailError: check.emailError, passwordError: check.passwordError)
        // It presents the worker's two errors as they are, each in its own field, once per request (the same again too), and nothing else.
        #expect(presenterSpy.messages == [found, found])
    }
}
