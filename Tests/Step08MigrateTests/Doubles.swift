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

/// A response as the checks see it, read case by case through `Mirror`: never compared with the
/// scene's own `==`, and never switched over, so that a response given another case still
/// compiles with the checks, and fails them.
enum ResponseSeen: Equatable, CustomDebugStringConvertible {
    case invalidEmail(EmailProblemSeed)
    case sending
    case sent(email: String)
    /// The refusal, when the response carries one.
    case failed(PasswordResetError?)
    /// A case the contract does not have.
    case other(String)

    init(_ response: ForgotPassword.SendLink.Response) {
        let mirror = Mirror(reflecting: response)
        guard let payload = mirror.children.first else {
            self = String(describing: response) == "sending" ? .sending : .other(String(describing: response))
            return
        }
        // A labelled payload (`sent(email:)`) may come as a one-element tuple.
        let value = Mirror(reflecting: payload.value).children.first.map(\.value) ?? payload.value
        switch payload.label {
        case "invalidEmail":
            let problem = String(describing: payload.value)
            self =
                problem == "empty"
                ? .invalidEmail(.empty) : problem == "malformed" ? .invalidEmail(.malformed) : .other(problem)
        case "sent": self = (value as? String).map { .sent(email: $0) } ?? .other("sent(\(value))")
        case "failed": self = .failed(payload.value as? PasswordResetError)
        default: self = .other("\(payload.label ?? "?")(\(payload.value))")
        }
    }

    var debugDescription: String {
        switch self {
        case .invalidEmail(let problem): ".invalidEmail(.\(problem))"
        case .sending: ".sending"
        case .sent(let email): ".sent(email: \(quoted(email)))"
        case .failed(let error): ".failed(\(error.map { ".\($0)" } ?? "something that is not a PasswordResetError"))"
        case .other(let said): ".\(said), which the contract does not have"
        }
    }
}

/// A view model as the checks see it, read field by field.
struct ViewModelSeen: Equatable, CustomDebugStringConvertible {
    let emailError: String?
    let isSending: Bool
    let confirmation: String?
    let alertMessage: String?

    init(emailError: String?, isSending: Bool, confirmation: String?, alertMessage: String?) {
        self.emailError = emailError
        self.isSending = isSending
        self.confirmation = confirmation
        self.alertMessage = alertMessage
    }

    init(_ viewModel: ForgotPassword.SendLink.ViewModel) {
        self.init(
            emailError: viewModel.emailError, isSending: viewModel.isSending, confirmation: viewModel.confirmation,
            alertMessage: viewModel.alertMessage)
    }

    var debugDescription: String {
        "(emailError: \(quoted(emailError)), isSending: \(isSending), confirmation: \(quoted(confirmation)), "
            + "alertMessage: \(quoted(alertMessage)))"
    }
}
