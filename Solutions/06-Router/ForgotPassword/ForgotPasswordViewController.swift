import TerminalUI

/// Where a forgotten password would be reset. Only the way here is part of the kata,
/// so the scene is a screen and nothing more.
final class ForgotPasswordViewController: TerminalView {
    func onAppear() {}

    var body: Screen {
        Screen("Forgot password") {
            Text("A link to choose a new password would be sent to your email. This kata stops here.")
        }
    }
}
