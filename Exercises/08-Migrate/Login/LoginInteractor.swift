import Authentication

/// What the view may ask of the Login scene's business logic.
protocol LoginBusinessLogic {
    /// Async, so that whoever asks can await the whole login (see README.md).
    func authenticate(request: Login.Authenticate.Request) async
    func validateInput(request: Login.Validate.Request)
    func prefillEmail(request: Login.PrefillEmail.Request)
}

/// What the Login scene keeps for the scenes after it: the router reads it.
protocol LoginDataStore {
    var authenticatedUser: User? { get set }
    /// An email to put in the field when Login appears: Forgot password hands it back here.
    var prefilledEmail: String? { get set }
}

/// The Login scene's business logic: it decides what happens, in what order, and
/// leaves the work itself to the worker and the wording to the presenter.
final class LoginInteractor: LoginBusinessLogic, LoginDataStore {
    var presenter: LoginPresentationLogic?
    var worker: LoginWorkerLogic

    var authenticatedUser: User?
    var prefilledEmail: String?

    init(worker: LoginWorkerLogic = LoginWorker()) {
        self.worker = worker
    }

    func authenticate(request: Login.Authenticate.Request) async {
        presenter?.presentLoading(isLoading: true)
        defer { presenter?.presentLoading(isLoading: false) }
        do {
            let user = try await worker.login(email: request.email, password: request.password)
            authenticatedUser = user
            presenter?.presentLoginResult(response: Login.Authenticate.Response(result: .success(user)))
        } catch let error as AuthError {
            presenter?.presentLoginResult(response: Login.Authenticate.Response(result: .failure(error)))
        } catch {
            presenter?.presentLoginResult(response: Login.Authenticate.Response(result: .failure(.unknown)))
        }
    }

    func validateInput(request: Login.Validate.Request) {
        let result = worker.validateCredentials(email: request.email, password: request.password)
        let response = Login.Validate.Response(emailError: result.emailError, passwordError: result.passwordError)
        presenter?.presentValidationError(response: response)
    }

    func prefillEmail(request: Login.PrefillEmail.Request) {
        guard let prefilledEmail else { return }
        presenter?.presentPrefilledEmail(response: Login.PrefillEmail.Response(email: prefilledEmail))
    }
}
