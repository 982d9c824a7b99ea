import Authentication
import Testing

/// A parameterized check names an AuthError by its case (`.wrongPassword`), not by the
/// sentence it shows a person, which is long and reads as part of the report.
extension AuthError: CustomTestStringConvertible {
    nonisolated public var testDescription: String {
        switch self {
        case .unknownEmail: ".unknownEmail"
        case .wrongPassword: ".wrongPassword"
        case .accountLocked: ".accountLocked"
        case .serviceUnavailable: ".serviceUnavailable"
        case .unknown: ".unknown"
        }
    }
}
