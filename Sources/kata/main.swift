import Foundation
import KataCore

// The command layer is this thin on purpose: everything kata does lives in KataCore,
// where it is tested.
KataSignals.stopChildrenOnInterrupt()
let context = Context(
    currentDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
    environment: ProcessInfo.processInfo.environment,
    terminal: .current(environment: ProcessInfo.processInfo.environment),
    write: { FileHandle.standardOutput.write(Data($0.utf8)) },
    writeError: { FileHandle.standardError.write(Data($0.utf8)) },
    readLine: { readLine(strippingNewline: true) },
    isInputInteractive: isatty(STDIN_FILENO) == 1
)
exit(Kata.run(Array(CommandLine.arguments.dropFirst()), in: context).rawValue)
