import Authentication
import Foundation

/// The Login track's values: accounts to sign in with, attempts that end each way a
/// login can end, and typed credentials with what validation must say about them.
extension Seeds {
    /// The accounts file the Login checks sign in against. Its people are not the app's
    /// own (`Sources/Authentication/Resources/accounts.json`), so none can be built in.
    public static let accountsFile = "login-accounts.json"

    /// The given in-process service over `accountsFile`.
    public static func authenticationService() throws -> LocalAuthenticationService {
        try LocalAuthenticationService(bundle: bundle, file: accountsFile)
    }

    /// The people in `accountsFile` who may sign in, each with their password.
    public static let accounts: [AccountSeed] = [
        AccountSeed(
            user: User(id: "kj-1962", name: "Katherine Johnson", email: "katherine@orbit.example"),
            password: "trajectory-1962",
            welcomeMessage: "Welcome, Katherine Johnson!"
        ),
        AccountSeed(
            user: User(id: "mh-1969", name: "Margaret Hamilton", email: "margaret@apollo.example"),
            password: "lunar-module-11",
            welcomeMessage: "Welcome, Margaret Hamilton!"
        ),
        // A name outside ASCII, and a password with spaces at both ends: real input, never trimmed.
        AccountSeed(
            user: User(id: "ec-1740", name: "Émilie du Châtelet", email: "emilie@principia.example"),
            password: " forces-vives·1740 ",
            welcomeMessage: "Welcome, Émilie du Châtelet!"
        ),
    ]

    /// A password that no account in `accountsFile` has.
    public static let wrongPassword = "not-the-password"

    /// Every way a login against `accountsFile` can end. Each attempt passes validation,
    /// so it reaches the service.
    public static let loginAttempts: [LoginAttemptSeed] = [
        LoginAttemptSeed(
            name: "Katherine with her own password",
            email: "katherine@orbit.example", password: "trajectory-1962",
            outcome: .success(accounts[0].user), screenMessage: accounts[0].welcomeMessage
        ),
        LoginAttemptSeed(
            name: "Margaret, email typed with capitals and spaces",
            email: "  Margaret@Apollo.example ", password: "lunar-module-11",
            outcome: .success(accounts[1].user), screenMessage: accounts[1].welcomeMessage
        ),
        LoginAttemptSeed(
            name: "Émilie, whose password has spaces at both ends",
            email: "emilie@principia.example", password: " forces-vives·1740 ",
            outcome: .success(accounts[2].user), screenMessage: accounts[2].welcomeMessage
        ),
        LoginAttemptSeed(
            name: "Katherine, email pasted with a line break after it",
            email: "katherine@orbit.example\n", password: "trajectory-1962",
            outcome: .success(accounts[0].user), screenMessage: accounts[0].welcomeMessage
        ),
        LoginAttemptSeed(
            name: "an email no account has",
            email: "nobody@orbit.example", password: "trajectory-1962",
            outcome: .failure(.unknownEmail), screenMessage: AuthError.unknownEmail.description
        ),
        LoginAttemptSeed(
            name: "Margaret with the wrong password",
            email: "margaret@apollo.example", password: wrongPassword,
            outcome: .failure(.wrongPassword), screenMessage: AuthError.wrongPassword.description
        ),
        LoginAttemptSeed(
            name: "Katherine, her password with a space after it",
            email: "katherine@orbit.example", password: "trajectory-1962 ",
            outcome: .failure(.wrongPassword), screenMessage: AuthError.wrongPassword.description
        ),
        LoginAttemptSeed(
            name: "Edsger, whose account is locked",
            email: "edsger@shortest.example", password: "goto-harmful",
            outcome: .failure(.accountLocked), screenMessage: AuthError.accountLocked.description
        ),
    ]

    /// The attempts in `loginAttempts` that sign someone in.
    public static var successfulLoginAttempts: [LoginAttemptSeed] { loginAttempts.filter { $0.signedInUser != nil } }

    /// The attempts in `loginAttempts` that sign nobody in.
    public static var failedLoginAttempts: [LoginAttemptSeed] { loginAttempts.filter { $0.signedInUser == nil } }

    /// What validation says, word for word: step 7's `LoginWorker` gives these.
    public enum ValidationText {
        public static let emptyEmail = "Enter your email address."
        public static let malformedEmail = "Enter an email address like name@example.com."
        public static let emptyPassword = "Enter your password."
        public static let shortPassword = "Use at least 8 characters for the password."
    }

    /// Credentials that validation lets through.
    public static let acceptedCredentials: [CredentialSeed] = [
        CredentialSeed("an account's own email and password", "katherine@orbit.example", "trajectory-1962"),
        CredentialSeed("an email with capitals and spaces around it", "  Margaret@Apollo.Example ", "lunar-module-11"),
        CredentialSeed(
            "a dotted name, a subdomain, a password of exactly 8", "first.last@mail.example.co.uk", "8 chars!"),
        CredentialSeed("letters outside ASCII before and after the @", "zoë@café.example", "trajectory-1962"),
        CredentialSeed("letters outside ASCII after the last dot", "ada@orbit.рф", "trajectory-1962"),
        CredentialSeed("an email pasted with a line break after it", "katherine@orbit.example\n", "trajectory-1962"),
        CredentialSeed("a password of 8 with a space at each end (6 without)", "katherine@orbit.example", " orbit7 "),
        CredentialSeed("a password of exactly 8 characters, 9 bytes in UTF-8", "katherine@orbit.example", "crème-78"),
        CredentialSeed(
            "a password with spaces at both ends and a · in it", "emilie@principia.example", " forces-vives·1740 "),
    ]

