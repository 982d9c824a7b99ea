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

/// The Forgot password scene's business logic: it judges the email, asks the worker to send
/// the link, keeps the email for Login, and reports facts to the presenter, never sentences.
final class ForgotPasswordInteractor: ForgotPasswordBusinessLogic, ForgotPasswordDataStore {
    var presenter: ForgotPasswordPresentationLogic?
    var worker: ForgotPasswordWorkerLogic

    var email: String?

    init(worker: ForgotPasswordWorkerLogic = ForgotPasswordWorker()) {
        self.worker = worker
    }

    func sendLink(request: ForgotPassword.SendLink.Request) async {
        let email = request.email.trimmingCharacters(in: .whitespacesAndNewlines)
        if let problem = problem(with: email) {
            presenter?.presentSendLink(response: .invalidEmail(problem))
            return
        }
        presenter?.presentSendLink(response: .sending)
        do {
            try await worker.sendResetLink(email: email)
            self.email = email
            presenter?.presentSendLink(response: .sent(email: email))
        } catch let error as PasswordResetError {
            presenter?.presentSendLink(response: .failed(error))
        } catch {
            presenter?.presentSendLink(response: .failed(.unknown))
        }
    }

    /// Login's rule for an email: name@domain.tld, letters outside ASCII welcome.
    private func problem(with email: String) -> ForgotPassword.EmailProblem? {
        if email.isEmpty {
            return .empty
        }
        if email.wholeMatch(of: /[^@\s]+@[^@\s.]+(\.[^@\s.]+)*\.\p{L}{2,}/) == nil {
            return .malformed
        }
        return nil
    }
}
