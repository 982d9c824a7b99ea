import TerminalUI

/// What the presenter may show on the Forgot password screen.
protocol ForgotPasswordDisplayLogic: AnyObject {
    func displaySendLink(viewModel: ForgotPassword.SendLink.ViewModel)
}

/// The Forgot password screen: an email, a Send link button, and what became of the request.
/// It asks its interactor and shows what it is told; the only thing it decides is to go
/// back to Login once a confirmation is on screen.
final class ForgotPasswordViewController: NavigableView {
    var interactor: ForgotPasswordBusinessLogic?
    var router: (ForgotPasswordRoutingLogic & ForgotPasswordDataPassing)?
    /// Whoever shows this screen sets this, as UIKit sets `navigationController`.
    weak var navigator: Navigator?

    // What the screen shows.
    private(set) var email = ""
    private(set) var emailError: String?
    private(set) var isSending = false
    private(set) var confirmation: String?
    private(set) var alertMessage: String?

    /// The request the Send link button started: kept so that whoever pressed it can await it.
    private(set) var sendTask: Task<Void, Never>?

    var pendingWork: Task<Void, Never>? { sendTask }

    func onAppear() {}

    var body: Screen {
        Screen("Forgot password") {
            Text("Type the email you log in with, and we will send you a link to choose a new password.")
            TextField("Email", key: "email", text: email, error: emailError) { self.email = $0 }
            Button("Send link", key: "send", disabledReason: isSending ? "sending the link" : nil) {
                self.sendTapped()
            }
            ActivityIndicator("Sending the link", isAnimating: isSending)
            if let alertMessage {
                Alert(alertMessage)
            }
            if let confirmation {
                Text(confirmation)
            }
        }
    }

    func sendTapped() {
        let request = ForgotPassword.SendLink.Request(email: email)
        sendTask = Task { await interactor?.sendLink(request: request) }
    }
}

extension ForgotPasswordViewController: ForgotPasswordDisplayLogic {
    func displaySendLink(viewModel: ForgotPassword.SendLink.ViewModel) {
        emailError = viewModel.emailError
        isSending = viewModel.isSending
        confirmation = viewModel.confirmation
        alertMessage = viewModel.alertMessage
        if viewModel.confirmation != nil {
            router?.routeToLogin()
        }
    }
}
