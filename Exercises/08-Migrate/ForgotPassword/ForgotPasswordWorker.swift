import Authentication
import Scaffolding

/// What the interactor may ask of the Forgot password worker.
protocol ForgotPasswordWorkerLogic {
    func sendResetLink(email: String) async throws
}

/// The Forgot password scene's worker.
final class ForgotPasswordWorker: ForgotPasswordWorkerLogic {
    private let service: PasswordResetService

    init(service: PasswordResetService = BundledAuthenticationService()) {
        self.service = service
    }

    func sendResetLink(email: String) async throws {
        // TODO: ask the service, as the view model does today; let its errors through.
        throw NotWrittenYet("ForgotPasswordWorker.sendResetLink(email:)")
    }
}