    /// Credentials that validation refuses, with its message for each field.
    public static let refusedCredentials: [CredentialSeed] = [
        CredentialSeed("an empty email", "", "trajectory-1962", emailError: ValidationText.emptyEmail),
        CredentialSeed("an email of spaces only", "   ", "trajectory-1962", emailError: ValidationText.emptyEmail),
        CredentialSeed(
            "an email with no @", "katherine.orbit.example", "trajectory-1962",
            emailError: ValidationText.malformedEmail),
        CredentialSeed(
            "nothing before the @", "@orbit.example", "trajectory-1962", emailError: ValidationText.malformedEmail),
        CredentialSeed(
            "nothing after the @", "katherine@", "trajectory-1962", emailError: ValidationText.malformedEmail),
        CredentialSeed(
            "a domain with no dot", "katherine@localhost", "trajectory-1962", emailError: ValidationText.malformedEmail),
        CredentialSeed(
            "a one-letter top-level domain", "katherine@orbit.x", "trajectory-1962",
            emailError: ValidationText.malformedEmail),
        CredentialSeed(
            "two @ signs", "katherine@@orbit.example", "trajectory-1962", emailError: ValidationText.malformedEmail),
        CredentialSeed(
            "a space inside the email", "katherine johnson@orbit.example", "trajectory-1962",
            emailError: ValidationText.malformedEmail),
        CredentialSeed(
            "a dot at the very end", "katherine@orbit.example.", "trajectory-1962",
            emailError: ValidationText.malformedEmail),
        CredentialSeed(
            "a dot right after the @", "katherine@.orbit.example", "trajectory-1962",
            emailError: ValidationText.malformedEmail),
        CredentialSeed(
            "two dots in a row", "katherine@orbit..example", "trajectory-1962",
            emailError: ValidationText.malformedEmail),
        CredentialSeed(
            "a digit after the last dot", "katherine@orbit.c0m", "trajectory-1962",
            emailError: ValidationText.malformedEmail),
        CredentialSeed("an empty password", "katherine@orbit.example", "", passwordError: ValidationText.emptyPassword),
        CredentialSeed(
            "a password of 8 spaces", "katherine@orbit.example", "        ", passwordError: ValidationText.emptyPassword
        ),
        CredentialSeed(
            "a password of 7 characters", "katherine@orbit.example", "orbit-7",
            passwordError: ValidationText.shortPassword),
        CredentialSeed(
            "a password of 1 character", "margaret@apollo.example", "x", passwordError: ValidationText.shortPassword),
        CredentialSeed(
            "a password of 7 characters, 8 bytes in UTF-8", "katherine@orbit.example", "crème-7",
            passwordError: ValidationText.shortPassword),
        CredentialSeed(
            "a password of 7 characters, one an emoji of 3 scalars", "katherine@orbit.example", "🧑‍🚀-orbit",
            passwordError: ValidationText.shortPassword),
        CredentialSeed(
            "both fields empty", "", "", emailError: ValidationText.emptyEmail,
            passwordError: ValidationText.emptyPassword),
        CredentialSeed(
            "a malformed email and a short password", "margaret", "apollo",
            emailError: ValidationText.malformedEmail, passwordError: ValidationText.shortPassword
        ),
    ]

    /// Every credential case, accepted first.
    public static var credentialChecks: [CredentialSeed] { acceptedCredentials + refusedCredentials }

    /// An error that is not an `AuthError`, as a dropped connection would throw.
    public static let unexpectedError = ConnectionLost()
}

/// Someone in `Seeds.accountsFile` who may sign in.
public struct AccountSeed: Sendable, CustomStringConvertible {
    public let user: User
    public let password: String
    /// What the Login presenter says when this person signs in.
    public let welcomeMessage: String

    public var description: String { user.name }
}

/// A login against `Seeds.accountsFile`, and how it must end.
public struct LoginAttemptSeed: Sendable, CustomStringConvertible {
    public let name: String
    public let email: String
    public let password: String
    /// What the service answers: the user, or why not.
    public let outcome: Result<User, AuthError>
    /// What the Login screen shows at the end: the welcome, or the error's own text.
    public let screenMessage: String

    /// The user the Login data store keeps afterwards: nil for a failed login.
    public var signedInUser: User? { try? outcome.get() }

    /// The welcome on the Login screen afterwards: `screenMessage` after a success, nil after a failure.
    public var welcomeOnScreen: String? { signedInUser == nil ? nil : screenMessage }

    /// The alert on the Login screen afterwards: `screenMessage` after a failure, nil after a success.
    public var alertOnScreen: String? { signedInUser == nil ? screenMessage : nil }

    public var description: String { name }
}

/// Typed credentials and what validation says about each field (nil: nothing wrong).
public struct CredentialSeed: Sendable, CustomStringConvertible {
    public let name: String
    public let email: String
    public let password: String
    public let emailError: String?
    public let passwordError: String?

    public init(
        _ name: String, _ email: String, _ password: String, emailError: String? = nil, passwordError: String? = nil
    ) {
        self.name = name
        self.email = email
        self.password = password
        self.emailError = emailError
        self.passwordError = passwordError
    }

    /// Whether the Log in button may be pressed with these.
    public var isValid: Bool { emailError == nil && passwordError == nil }

    public var description: String { name }
}

/// A failure that is not an `AuthError`: the worker lets it through, the interactor reports it as `.unknown`.
public struct ConnectionLost: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String { "The connection was lost." }
}
