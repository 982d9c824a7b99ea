#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs an app's views in the terminal, one screen at a time, driven by typed lines:
/// `cone Waffle Cone`, `email ada@example.com`, `login`, `back`, `quit`.
///
/// It is the app's navigator as well (push, present, replace the root), and it calls
/// each view's `onAppear()` once, the first time the view is shown. The same loop serves
/// a person at the keyboard and a script piped into it.
@MainActor
public final class TerminalApp: Navigator {
    private var stack: [any TerminalView] = []
    private var appeared: Set<ObjectIdentifier> = []
    private let width: Int
    private let readLine: () -> String?
    private let write: (String) -> Void
    /// Whether input comes from a person; when not, each line read is echoed after the prompt.
    private let isInteractive: Bool
    /// Lines read, and those the app did not take (each answered with `!`).
    private var linesRead = 0
    private var linesRejected = 0

    /// The exit status of a session with a script piped in, when a line of it was not taken:
    /// a script that does not drive the app must not look as if it did.
    public static let rejectedScriptStatus: Int32 = 65

    public init(
        root: any TerminalView,
        width: Int = 64,
        isInteractive: Bool = isatty(STDIN_FILENO) == 1,
        readLine: @escaping () -> String? = { Swift.readLine(strippingNewline: true) },
        write: @escaping (String) -> Void = { print($0, terminator: "") }
    ) {
        self.width = width
        self.isInteractive = isInteractive
        self.readLine = readLine
        self.write = write
        show(root)
    }

    // MARK: - Navigator

    public func push(_ view: any TerminalView) {
        show(view)
    }

    public func present(_ view: any TerminalView) {
        show(view)
    }

    public func replaceRoot(with view: any TerminalView) {
        while !stack.isEmpty { dismissTop() }
        show(view)
    }

    /// Takes the top view off the stack and forgets that it appeared: once it is freed, a
    /// new view may get its address, and must still have its own `onAppear()`.
    private func dismissTop() {
        let view = stack.removeLast()
        appeared.remove(ObjectIdentifier(view))
    }

    private func show(_ view: any TerminalView) {
        if let navigable = view as? any NavigableView {
            navigable.navigator = self
        }
        stack.append(view)
    }

    // MARK: - The loop

    /// Draws the screen, reads a line, acts on it, until `quit` or the end of input. Returns
    /// the exit status: 0, or `rejectedScriptStatus` when input was piped and a line of it
    /// was not taken (after saying how many).
    @discardableResult
    public func run() async -> Int32 {
        await loop()
        guard !isInteractive, linesRejected > 0 else { return 0 }
        write("(\(linesRejected) of \(linesRead) lines were not taken: those answered with !)\n")
        return Self.rejectedScriptStatus
    }

    private func loop() async {
        while let top = stack.last {
            await appearIfNeeded(top)
            guard stack.last === top else { continue }
            let frame = top.body.render(width: width)
            write(frame)
            write(instructions(for: top) + "\n> ")
            guard let line = readLine() else {
                write(isInteractive ? "\n" : "(end of input)\n")
                return
            }
            if !isInteractive { write(line + "\n") }
            write("\n")
            linesRead += 1
            guard await handle(line, on: top, drawn: frame) else { return }
        }
    }

    private func appearIfNeeded(_ view: any TerminalView) async {
        guard appeared.insert(ObjectIdentifier(view)).inserted else { return }
        view.onAppear()
        await view.pendingWork?.value
    }

    /// Acts on one typed line on `view`, last drawn as `drawn`; false when the person asked to quit.
    private func handle(_ line: String, on view: any TerminalView, drawn: String) async -> Bool {
        let trimmed = line.drop { $0 == " " }
        let key = String(trimmed.prefix { $0 != " " }).lowercased()
        let value = trimmed.drop { $0 != " " }.dropFirst()
        switch key {
        case "":
            return true
        case "quit", "q", "exit":
            return false
        case "back":
            if stack.count > 1 {
                dismissTop()
            } else {
                reject("There is no screen to go back to.")
            }
            return true
        case "help", "?":
            write(help(for: view) + "\n\n")
            return true
        default:
            break
        }
        guard let control = view.body.controls.first(where: { $0.key == key }) else {
            reject("There is no '\(key)' on this screen. \(help(for: view))")
            return true
        }
        let earlierWork = view.pendingWork
        if let refusal = control.use(String(value)) {
            reject(refusal.reason)
        }
        if let work = view.pendingWork, work != earlierWork {
            await showProgress(of: view, until: work, drawn: drawn)
        }
        return true
    }

    /// Draws the screen each time it changes while `work` runs (a login shows its loading
    /// state), then returns when the work is done. A screen the work ended by moving on from
    /// is drawn once more if it ended changed (a confirmation, then back to Login), or its
    /// last words would never be seen.
    private func showProgress(of view: any TerminalView, until work: Task<Void, Never>, drawn: String) async {
        let finished = Flag()
        Task {
            await work.value
            finished.isSet = true
        }
        var shown = drawn
        while !finished.isSet {
            try? await Task.sleep(for: .milliseconds(20))
            let frame = view.body.render(width: width)
            if frame != shown, !finished.isSet, stack.last === view {
                write(frame + "\n")
                shown = frame
            }
        }
        if stack.last !== view {
            let frame = view.body.render(width: width)
            if frame != shown { write(frame + "\n") }
        }
    }

    private func reject(_ reason: String) {
        linesRejected += 1
        write("! \(reason)\n\n")
    }

    private func instructions(for view: any TerminalView) -> String {
        Self.instructions(controls: view.body.controls.map(\.key), canGoBack: stack.count > 1)
    }

    /// What the person may type. A screen with no controls still has back (when there is
    /// somewhere to go) and quit.
    static func instructions(controls: [String], canGoBack: Bool) -> String {
        let words = controls + (canGoBack ? ["back"] : []) + ["help", "quit"]
        return "Type a control and a value (" + words.joined(separator: ", ") + ")."
    }

    private func help(for view: any TerminalView) -> String {
        let keys = view.body.controls.map(\.key)
        return keys.isEmpty
            ? "This screen has nothing to type into: " + (stack.count > 1 ? "back, or quit." : "quit.")
            : "On this screen: " + keys.joined(separator: ", ") + (stack.count > 1 ? ", back" : "") + ", quit."
    }
}

@MainActor
private final class Flag {
    var isSet = false
}
