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

/// Stands in for the service with answers given in advance, one per call, and records every
/// pair of credentials it is sent.
@MainActor
final class ScriptedAuthenticationService: AuthenticationService {
    private(set) var received: [AuthenticationServiceStub.Credentials] = []
    private var answers: [Result<User, any Error>]

    init(answers: [Result<User, any Error>]) {
        self.answers = answers
    }

    func logIn(email: String, password: String) async throws -> User {
        received.append(.init(email: email, password: password))
        return try answers.removeFirst().get()
    }
}

@Suite("LoginWorker checks credentials and signs in through the service")
struct LoginWorkerTests {
    /// Look in: Login/LoginWorker.swift at `func validateCredentials`
    /// Hint: Validation must let good credentials through: no message for a field that is fine. Spaces or a line break
    ///   around an email are not a mistake, and neither are capitals, dotted names, subdomains or letters outside
    ///   ASCII, even after the last dot (zoë@café.example, ada@orbit.рф). A password is judged as typed: spaces count,
    ///   and length is in characters, not bytes.
    /// Hint: Answer nil for each field that breaks no rule. Trim the email with .whitespacesAndNewlines (both ends)
    ///   before you judge it, and allow any character but @, spaces and dots in each part, with any number of dotted
    ///   parts after the @. Never trim the password; count it with password.count: 8 or more is fine, even if some are
    ///   spaces.
    /// Hint: ValidationResult(emailError: <the email's problem or nil>, passwordError: <the password's problem or
    ///   nil>), where a trimmed email is fine when it wholeMatches /[^@\s]+@[^@\s.]+(\.[^@\s.]+)*\.\p{L}{2,}/ and a
    ///   password is fine with count >= LoginWorker.minimumPasswordLength and not only spaces.
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

    /// Look in: Login/LoginWorker.swift at `func validateCredentials`
    /// Hint: Each mistake gets its own message so the person knows what to fix. An empty field and a badly shaped one
    ///   are different problems, and each field is judged on its own, even when the other is wrong too. Almost-right
    ///   emails count as malformed: two @, nothing before the @, a dot right after it, two dots in a row, a dot at the
    ///   end, a digit after the last dot.
    /// Hint: Email, trimmed: empty gives ValidationMessage.emptyEmail, otherwise a shape other than name@domain.tld
    ///   gives .malformedEmail (every part between dots is non-empty; two letters or more after the last dot).
    ///   Password: empty or only spaces gives .emptyPassword, otherwise fewer than LoginWorker.minimumPasswordLength
    ///   characters gives .shortPassword: count Characters (password.count), not utf8, utf16 or unicodeScalars.
    /// Hint: Write one small function per field, each returning a ValidationMessage or nil. Email: `let email =
    ///   email.trimmingCharacters(in: .whitespacesAndNewlines)`; if email.isEmpty → .emptyEmail; if
    ///   email.wholeMatch(of: /[^@\s]+@[^@\s.]+(\.[^@\s.]+)*\.\p{L}{2,}/) == nil → .malformedEmail. Password: if
    ///   password.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty → .emptyPassword; if password.count <
    ///   Self.minimumPasswordLength → .shortPassword.
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

    /// Look in: Login/LoginWorker.swift at `func validateCredentials`
    /// Hint: This check makes up four hundred emails and three hundred passwords and asks one worker about each, in
    ///   turn: names and domains beyond ASCII, dots inside the name, almost-right addresses of every kind, blanks
    ///   around them; passwords empty, of spaces, and a character under, at and over the minimum, counted as Swift
    ///   counts characters. Each answer must be what the guide's rules say, whatever came before.
    /// Hint: Email, trimmed at both ends: empty; or exactly one @ with something before it, no blank anywhere, and after
    ///   it two or more non-empty parts joined by single dots, the last two letters or more (of any alphabet). Password,
    ///   as typed: spaces only or empty; fewer than LoginWorker.minimumPasswordLength characters (password.count).
    /// Hint: email.trimmingCharacters(in: .whitespacesAndNewlines), then wholeMatch(of:
    ///   /[^@\s]+@[^@\s.]+(\.[^@\s.]+)*\.\p{L}{2,}/); password.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty,
    ///   then password.count < Self.minimumPasswordLength. Nothing kept between calls.
    @Test("Hundreds of generated emails and passwords each get the message Login's rules give them")
    func generatedCredentialsAreJudgedByTheRules() {
        // Given
        let sut = LoginWorker(service: AuthenticationServiceStub(result: .failure(AuthError.unknown)))
        let emails = GeneratedCredentials.emails()
        let passwords = GeneratedCredentials.passwords(minimum: LoginWorker.minimumPasswordLength)

        // When
        let miss = emails.indices.firstMiss { index -> String? in
            let email = emails[index]
            let password = passwords[index % passwords.count]
            let result = sut.validateCredentials(email: email.text, password: password.text)
            let expectedEmail: String? =
                switch LoginRules.judge(email: email.text) {
                case .fine: nil
                case .empty: Seeds.ValidationText.emptyEmail
                case .malformed: Seeds.ValidationText.malformedEmail
                }
            let expectedPassword: String? =
                switch LoginRules.judge(password: password.text, minimum: LoginWorker.minimumPasswordLength) {
                case .fine: nil
                case .empty: Seeds.ValidationText.emptyPassword
                case .short: Seeds.ValidationText.shortPassword
                }
            if result.emailError != expectedEmail {
                return "the email \(email) got \(quoted(result.emailError)), not \(quoted(expectedEmail))"
            }
            if result.passwordError != expectedPassword {
                return "the password \(password) got \(quoted(result.passwordError)), not \(quoted(expectedPassword))"
            }
            return nil
        }

        // Then
        // Each field gets the message the rules give it, on its own, call after call (README.md has the rules).
        #expect(miss == nil)
    }

