import Authentication
import Foundation

/// What the view may ask of the Forgot password scene's business logic.
protocol ForgotPasswordBusinessLogic {
    /// Async, so that whoever asks can await the whole request.
    func sendLink(request: ForgotPassword.SendLink.Request) async
}

/// What the scene keeps for the scene after it: the router hands the email on to Login.
protocol ForgotPasswordDataStore {
    var email: String? { get set }
}

/// The Forgot password scene's business logic.
final class ForgotPasswordInteractor: ForgotPasswordBusinessLogic, ForgotPasswordDataStore {
    var presenter: ForgotPasswordPresentationLogic?
    var worker: ForgotPasswordWorkerLogic

    var email: String?

    init(worker: ForgotPasswordWorkerLogic = ForgotPasswordWorker()) {
        self.worker = worker
    }

    func sendLink(request: ForgotPassword.SendLink.Request) async {
        // TODO: move the view model's business logic here (README.md): judge the trimmed email,
        // present .sending, ask the worker, keep the email, present what happened, as facts.
    }
}
