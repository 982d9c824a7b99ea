import Authentication
import Foundation

/// The Forgot password screen's logic, MVVM style: one class that judges the email, calls
/// the service, writes every sentence and decides where to go. It works; the migration in
/// README.md splits it into the VIP parts, and then this file goes.
final class ForgotPasswordViewModel {
    private let service: PasswordResetService

    // What the view shows, kept up to date here.
    private(set) var emailError: String?
    private(set) var isSending = false
    private(set) var confirmation: String?
    private(set) var alertMessage: String?

    /// Called with the email once the link is sent: the view takes the person back to Login.
    var onSent: ((String) -> Void)?

    init(service: PasswordResetService) {
        self.service = service
    }

    func send(email typed: String) async {
        emailError = nil
        alertMessage = nil
        confirmation = nil
        let email = typed.trimmingCharacters(in: .whitespacesAndNewlines)
        if email.isEmpty {
            emailError = ValidationMessage.emptyEmail
            return
        }
        // The same rule as Login's: name@domain.tld, letters outside ASCII welcome.
        if email.wholeMatch(of: /[^@\s]+@[^@\s.]+(\.[^@\s.]+)*\.\p{L}{2,}/) == nil {
            emailError = ValidationMessage.malformedEmail
            return
        }
        isSending = true
        do {
            try await service.requestPasswordReset(email: email)
            isSending = false
            confirmation = "We sent a link to choose a new password to \(email)."
            onSent?(email)
        } catch let error as PasswordResetError {
            isSending = false
            switch error {
            case .unknownEmail:
                alertMessage = "There is no account with that email. Check it, or sign up."
            case .accountLocked:
                alertMessage = "This account is locked, so its password cannot be reset. Contact support."
            case .tooManyRequests:
                alertMessage = "You asked for several links just now. Wait a few minutes, then try again."
            case .serviceUnavailable:
                alertMessage = "Links cannot be sent right now. Try again later."
            case .unknown:
                alertMessage = "Something went wrong while sending the link. Try again."
            }
        } catch {
            isSending = false
            alertMessage = "Something went wrong while sending the link. Try again."
        }
    }
}
