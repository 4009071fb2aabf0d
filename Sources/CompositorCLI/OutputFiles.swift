// CompositorCLI: a command's output files, published together at the end
// (issue 18). Every output path is checked before any work (its directory
// exists and is writable), outputs are collected as bytes while the command
// runs, and only when everything succeeded are they written — all of them
// flushed to temporary files first, then renamed — so a command that fails
// (a bad --stats-json directory, a failed comparison report) leaves none of
// its outputs behind.

import Compositor

struct OutputFiles {
    private var pending: [(path: String, bytes: [UInt8])] = []

    /// Checks that each path (nil: not requested) can be written; call before rendering.
    static func check(_ paths: [String?]) throws {
        for case let p? in paths { try AtomicFile.checkWritable(p) }
    }

    mutating func add(_ bytes: [UInt8], to path: String) {
        pending.append((path, bytes))
    }

    mutating func addPNG(_ image: Image, to path: String) throws {
        add(try PNG.encode(image), to: path)
    }

    /// Writes every collected file (see `AtomicFile.writeAll`).
    func publish() throws {
        try AtomicFile.writeAll(pending)
    }
}
