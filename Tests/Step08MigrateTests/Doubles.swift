import Authentication
import Seeds
import TerminalUI
import Testing

@testable import Step08Migrate

/// What a screen shows, read from its body as a person would see it: the parts of the
/// Forgot password screen the checks look at. The same for an MVVM view and a VIP one.
struct ShownScreen: Equatable, CustomDebugStringConvertible {
    var emailText: String?
    var emailError: String?
    var isSending: Bool
    var sendIsDisabled: Bool
    var alerts: [String]
    var texts: [String]

    init(_ view: any TerminalView) {
        let components = view.body.components
        let field = components.compactMap { $0 as? TextField }.first { $0.key == "email" }
        emailText = field?.text
        emailError = field?.error
        isSending = components.contains { ($0 as? ActivityIndicator)?.isAnimating == true }
        sendIsDisabled = components.compactMap { $0 as? Button }.first { $0.key == "send" }?.disabledReason != nil
        alerts = components.compactMap { ($0 as? Alert)?.message }
        texts = components.compactMap { ($0 as? Text)?.string }
    }

    var debugDescription: String {
        "(error: \(quoted(emailError)), sending: \(isSending), alerts: \(alerts), texts: \(texts))"
    }
}

extension TerminalView {
    /// Does what typing `key input` at the terminal does: hands `input` to the control with that key.
    /// - Returns: why the control refused, or nil when it acted.
    func use(_ key: String, _ input: String = "") throws -> Refusal? {
        // The screen has a control with this key.
        let control = try #require(
            body.controls.first { $0.key == key }, "The screen has no control with key '\(key)'.")
        return control.use(input)
    }
}

/// Optional text as a report shows it: `"Enter your email address."` or `nil`.
func quoted(_ text: String?) -> String {
    text.map { String(reflecting: $0) } ?? "nil"
}

/// Stands in for the reset service: it answers with the result a check sets, records every
/// email it is sent, and, if a check asks, what the screen showed at that very moment.
@MainActor
final class PasswordResetServiceStub: PasswordResetService {
    private(set) var received: [String] = []
    let error: (any Error)?
    /// The screen to look at while the service is being asked.
    weak var watchedView: (any TerminalView)?
    private(set) var screenWhileAsked: ShownScreen?

    init(failingWith error: (any Error)? = nil) {
        self.error = error
    }

    func requestPasswordReset(email: String) async throws {
        received.append(email)
        if let watchedView {
            screenWhileAsked = ShownScreen(watchedView)
        }
        if let error { throw error }
    }
}

/// Stands in for the app's navigator and records every screen it is asked to show, in order,
/// with, for a Login, the email its data store held at that very moment.
final class NavigatorSpy: Navigator {
    enum Kind: String {
        case push, present, replaceRoot
    }

    struct Message: Equatable, CustomDebugStringConvertible {
        let kind: Kind
        let screen: String
        let loginEmail: String?

        init(_ kind: Kind, _ screen: any TerminalView.Type, holding loginEmail: String? = nil) {
            self.kind = kind
            self.screen = String(describing: screen)
            self.loginEmail = loginEmail
        }

        var debugDescription: String {
            ".\(kind.rawValue)(\(screen)" + (loginEmail.map { ", holding \(String(reflecting: $0))" } ?? "") + ")"
        }
    }

    private(set) var messages: [Message] = []
    private(set) var views: [any TerminalView] = []

    func push(_ view: any TerminalView) { record(.push, view) }
    func present(_ view: any TerminalView) { record(.present, view) }
    func replaceRoot(with view: any TerminalView) { record(.replaceRoot, view) }

    private func record(_ kind: Kind, _ view: any TerminalView) {
        let email = (view as? LoginViewController)?.router?.dataStore?.prefilledEmail
        messages.append(Message(kind, type(of: view), holding: email))
        views.append(view)
    }
}

/// A Forgot password data store holding whatever email a check gives it.
struct ForgotPasswordDataStoreStub: ForgotPasswordDataStore {
    var email: String?
}

/// A Login data store a check can fill and read.
final class LoginDataStoreStub: LoginDataStore {
    var authenticatedUser: User?
    var prefilledEmail: String?
}

/// The scene's name for a seed's problem.
func sceneProblem(_ problem: EmailProblemSeed) -> ForgotPassword.EmailProblem {
    switch problem {
    case .empty: .empty
    case .malformed: .malformed
    }
}
