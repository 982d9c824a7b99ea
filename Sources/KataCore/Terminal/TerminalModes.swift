import Foundation

/// The one place where terminal settings differ between Darwin and Glibc: the termios
/// modes `kata watch` switches, and the window's width.
enum TerminalModes {
    /// Switches `input`, when it is a terminal, to key mode: each key as it is typed
    /// (ICANON off, reads return at once: VMIN 0, VTIME 0), not echoed (ECHO off). Ctrl-C
    /// still interrupts (ISIG is left on). Saves the settings first, for TerminalState.
    ///
    /// `tcflag_t` is `unsigned long` in Darwin's <sys/termios.h> (UInt, 64 bits) and `unsigned int` in Glibc's
    /// <bits/termios.h> (UInt32); ICANON and ECHO are `#define`d ints on both, so they are converted to whichever it
    /// is. `c_cc` is a C array, which Swift imports as a tuple (NCCS entries: 20 on Darwin, 32 on Glibc), and VMIN and
    /// VTIME index it at different places (16 and 17 on Darwin, 6 and 5 on Glibc): it is reached through a pointer,
    /// indexed by the constants, never by position.
    static func enterKeyMode(_ input: Int32) -> Bool {
        var settings = termios()
        guard isatty(input) == 1, tcgetattr(input, &settings) == 0 else { return false }
        TerminalState.save(settings, of: input)
        var keys = settings
        keys.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutablePointer(to: &keys.c_cc) { pointer in
            pointer.withMemoryRebound(to: cc_t.self, capacity: Int(NCCS)) { characters in
                characters[Int(VMIN)] = 0
                characters[Int(VTIME)] = 0
            }
        }
        return tcsetattr(input, TCSANOW, &keys) == 0
    }

    /// Whether a terminal reads lines with echo, as a shell leaves it.
    static func isInLineMode(_ settings: termios) -> Bool {
        settings.c_lflag & tcflag_t(ICANON) != 0 && settings.c_lflag & tcflag_t(ECHO) != 0
    }

    /// The size of the terminal on `output`, in columns and rows, when it is one.
    ///
    /// TIOCGWINSZ is `_IOR('t', 104, struct winsize)` in Darwin's <sys/ttycom.h>, an
    /// `unsigned long` expression Swift imports as UInt; Glibc's <asm-generic/ioctls.h> has
    /// the plain number 0x5413, imported as Int32. ioctl's request is UInt in both modules.
    static func size(of output: Int32) -> (columns: Int, rows: Int)? {
        var size = winsize()
        guard ioctl(output, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        // A terminal that says nothing of its rows (some do, under emulators) is given the usual 24.
        return (Int(size.ws_col), size.ws_row > 0 ? Int(size.ws_row) : 24)
    }
}

/// The terminal's settings before kata changed them, so that a stop can put them back.
enum TerminalState {
    private nonisolated(unsafe) static var saved: (settings: termios, input: Int32)?

    static func save(_ settings: termios, of input: Int32) { saved = (settings, input) }

    /// Puts them back: one system call, so a stop may call it from any thread.
    static func restore() {
        guard let saved else { return }
        var settings = saved.settings
        tcsetattr(saved.input, TCSANOW, &settings)
    }
}
