import Authentication

/// What the interactor may ask of the Forgot password worker.
protocol ForgotPasswordWorkerLogic {
    func sendResetLink(email: String) async throws
}

/// The Forgot password scene's worker: the one part that talks to the reset service.
/// No rules and no words: it passes the email on and lets every error through.
final class ForgotPasswordWorker: ForgotPasswordWorkerLogic {
    private let service: PasswordResetService

    init(service: PasswordResetService = BundledAuthenticationService()) {
        self.service = service
    }

    func sendResetLink(email: String) async throws {
        try await service.requestPasswordReset(email: email)
    }
}
