import Foundation

/// The service the app signs in with: the accounts in the bundled `accounts.json`.
///
/// Unlike `LocalAuthenticationService.init(bundle:file:)`, making one never throws, so
/// it can be a default argument (`init(service: AuthenticationService = BundledAuthenticationService())`).
/// When the file cannot be read, every login fails with `AuthError.serviceUnavailable`.
public struct BundledAuthenticationService: AuthenticationService {
    private let accounts: Result<LocalAuthenticationService, AuthError>

    public init(bundle: Bundle = .authentication, file: String = "accounts.json") {
        do {
            accounts = .success(try LocalAuthenticationService(bundle: bundle, file: file))
        } catch {
            accounts = .failure(.serviceUnavailable)
        }
    }

    public func logIn(email: String, password: String) async throws -> User {
        try await accounts.get().logIn(email: email, password: password)
    }
}
