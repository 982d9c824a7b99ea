import Authentication

/// What the view may ask of the Login scene's business logic.
protocol LoginBusinessLogic {
    /// Async, so that whoever asks can await the whole login (see README.md).
    func authenticate(request: Login.Authenticate.Request) async
    func validateInput(request: Login.Validate.Request)
}

/// What the Login scene keeps for the scenes after it: the router reads it.
protocol LoginDataStore {
    var authenticatedUser: User? { get set }
}

/// The Login scene's business logic: it decides what happens, in what order, and
/// leaves the work itself to the worker and the wording to the presenter.
final class LoginInteractor: LoginBusinessLogic, LoginDataStore {
    var presenter: LoginPresentationLogic?
    var worker: LoginWorkerLogic

    var authenticatedUser: User?

    init(worker: LoginWorkerLogic = LoginWorker()) {
        self.worker = worker
    }

    func authenticate(request: Login.Authenticate.Request) async {
        // TODO: show loading; await worker.login; keep the user and present it, or present the
        // failure (any error that is not an AuthError as .unknown); end loading last, always.
    }

    func validateInput(request: Login.Validate.Request) {
        // TODO: ask the worker to validate the credentials, and present what it found.
    }
}
