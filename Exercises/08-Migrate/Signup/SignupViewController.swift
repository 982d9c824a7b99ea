import TerminalUI

/// Where a new account would be made. Only the way here is part of the kata, so the
/// scene is a screen and nothing more.
final class SignupViewController: TerminalView {
    func onAppear() {}

    var body: Screen {
        Screen("Sign up") {
            Text("A form for a new account would be here. This kata stops here.")
        }
    }
}
