import Foundation

/// Checks an email and a password and answers with the user they belong to.
///
/// The Login worker talks to this, never the interactor: in an app it would be the
/// network client; here it is `LocalAuthenticationService`, over a bundled file.
public protocol AuthenticationService: Sendable {
    /// The user with this email, when the password is theirs.
    /// - Throws: an `AuthError` saying why not.
    func logIn(email: String, password: String) async throws -> User
}

/// An authentication service that keeps its accounts in memory, read from a JSON file.
///
/// Unknown email, wrong password and a locked account each throw their own `AuthError`.
/// Emails match without regard to case or the spaces and line breaks around them, as sign-in
/// forms do; passwords match exactly.
public struct LocalAuthenticationService: AuthenticationService {
    /// One account as the file stores it. A demo file: real services never keep passwords.
    public struct Account: Codable, Hashable, Sendable {
        public let user: User
        public let password: String
        public let isLocked: Bool

        public init(user: User, password: String, isLocked: Bool = false) {
            self.user = user
            self.password = password
            self.isLocked = isLocked
        }
    }

    public let accounts: [Account]

    public init(accounts: [Account]) {
        self.accounts = accounts
    }

    /// The accounts in `file` of `bundle`; `accounts.json` of this module by default.
    /// - Throws: `AuthError.serviceUnavailable` when the file is missing or not a list of accounts.
    public init(bundle: Bundle = .authentication, file: String = "accounts.json") throws {
        guard let url = bundle.url(forResource: file, withExtension: nil),
            let data = try? Data(contentsOf: url),
            let accounts = try? JSONDecoder().decode([Account].self, from: data)
        else {
            throw AuthError.serviceUnavailable
        }
        self.accounts = accounts
    }

    public func logIn(email: String, password: String) async throws -> User {
        let wanted = email.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard let account = accounts.first(where: { $0.user.email.lowercased() == wanted }) else {
            throw AuthError.unknownEmail
        }
        guard !account.isLocked else { throw AuthError.accountLocked }
        guard account.password == password else { throw AuthError.wrongPassword }
        return account.user
    }
}

extension Bundle {
    /// The bundle that holds the Login track's data files, `accounts.json` among them.
    public static var authentication: Bundle { .module }
}
