// CompositorCLI: how every subcommand fails — one clear line on stderr and
// exit status 2 — so scripts can tell bad input (2) from a failed
// comparison (1).

import ArgumentParser
import Compositor
import Foundation

/// Runs `body`, turning any error into "compositor: error: …" and exit status 2.
func reportingErrors<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let e as ExitCode {
        throw e
    } catch let e as CleanExit {
        throw e
    } catch {
        printError("compositor: error: \(error)")
        throw ExitCode(2)
    }
}

/// Writes `s` to stderr as one line: control characters in it (from scene
/// strings and file names) are escaped, so nothing echoed can drive the
/// terminal or split the message.
func printError(_ s: String) {
    FileHandle.standardError.write(Data((escapingControlCharacters(s) + "\n").utf8))
}

/// A user-facing error with a plain message.
struct UsageError: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = d }
}
