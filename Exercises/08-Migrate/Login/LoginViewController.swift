import TerminalUI

/// What the presenter may show on the Login screen.
protocol LoginDisplayLogic: AnyObject {
    func displayLoginResult(viewModel: Login.Authenticate.ViewModel)
    func displayValidationError(viewModel: Login.Validate.ViewModel)
    func displayLoading(isLoading: Bool)
    func displayPrefilledEmail(viewModel: Login.PrefillEmail.ViewModel)
}

/// The Login screen: email, password, a Log in button, and the ways to a new password
/// or a new account.
///
/// The guide's view is a UIKit `UIViewController`. There is no UIKit on Linux, so this
/// is a plain class that draws itself with the kit's terminal components in `body`;
/// what UIKit keeps in text fields, labels and a spinner, it keeps in properties.
final class LoginViewController: NavigableView {
    var interactor: LoginBusinessLogic?
    var router: (LoginRoutingLogic & LoginDataPassing)?
    /// Whoever shows this screen sets this, as UIKit sets `navigationController`.
    weak var navigator: Navigator?

    // What the screen shows.
    private(set) var email = ""
    private(set) var password = ""
    private(set) var emailErrorText: String?
    private(set) var passwordErrorText: String?
    private(set) var isValid = false
    private(set) var isLoading = false
    private(set) var welcomeMessage: String?
    private(set) var alert: (title: String, message: String)?

    /// The message of the alert on screen, if there is one.
    var alertMessage: String? { alert?.message }

    /// The login the Log in button started: kept so that whoever pressed it can await it.
    private(set) var loginTask: Task<Void, Never>?

    /// The terminal waits for a login under way before drawing the screen again.
    var pendingWork: Task<Void, Never>? { loginTask }

    /// Fills in an email another scene handed back (Forgot password does), if there is one.
    func onAppear() {
        interactor?.prefillEmail(request: Login.PrefillEmail.Request())
    }

    var body: Screen {
        Screen("Log in") {
            TextField("Email", key: "email", text: email, error: emailErrorText) { self.emailChanged(to: $0) }
            TextField("Password", key: "password", text: password, isSecure: true, error: passwordErrorText) {
                self.passwordChanged(to: $0)
            }
            Button("Log in", key: "login", disabledReason: loginDisabledReason) { self.loginTapped() }
            ActivityIndicator("Logging in", isAnimating: isLoading)
            if let alert {
                Alert("\(alert.title): \(alert.message)")
            }
            if let welcomeMessage {
                Text(welcomeMessage)
            }
            Button("Forgot password?", key: "forgot") { self.forgotPasswordTapped() }
            Button("Sign up", key: "signup") { self.signupTapped() }
        }
    }

    private var loginDisabledReason: String? {
        if isLoading { return "logging in" }
        if !isValid { return "fill in a valid email and password first" }
        return nil
    }

    // MARK: - Actions

    func emailChanged(to text: String) {
        email = text
        validate()
    }

    func passwordChanged(to text: String) {
        password = text
        validate()
    }

    func loginTapped() {
        let request = Login.Authenticate.Request(email: email, password: password)
        alert = nil
        loginTask = Task { await interactor?.authenticate(request: request) }
    }

    func forgotPasswordTapped() {
        router?.routeToForgotPassword()
    }

    func signupTapped() {
        router?.routeToSignup()
    }

    private func validate() {
        let request = Login.Validate.Request(email: email, password: password)
        interactor?.validateInput(request: request)
    }

    /// Puts a message on screen that must be read before going on: UIKit's alert.
    func showAlert(title: String, message: String) {
        alert = (title, message)
    }
}

extension LoginViewController: LoginDisplayLogic {
    func displayLoginResult(viewModel: Login.Authenticate.ViewModel) {
        if viewModel.isSuccess {
            welcomeMessage = viewModel.welcomeMessage
            router?.routeToHome()
        } else if let errorMessage = viewModel.errorMessage {
            showAlert(title: "Login failed", message: errorMessage)
        }
    }

    func displayValidationError(viewModel: Login.Validate.ViewModel) {
        emailErrorText = viewModel.emailErrorText
        passwordErrorText = viewModel.passwordErrorText
        isValid = viewModel.isValid
    }

    func displayLoading(isLoading: Bool) {
        self.isLoading = isLoading
    }

    func displayPrefilledEmail(viewModel: Login.PrefillEmail.ViewModel) {
        email = viewModel.email
    }
}
