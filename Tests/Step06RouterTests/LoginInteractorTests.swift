import Authentication
import Seeds
import Testing

@testable import Step06Router

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

extension LoginPresenterSpy.Message {
    /// The message without the user kept when it was sent: for logins whose kept user a correct
    /// interactor may or may not have cleared.
    var withoutKeptUser: Self {
        guard case .presentLoginResult(let result, _) = self else { return self }
        return .presentLoginResult(result, keptUser: nil)
    }
}

/// Stands in for the authentication service: it answers from the seeds' accounts and records the
/// email of every login it is sent, in order. A check can make the next login fail for a reason
/// that is not an `AuthError`, or hold it until the check lets it go.
@MainActor
final class AuthenticationServiceSpy: AuthenticationService {
    private let accounts: LocalAuthenticationService
    private(set) var askedEmails: [String] = []
    /// What the next login throws instead of an answer from the accounts; nil: it answers.
    var nextError: (any Error)?
    /// Where a check can hold a login until it lets it go.
    let heldLogin = HeldCall()

    init() throws {
        accounts = try Seeds.authenticationService()
    }

    func logIn(email: String, password: String) async throws -> User {
        askedEmails.append(email)
        let error = nextError
        nextError = nil
        await heldLogin.pass()
        if let error { throw error }
        return try await accounts.logIn(email: email, password: password)
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
    case .failure(let error): ".failure(.\(error.caseName))"
    }
}

extension AuthError {
    /// The case's name, not the sentence it shows a person.
    var caseName: String {
        switch self {
        case .unknownEmail: "unknownEmail"
        case .wrongPassword: "wrongPassword"
        case .accountLocked: "accountLocked"
        case .serviceUnavailable: "serviceUnavailable"
        case .unknown: "unknown"
        }
    }
}

@Suite("LoginInteractor keeps the signed-in user for the router")
struct LoginInteractorTests {
    /// Look in: Login/LoginInteractor.swift at `var authenticatedUser`
    /// Hint: The interactor is also the scene's LoginDataStore: after a login it remembers who signed in, so the router
    ///   has someone to hand to Home. After a failed login it remembers nobody.
    /// Hint: The stub's getter always answers nil and its setter drops the value. Make authenticatedUser a plain stored
    ///   property, then set it in authenticate(request:) as soon as the service answers with a user.
    /// Hint: Declare `var authenticatedUser: User?` with no body, and in the do block write `authenticatedUser = user`
    ///   right after `let user = try await service.logIn(…)`, before presentLoginResult.
    @Test(
        "A login keeps exactly the signed-in user as authenticatedUser; a failed one keeps nobody",
        arguments: Seeds.accounts)
    func keepsTheSignedInUser(account: AccountSeed) async throws {
        // Given
        let sut = LoginInteractor(service: try Seeds.authenticationService())
        let wrongPassword = Login.Authenticate.Request(email: account.user.email, password: Seeds.wrongPassword)
        let rightPassword = Login.Authenticate.Request(email: account.user.email, password: account.password)

        // When
        await sut.authenticate(request: wrongPassword)
        let keptAfterFailure = sut.authenticatedUser
        await sut.authenticate(request: rightPassword)
        let keptAfterSuccess = sut.authenticatedUser
        // Another part then signs the person out through the data store, as a router writes the data store it passes to.
        var dataStore: any LoginDataStore = sut
        dataStore.authenticatedUser = nil

        // Then
        // A failed login leaves the data store empty: there is nobody to take home.
        #expect(keptAfterFailure == nil)
        // authenticate(request:) stores the user the service answered with in authenticatedUser.
        #expect(keptAfterSuccess == account.user)
        // authenticatedUser is a plain stored property: what is written to the data store is kept, where the stub's setter dropped it.
        #expect(sut.authenticatedUser == nil)
    }

