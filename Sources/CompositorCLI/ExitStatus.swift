// CompositorCLI: the one exit-status rule of every verb — 0 success, 1 a
// comparison (or check) over its tolerance, 2 bad usage or input or a backend
// failure. The argument parser would exit 64 (EX_USAGE) for an unknown flag,
// a missing argument or a failed validate(); here those become 2 as well,
// with the same one "compositor: error: …" line as the commands' own checks.
// Help and --version still exit 0.

import Bench
import CLISupport
import ArgumentParser
import Foundation

extension CompositorCommand {
    /// Parses the command line, runs the verb and exits by the rule above.
    static func mainWithExitRule(_ arguments: [String]? = nil) -> Never {
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
            // Benchmarks and experiments time things: after a run (not after an error,
            // which stays one line), say when the machine was too busy for that.
            let kind = String(describing: type(of: command))  // HelpCommand for --help: no warning
            if kind.hasPrefix("Bench") || kind.hasPrefix("Experiment"), let warning = MachineLoad.warning() {
                printError(warning)
            }
            Foundation.exit(0)
        } catch {
            let code = exitCode(for: error)
            guard code == .validationFailure else { self.exit(withError: error) }
            // One line, like every other error: the message names the
            // option, and the parser's "See 'compositor render --help' for
            // more information." hint, a second line of its own, follows on
            // the same line.
            let text = message(for: error).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }.joined(separator: " ")
            var line = "compositor: error: \(text)"
            if let hint = fullMessage(for: error).split(separator: "\n")
                .map({ $0.trimmingCharacters(in: .whitespaces) }).last(where: { $0.hasPrefix("See '") }),
               let end = hint.range(of: "' for more information") {
                line += " (see \(hint[hint.index(hint.startIndex, offsetBy: 4)..<end.lowerBound])')"
            }
            printError(line)
            Foundation.exit(2)
        }
    }
}