    /// Look in: Login/LoginWorker.swift at `func login`
    /// Hint: One worker serves a whole session: it asks the service it was given every time, with what it is given that
    ///   time, and answers with what the service says then. A user who signed in before says nothing about the next
    ///   login, and a service that was unavailable, or failed, may answer the next time.
    /// Hint: No cache of users by email, no remembered answer, no other service after an error:
    ///   `try await service.logIn(email:password:)` on every call, on the injected service.
    /// Hint: The whole body is `try await service.logIn(email: email, password: password)`.
    @Test("One worker asks the service at every login and answers with what it says that time")
    func everyLoginAsksTheService() async throws {
        // Given
        // A seed account to log in as.
        let account = try #require(Seeds.accounts.first)
        // And another one.
        let other = try #require(Seeds.accounts.last)
        // The second answer locks the account; the service unlocks it later, and the worker must ask to find out. It is
        // unavailable once, and fails once for a reason of its own, and answers again after each.
        let serviceStub = ScriptedAuthenticationService(answers: [
            .success(account.user), .failure(AuthError.accountLocked), .success(other.user),
            .failure(AuthError.serviceUnavailable), .failure(Seeds.unexpectedError), .success(account.user),
        ])
        let sut = LoginWorker(service: serviceStub)
        let attempts = [
            (account.user.email, account.password), (account.user.email, Seeds.wrongPassword),
            (other.user.email, other.password), (account.user.email, account.password),
            (account.user.email, account.password), (account.user.email, account.password),
        ]

        // When
        var answers: [String] = []
        for (email, password) in attempts {
            do {
                answers.append(describe(try await sut.login(email: email, password: password)))
            } catch {
                answers.append(String(describing: error))
            }
        }

        // Then
        // Six logins, six calls to the injected service (after an error too), each with that login's own email and password.
        #expect(serviceStub.received == attempts.map { .init(email: $0.0, password: $0.1) })
        // Each answer is the service's answer to that call: a user, or the very error it threw.
        #expect(
            answers == [
                describe(account.user), String(describing: AuthError.accountLocked), describe(other.user),
                String(describing: AuthError.serviceUnavailable), String(describing: Seeds.unexpectedError),
                describe(account.user),
            ])
    }

    /// Look in: Login/LoginWorker.swift at `func login`
    /// Hint: The worker is the part that talks to the outside world. login passes the credentials to the service it was
    ///   given exactly as they were typed (the service knows how to match an email), and answers with that service's
    ///   user. It knows nothing of the scene: no view, presenter, interactor or router.
    /// Hint: Replace `throw NotWrittenYet(…)` with one awaited call on the injected `service` (not a new service), with
    ///   the same email and password: don't trim or lowercase them. Return what it returns. Remove any view or
    ///   presenter property you gave the worker.
    /// Hint: func login(email: String, password: String) async throws -> User { try await service.logIn(email: email,
    ///   password: password) }
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

    /// Look in: Login/LoginWorker.swift at `func login`
    /// Hint: When the service refuses a login, the worker passes its AuthError on unchanged. The interactor decides
    ///   what the error means for the screen.
    /// Hint: No do/catch and no mapping: `try await` already lets whatever the service throws reach the caller. Call
    ///   the service once.
    /// Hint: The whole body is `try await service.logIn(email: email, password: password)`, with no catch and no new
    ///   error.
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

    /// Look in: Login/LoginWorker.swift at `func login`
    /// Hint: Not every failure is an AuthError: a dropped connection throws its own error. The worker passes that on
    ///   unchanged too. Turning it into AuthError.unknown is the interactor's decision, not the worker's.
    /// Hint: Catch nothing in login(email:password:): no do/catch that maps errors, no try?. `try await` already hands
    ///   whatever the service throws to the caller.
    /// Hint: The whole body is `try await service.logIn(email: email, password: password)`: no `catch { throw
    ///   AuthError.unknown }`.
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
