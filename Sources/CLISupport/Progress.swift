// CLISupport: a one-line progress bar on stderr, drawn only when stderr
// is a terminal, so logs and pipes stay clean.

import Foundation

/// A progress bar on stderr (drawn only on a terminal).
public final class Progress {
    public let total: Int
    public let label: String
    public private(set) var done = 0
    /// Whether stderr is a terminal (the bar is drawn).
    public let enabled = isatty(STDERR_FILENO) == 1

    public init(total: Int, label: String) { self.total = total; self.label = label }

    /// One more item done.
    public func step() {
        done += 1
        guard enabled else { return }
        let width = 30
        let filled = total > 0 ? width * done / total : width
        let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
        FileHandle.standardError.write(Data("\r\(label) [\(bar)] \(done)/\(total)".utf8))
        if done >= total { FileHandle.standardError.write(Data("\n".utf8)) }
    }
}