    /// Look in: Login/LoginInteractor.swift at `func authenticate`
    /// Hint: The view routes home the moment it displays a success, and the router reads authenticatedUser right then:
    ///   the user must already be kept when the result is presented. Loading still goes on first and off last, on every
    ///   path (an error that is not an AuthError too, as .failure(.unknown)), login after login, even for a login asked
    ///   while an earlier one still awaits the service, and always through the service the interactor was given. The
    ///   interactor reaches the screen only through its presenter.
    /// Hint: In authenticate(request:), set authenticatedUser on the line after the service answers, before
    ///   presentLoginResult, and not inside a Task. Keep the starter's presentLoading(isLoading: true) and its `defer`,
    ///   with no flag or guard that turns a login away, and never replace `service`. If you gave the interactor a view
    ///   or a router property, remove it: routing is the view's and the router's job.
    /// Hint: presenter?.presentLoading(isLoading: true); defer { presenter?.presentLoading(isLoading: false) }; do {
    ///   let user = try await service.logIn(email: request.email, password: request.password); authenticatedUser =
    ///   user; presenter?.presentLoginResult(response: Login.Authenticate.Response(result: .success(user))) } catch …,
    ///   as the starter has it, with `authenticatedUser = user` added.
    @Test(
        "Each login presents loading, then its result with the user already kept, then the end of loading, every time",
        arguments: Seeds.loginAttempts)
    func loginPresentsInOrder(attempt: LoginAttemptSeed) async throws {
        // Given
        let serviceSpy = try AuthenticationServiceSpy()
        let sut = LoginInteractor(service: serviceSpy)
        let presenterSpy = LoginPresenterSpy()
        sut.presenter = presenterSpy
        presenterSpy.dataStore = sut
        // Someone who logs in while an earlier login still awaits the service.
        let other = try #require(Seeds.accounts.first)

        let request = Login.Authenticate.Request(email: attempt.email, password: attempt.password)
        let otherRequest = Login.Authenticate.Request(email: other.user.email, password: other.password)

        // When
        await sut.authenticate(request: request)
        let firstLogin = presenterSpy.messages
        // The same interactor, asked again: once when its service fails for a reason of its own, then the same login again.
        serviceSpy.nextError = Seeds.unexpectedError
        await sut.authenticate(request: request)
        await sut.authenticate(request: request)
        let sequentialLogins = presenterSpy.messages
        // Then the same login once more, held by the service while the other person logs in, start to end.
        serviceSpy.heldLogin.holdsNext = true
        let heldLogin = Task { await sut.authenticate(request: request) }
        await serviceSpy.heldLogin.waitForHeld(orEndOf: heldLogin)
        await sut.authenticate(request: otherRequest)
        serviceSpy.heldLogin.release()
        await heldLogin.value

        // Then
        let expected: [LoginPresenterSpy.Message] = [
            .presentLoading(isLoading: true),
            .presentLoginResult(attempt.outcome, keptUser: attempt.signedInUser),
            .presentLoading(isLoading: false),
        ]
        // Loading on, the result, loading off, each once; set authenticatedUser = user before presentLoginResult, so a success finds the user already kept.
        #expect(firstLogin == expected)
        let results = sequentialLogins.dropFirst(3).map(\.withoutKeptUser)
        // Every login runs in full: an error that is not an AuthError is presented as .failure(.unknown), and the next login is answered as the first was.
        #expect(
            results == [
                .presentLoading(isLoading: true), .presentLoginResult(.failure(.unknown), keptUser: nil),
                .presentLoading(isLoading: false),
            ] + expected.map(\.withoutKeptUser))
        // Every login asks the service the interactor was given, the one after a failure too: keep `service` as it is.
        #expect(
            serviceSpy.askedEmails == [request.email, request.email, request.email, request.email, other.user.email])
        let overlapping = presenterSpy.messages.dropFirst(sequentialLogins.count).map(\.withoutKeptUser)
        // A login asked while an earlier one still awaits the service runs in full too (no flag or guard turns it away): its loading on, its result, its loading off; then the earlier one ends with its own result.
        #expect(
            overlapping == [
                .presentLoading(isLoading: true), .presentLoading(isLoading: true),
                .presentLoginResult(.success(other.user), keptUser: nil), .presentLoading(isLoading: false),
                .presentLoginResult(attempt.outcome, keptUser: nil), .presentLoading(isLoading: false),
            ])
        // The interactor reaches the screen only through its presenter: declare no view or router in it, not even one left nil.
        #expect(properties(of: sut, holding: .view, .router) == [])
    }
}
