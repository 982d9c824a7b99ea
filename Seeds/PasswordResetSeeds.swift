import Authentication

/// The Forgot password scene's values: emails typed into it, how each request for a link
/// can end, and what the screen says, word for word.
extension Seeds {
    /// What the Forgot password screen says, word for word.
    public enum ResetText {
        /// Under the field, for an email that is empty once trimmed: Login's own sentence.
        public static let emptyEmail = ValidationText.emptyEmail
        /// Under the field, for an email not shaped like name@domain.tld: Login's own sentence.
        public static let malformedEmail = ValidationText.malformedEmail

        /// The confirmation once the link is on its way to `email`.
        public static func sent(to email: String) -> String {
            "We sent a link to choose a new password to \(email)."
        }

        /// The alert for each way the service can refuse.
        public static func refusal(_ error: PasswordResetError) -> String {
            switch error {
            case .unknownEmail: "There is no account with that email. Check it, or sign up."
            case .accountLocked: "This account is locked, so its password cannot be reset. Contact support."
            case .tooManyRequests: "You asked for several links just now. Wait a few minutes, then try again."
            case .serviceUnavailable: "Links cannot be sent right now. Try again later."
            case .unknown: "Something went wrong while sending the link. Try again."
            }
        }
    }

    /// Emails the scene sends a link to, as typed and as sent (trimmed, case kept).
    public static let acceptedResetEmails: [ResetEmailSeed] = [
        ResetEmailSeed("an account's email", "katherine@orbit.example", sent: "katherine@orbit.example"),
        ResetEmailSeed("capitals and spaces around it", "  Margaret@Apollo.example ", sent: "Margaret@Apollo.example"),
        ResetEmailSeed(
            "pasted with a line break after it", "emilie@principia.example\n", sent: "emilie@principia.example"),
        ResetEmailSeed("letters outside ASCII after the last dot", "\tada@orbit.рф", sent: "ada@orbit.рф"),
    ]

    /// Emails the scene refuses before anything is sent, with what is wrong.
    public static let refusedResetEmails: [RefusedEmailSeed] = [
        RefusedEmailSeed("an empty email", "", .empty),
        RefusedEmailSeed("spaces and a line break only", "  \n", .empty),
        RefusedEmailSeed("no @", "katherine.orbit.example", .malformed),
        RefusedEmailSeed("nothing before the @", "@orbit.example", .malformed),
        RefusedEmailSeed("a domain with no dot", "katherine@localhost", .malformed),
        RefusedEmailSeed("two @ signs", "katherine@@orbit.example", .malformed),
        RefusedEmailSeed("a space inside", "katherine johnson@orbit.example", .malformed),
        RefusedEmailSeed("a digit after the last dot", "katherine@orbit.c0m", .malformed),
    ]

    /// Each way the service can refuse a link, and one failure that is not its own.
    public static let failedResets: [FailedResetSeed] =
        PasswordResetError.allCases.map {
            FailedResetSeed(thrown: $0, reportedAs: $0)
        } + [FailedResetSeed(thrown: unexpectedError, reportedAs: .unknown)]
}

/// An email typed into Forgot password that the scene sends a link to.
public struct ResetEmailSeed: Sendable, CustomStringConvertible {
    public let name: String
    /// As typed.
    public let typed: String
    /// As the service must receive it, and Login must get it back: trimmed at both ends.
    public let sent: String

    public init(_ name: String, _ typed: String, sent: String) {
        self.name = name
        self.typed = typed
        self.sent = sent
    }

    public var description: String { name }
}

/// What is wrong with an email, before anything is sent.
public enum EmailProblemSeed: Sendable {
    /// Nothing left once spaces and line breaks at the ends are gone.
    case empty
    /// Not shaped like name@domain.tld.
    case malformed
}

/// An email typed into Forgot password that the scene refuses.
public struct RefusedEmailSeed: Sendable, CustomStringConvertible {
    public let name: String
    public let typed: String
    public let problem: EmailProblemSeed

    public init(_ name: String, _ typed: String, _ problem: EmailProblemSeed) {
        self.name = name
        self.typed = typed
        self.problem = problem
    }

    /// The sentence under the field.
    public var message: String {
        switch problem {
        case .empty: Seeds.ResetText.emptyEmail
        case .malformed: Seeds.ResetText.malformedEmail
        }
    }

    public var description: String { name }
}

/// A request for a link that fails: what the service throws, and the refusal the scene
/// reports (any error that is not a `PasswordResetError` is reported as `.unknown`).
public struct FailedResetSeed: Sendable, CustomStringConvertible {
    public let thrown: any Error & Sendable
    public let reportedAs: PasswordResetError

    /// The alert on the screen.
    public var message: String { Seeds.ResetText.refusal(reportedAs) }

    public var description: String {
        thrown is PasswordResetError ? ".\(reportedAs)" : "\(type(of: thrown)) (not a PasswordResetError)"
    }
}
