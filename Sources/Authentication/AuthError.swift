import Foundation

/// Why signing in did not work, each with a sentence a person can act on.
public enum AuthError: Error, Equatable, Hashable, Sendable, CaseIterable {
    /// No account has this email.
    case unknownEmail
    /// The account exists; the password is not its password.
    case wrongPassword
    /// The account exists but may not sign in.
    case accountLocked
    /// The accounts could not be read, so nobody can sign in.
    case serviceUnavailable
    /// Anything else that went wrong.
    case unknown
}

extension AuthError: LocalizedError, CustomStringConvertible {
    public var errorDescription: String? { description }

    public var description: String {
        switch self {
        case .unknownEmail: "There is no account with that email. Check it, or sign up."
        case .wrongPassword: "That password is not right. Try again, or reset it."
        case .accountLocked: "This account is locked. Contact support to unlock it."
        case .serviceUnavailable: "Signing in is not available right now. Try again later."
        case .unknown: "Something went wrong while signing in. Try again."
        }
    }
}
