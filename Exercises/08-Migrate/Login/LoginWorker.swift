import Authentication
import Foundation

/// What the interactor may ask of the Login worker: talking to the authentication
/// service, and the rules typed credentials must follow before anything is sent.
protocol LoginWorkerLogic {
    func login(email: String, password: String) async throws -> User
    func validateCredentials(email: String, password: String) -> ValidationResult
}

/// What validation found: a message for each field to fix, nil for each that is fine.
struct ValidationResult {
    let emailError: String?
    let passwordError: String?

    var isValid: Bool {
        emailError == nil && passwordError == nil
    }
}

/// What validation says about each problem, word for word: the checks compare them.
enum ValidationMessage {
    static let emptyEmail = "Enter your email address."
    static let malformedEmail = "Enter an email address like name@example.com."
    static let emptyPassword = "Enter your password."
    static let shortPassword = "Use at least 8 characters for the password."
}

/// The Login scene's worker: it does what the interactor must not, talking to the
/// outside world, and knows the rules for credentials. No views, no presenters.
final class LoginWorker: LoginWorkerLogic {
    /// Passwords shorter than this are refused before they are sent.
    static let minimumPasswordLength = 8

    private let service: AuthenticationService

    init(service: AuthenticationService = BundledAuthenticationService()) {
        self.service = service
    }

    func login(email: String, password: String) async throws -> User {
        try await service.logIn(email: email, password: password)
    }

    func validateCredentials(email: String, password: String) -> ValidationResult {
        ValidationResult(emailError: problem(withEmail: email), passwordError: problem(withPassword: password))
    }

    private func problem(withEmail email: String) -> String? {
        let email = email.trimmingCharacters(in: .whitespacesAndNewlines)
        if email.isEmpty {
            return ValidationMessage.emptyEmail
        }
        // name@domain.tld: one @, no spaces, parts joined by single dots after it, two letters or more at the end.
        let shape = /[^@\s]+@[^@\s.]+(\.[^@\s.]+)*\.\p{L}{2,}/
        if email.wholeMatch(of: shape) == nil {
            return ValidationMessage.malformedEmail
        }
        return nil
    }

    private func problem(withPassword password: String) -> String? {
        if password.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            return ValidationMessage.emptyPassword
        }
        if password.count < Self.minimumPasswordLength {
            return ValidationMessage.shortPassword
        }
        return nil
    }
}
