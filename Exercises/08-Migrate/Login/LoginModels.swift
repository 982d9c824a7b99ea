import Authentication

/// The payloads of the Login scene, one use case at a time.
enum Login {
    /// Signing in with an email and a password.
    enum Authenticate {
        /// From the view to the interactor: what was typed.
        struct Request {
            let email: String
            let password: String
        }

        /// From the interactor to the presenter: the user who signed in, or why nobody did.
        struct Response {
            let result: Result<User, AuthError>
        }

        /// From the presenter to the view: only what the screen shows.
        struct ViewModel {
            let isSuccess: Bool
            let errorMessage: String?
            let welcomeMessage: String?
        }
    }

    /// Checking what was typed before anything is sent.
    enum Validate {
        /// From the view to the interactor: what is in the fields now.
        struct Request {
            let email: String
            let password: String
        }

        /// From the interactor to the presenter: what is wrong with each field, nil when nothing.
        struct Response {
            let emailError: String?
            let passwordError: String?
        }

        /// From the presenter to the view: the text under each field, and whether Log in may be pressed.
        struct ViewModel {
            let emailErrorText: String?
            let passwordErrorText: String?
            let isValid: Bool
        }
    }

    /// Filling in the email another scene handed back, such as Forgot password.
    enum PrefillEmail {
        /// From the view to the interactor, when the screen appears: nothing to send.
        struct Request {}

        /// From the interactor to the presenter: the email handed back.
        struct Response {
            let email: String
        }

        /// From the presenter to the view: the text for the email field.
        struct ViewModel {
            let email: String
        }
    }
}
