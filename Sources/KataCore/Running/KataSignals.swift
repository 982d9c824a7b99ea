#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Ctrl-C must stop the build or test kata started too: they run in process groups of
/// their own, which the terminal's interrupt does not reach.
public enum KataSignals {
    public static func stopChildrenOnInterrupt() {
        let stopping = [SIGINT, SIGTERM, SIGHUP]
        // A blocked signal never reaches its handler, and the mask is inherited across exec:
        // whoever started kata may have blocked these.
        var handled = sigset_t()
        sigemptyset(&handled)
        for number in stopping {
            sigaddset(&handled, number)
        }
        sigprocmask(SIG_UNBLOCK, &handled, nil)
        for number in stopping {
            signal(number) { received in
                RunningChildren.shared.stopAll()
                TerminalState.restore()
                let message = "\nkata: stopped. Your files are as you left them.\n"
                _ = message.withCString { write(STDERR_FILENO, $0, strlen($0)) }
                _exit(128 + received)
            }
        }
    }
}
