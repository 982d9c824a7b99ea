import TerminalUI

/// What the presenter may show on the Forgot password screen.
protocol ForgotPasswordDisplayLogic: AnyObject {
    func displaySendLink(viewModel: ForgotPassword.SendLink.ViewModel)
}

/// The Forgot password screen, MVVM style: it shows what its view model holds and goes
/// back to Login when the view model says the link is sent.
final class ForgotPasswordViewController: NavigableView {
    /// The VIP scene's way in and way out: declared so the checks compile, unused until
    /// you migrate (README.md). The configurator will set them.
    var interactor: ForgotPasswordBusinessLogic?
    var router: (ForgotPasswordRoutingLogic & ForgotPasswordDataPassing)?
    /// Whoever shows this screen sets this, as UIKit sets `navigationController`.
    weak var navigator: Navigator?

    let viewModel: ForgotPasswordViewModel

    private(set) var email = ""

    /// The request the Send link button started: kept so that whoever pressed it can await it.
    private(set) var sendTask: Task<Void, Never>?

    var pendingWork: Task<Void, Never>? { sendTask }

    init(viewModel: ForgotPasswordViewModel) {
        self.viewModel = viewModel
        viewModel.onSent = { [weak self] email in self?.goBackToLogin(with: email) }
    }

    func onAppear() {}

    var body: Screen {
        Screen("Forgot password") {
            Text("Type the email you log in with, and we will send you a link to choose a new password.")
            TextField("Email", key: "email", text: email, error: viewModel.emailError) { self.email = $0 }
            Button("Send link", key: "send", disabledReason: viewModel.isSending ? "sending the link" : nil) {
                self.sendTapped()
            }
            ActivityIndicator("Sending the link", isAnimating: viewModel.isSending)
            if let alertMessage = viewModel.alertMessage {
                Alert(alertMessage)
            }
            if let confirmation = viewModel.confirmation {
                Text(confirmation)
            }
        }
    }

    func sendTapped() {
        let email = email
        sendTask = Task { await viewModel.send(email: email) }
    }

    /// A new Login, holding the email, becomes the only screen.
    private func goBackToLogin(with email: String) {
        let login = LoginConfigurator.configure()
        if var dataStore = login.router?.dataStore {
            dataStore.prefilledEmail = email
        }
        navigator?.replaceRoot(with: login)
    }
}
