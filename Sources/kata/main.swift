import Foundation
import KataCore

// The command layer is this thin on purpose: everything kata does lives in KataCore,
// where it is tested.
KataSignals.stopChildrenOnInterrupt()
let context = Context(
    currentDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
    environment: ProcessInfo.processInfo.environment,
    terminal: .current(environment: ProcessInfo.processInfo.environment),
    write: { StandardStream.write($0, to: STDOUT_FILENO) },
    writeError: { StandardStream.write($0, to: STDERR_FILENO) },
    readLine: { readLine(strippingNewline: true) },
    isInputInteractive: isatty(STDIN_FILENO) == 1,
    executable: Bundle.main.executableURL
)
KataSignals.exit(Kata.run(Array(CommandLine.arguments.dropFirst()), in: context))
