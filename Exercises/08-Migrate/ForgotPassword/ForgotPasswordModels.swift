import Authentication

/// The payloads of the Forgot password scene.
enum ForgotPassword {
    /// What is wrong with a typed email, as a fact: the presenter words it.
    enum EmailProblem: Equatable {
        case empty
        case malformed
    }

    /// Asking for a link to choose a new password.
    enum SendLink {
        /// From the view to the interactor: the email as it was typed.
        struct Request {
            let email: String
        }

        /// From the interactor to the presenter: where the request stands, facts only.
        enum Response: Equatable {
            /// The email breaks the rules, so nothing was sent.
            case invalidEmail(EmailProblem)
            /// The link is being sent.
            case sending
            /// The link was sent to this email (trimmed).
            case sent(email: String)
            /// The service did not send it.
            case failed(PasswordResetError)
        }

        /// From the presenter to the view: everything the screen shows, in words.
        struct ViewModel: Equatable {
            /// The text under the email field, nil when there is nothing to fix.
            let emailError: String?
            /// Whether the link is on its way: the screen says so and Send waits.
            let isSending: Bool
            /// The sentence saying the link was sent, nil until it is.
            let confirmation: String?
            /// Why the service did not send it, nil unless it refused.
            let alertMessage: String?
        }
    }
}
