import Foundation

/// The service the app signs in with: the accounts in the bundled `accounts.json`.
///
/// Unlike `LocalAuthenticationService.init(bundle:file:)`, making one never throws, so
/// it can be a default argument (`init(service: AuthenticationService = BundledAuthenticationService())`).
/// When the file cannot be read, every login fails with `AuthError.serviceUnavailable`.
public struct BundledAuthenticationService: AuthenticationService {
    let accounts: Result<LocalAuthenticationService, AuthError>
    /// How long a login (or a reset) takes. None in the checks; `kata run` sets `KATA_LOGIN_DELAY_MS`
    /// so that the app's loading state shows, as it would over a network.
    let delay: Duration

    public init(bundle: Bundle = .authentication, file: String = "accounts.json") {
        do {
            accounts = .success(try LocalAuthenticationService(bundle: bundle, file: file))
        } catch {
            accounts = .failure(.serviceUnavailable)
        }
        let milliseconds = ProcessInfo.processInfo.environment["KATA_LOGIN_DELAY_MS"].flatMap(Int.init) ?? 0
        delay = .milliseconds(min(max(milliseconds, 0), 5000))
    }

    public func logIn(email: String, password: String) async throws -> User {
        if delay > .zero {
            try? await Task.sleep(for: delay)
        }
        return try await accounts.get().logIn(email: email, password: password)
    }
}
