import Foundation

/// Single keys from the terminal, for `kata watch`. On a terminal it switches input to key mode (no Enter needed, no
/// echo) and always puts it back; where that is not available (a pipe, a file) it reads lines and takes the first
/// letter of each. Every key typed is kept until it is asked for, those typed during a check included.
final class Keyboard {
    enum Event: Equatable {
        case key(Character)
        case nothing
        case endOfInput
    }

    /// Whether keys arrive one by one rather than a line at a time.
    let isRaw: Bool
    private let input: Int32
    private var endOfInput = false
    /// Keys read and not yet asked for, oldest first.
    private var pending: [Character] = []
    /// The start of a line whose end has not been read yet (line mode).
    private var partialLine: [UInt8] = []

    init(input: Int32 = STDIN_FILENO) {
        self.input = input
        isRaw = TerminalModes.enterKeyMode(input)
    }

    /// The next key, waiting at most `timeout` for one.
    func next(waiting timeout: Duration) -> Event {
        if !pending.isEmpty { return .key(pending.removeFirst()) }
        guard !endOfInput else {
            sleepFor(timeout)
            return .nothing
        }
        var poller = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(
            timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000)
        guard poll(&poller, 1, milliseconds) > 0 else { return .nothing }
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = read(input, &buffer, buffer.count)
        if count < 0, errno == EINTR || errno == EAGAIN { return .nothing }
        guard count > 0 else {
            endOfInput = true
            if !partialLine.isEmpty { take(line: partialLine) }
            partialLine = []
            return pending.isEmpty ? .endOfInput : .key(pending.removeFirst())
        }
        if isRaw {
            for character in String(decoding: buffer[0..<count], as: UTF8.self) {
                pending.append(Character(character.lowercased()))
            }
        } else {
            partialLine += buffer[0..<count]
            while let end = partialLine.firstIndex(of: UInt8(ascii: "\n")) {
                take(line: Array(partialLine[..<end]))
                partialLine.removeSubrange(...end)
            }
        }
        return pending.isEmpty ? .nothing : .key(pending.removeFirst())
    }

    /// A typed line's key: its first letter, or Enter for an empty line.
    private func take(line: [UInt8]) {
        let key = String(decoding: line, as: UTF8.self).first(where: { !$0.isWhitespace }) ?? "\n"
        pending.append(Character(key.lowercased()))
    }

    /// Puts the terminal back as it was.
    func restore() { TerminalState.restore() }
}
