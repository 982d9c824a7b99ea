import Authentication
import Foundation

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

/// The Login scene's business logic. Until step 7 it talks to the authentication
/// service itself; step 7 hands that work to a worker.
final class LoginInteractor: LoginBusinessLogic, LoginDataStore {
    var presenter: LoginPresentationLogic?
    /// Who checks the email and password: the app's accounts unless a check gives others.
    var service: AuthenticationService

    var authenticatedUser: User?

    init(service: AuthenticationService = BundledAuthenticationService()) {
        self.service = service
    }

    func authenticate(request: Login.Authenticate.Request) async {
        presenter?.presentLoading(isLoading: true)
        defer { presenter?.presentLoading(isLoading: false) }
        do {
            let user = try await service.logIn(email: request.email, password: request.password)
            authenticatedUser = user
            presenter?.presentLoginResult(response: Login.Authenticate.Response(result: .success(user)))
        } catch let error as AuthError {
            presenter?.presentLoginResult(response: Login.Authenticate.Response(result: .failure(error)))
        } catch {
            presenter?.presentLoginResult(response: Login.Authenticate.Response(result: .failure(.unknown)))
        }
    }

    func validateInput(request: Login.Validate.Request) {
        // Only "is anything typed?" for now: step 7's worker brings the full rules.
        let response = Login.Validate.Response(
            emailError: request.email.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
                ? "Enter your email address." : nil,
            passwordError: request.password.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
                ? "Enter your password." : nil
        )
        presenter?.presentValidationError(response: response)
    }
}
