#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Single keys from the terminal, for `kata watch`. On a terminal it switches input to
/// raw mode (no Enter needed, no echo) and always puts it back; where raw mode is not
/// available (a pipe, a dumb terminal) it reads lines and takes their first letter.
final class Keyboard {
    enum Event: Equatable {
        case key(Character)
        case nothing
        case endOfInput
    }

    /// Whether keys arrive one by one (raw mode) rather than a line at a time.
    private(set) var isRaw = false
    private var endOfInput = false

    init() {
        var settings = termios()
        guard isatty(STDIN_FILENO) == 1, tcgetattr(STDIN_FILENO, &settings) == 0 else { return }
        TerminalState.saved = settings
        var raw = settings
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutablePointer(to: &raw.c_cc) { pointer in
            pointer.withMemoryRebound(to: cc_t.self, capacity: Int(NCCS)) { characters in
                characters[Int(VMIN)] = 0
                characters[Int(VTIME)] = 0
            }
        }
        isRaw = tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0
    }

    /// The next key, waiting at most `timeout`.
    func next(waiting timeout: Duration) -> Event {
        guard !endOfInput else {
            sleepFor(timeout)
            return .nothing
        }
        var poller = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(
            timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000)
        guard poll(&poller, 1, milliseconds) > 0 else { return .nothing }
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = read(STDIN_FILENO, &buffer, isRaw ? 1 : buffer.count)
        guard count > 0 else {
            endOfInput = true
            return .endOfInput
        }
        let text = String(decoding: buffer[0..<count], as: UTF8.self)
        guard let first = text.first(where: { !$0.isWhitespace }) ?? text.first else { return .nothing }
        return .key(Character(first.lowercased()))
    }

    /// Puts the terminal back as it was.
    func restore() {
        TerminalState.restore()
    }

    private func sleepFor(_ duration: Duration) {
        var request = timespec(
            tv_sec: Int(duration.components.seconds), tv_nsec: Int(duration.components.attoseconds / 1_000_000_000))
        _ = nanosleep(&request, nil)
    }
}

/// The terminal's settings before kata changed them, so that an interrupt can put them back.
enum TerminalState {
    nonisolated(unsafe) static var saved: termios?

    /// Safe to call from a signal handler: one system call.
    static func restore() {
        guard var settings = saved else { return }
        tcsetattr(STDIN_FILENO, TCSANOW, &settings)
    }
}
