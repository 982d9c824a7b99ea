#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ctrl-C must stop the build or test kata started too: they run in process groups of
/// their own, which the terminal's interrupt does not reach.
public enum KataSignals {
    public static func stopChildrenOnInterrupt() {
        // A blocked signal never reaches its handler, and the mask is inherited across exec:
        // whoever started kata may have blocked these.
        var handled = sigset_t()
        sigemptyset(&handled)
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            sigaddset(&handled, signal)
        }
        sigprocmask(SIG_UNBLOCK, &handled, nil)
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            _ = Glibc_or_Darwin_signal(signal) { received in
                RunningChildren.shared.stopAll()
                TerminalState.restore()
                let message = "\nkata: stopped. Your files are as you left them.\n"
                _ = message.withCString { write(STDERR_FILENO, $0, strlen($0)) }
                _exit(128 + received)
            }
        }
    }
}

private func Glibc_or_Darwin_signal(_ signal: Int32, _ handler: @convention(c) (Int32) -> Void) -> Int {
    #if canImport(Glibc)
    _ = Glibc.signal(signal, handler)
    #else
    _ = Darwin.signal(signal, handler)
    #endif
    return 0
}
