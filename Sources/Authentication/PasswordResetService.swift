import Foundation

/// Sends a link to choose a new password to the account with an email.
///
/// A protocol of its own, beside `AuthenticationService`, so that signing in and resetting
/// stay separate jobs: the Login checks' stubs never have to learn about resets. The
/// bundled and the local service do both.
public protocol PasswordResetService: Sendable {
    /// Sends the link to the account with this email.
    /// - Throws: a `PasswordResetError` saying why it was not sent.
    func requestPasswordReset(email: String) async throws
}

/// Why a link to choose a new password was not sent.
///
/// No sentences here: the scene that asked decides what to tell the person.
public enum PasswordResetError: Error, Equatable, Hashable, Sendable, CaseIterable {
    /// No account has this email.
    case unknownEmail
    /// The account exists but is locked; a new password would not open it.
    case accountLocked
    /// Too many links were asked for this account just now.
    case tooManyRequests
    /// The service cannot send links at the moment.
    case serviceUnavailable
    /// Anything else that went wrong.
    case unknown
}

extension LocalAuthenticationService: PasswordResetService {
    /// An account with this email (matched as `logIn` matches it) gets the link, unless it is locked.
    public func requestPasswordReset(email: String) async throws {
        let wanted = email.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard let account = accounts.first(where: { $0.user.email.lowercased() == wanted }) else {
            throw PasswordResetError.unknownEmail
        }
        guard !account.isLocked else { throw PasswordResetError.accountLocked }
    }
}

extension BundledAuthenticationService: PasswordResetService {
    /// The bundled accounts answer; when they cannot be read, no link can be sent.
    public func requestPasswordReset(email: String) async throws {
        if delay > .zero {
            try? await Task.sleep(for: delay)
        }
        guard case .success(let service) = accounts else { throw PasswordResetError.serviceUnavailable }
        try await service.requestPasswordReset(email: email)
    }
}
