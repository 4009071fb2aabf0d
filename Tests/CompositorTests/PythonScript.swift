// Test support: runs one of the repository's Python scripts (scripts/…)
// through `/usr/bin/env python3` and hands back its exit status and output,
// for the tests that drive the random-scene checks.

import Foundation

enum PythonScript {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        /// Both outputs, for a failure message.
        var output: String { stdout + stderr }
    }

    /// Runs `scripts/<name>` with `arguments` and waits for it.
    static func run(_ name: String, _ arguments: [String]) throws -> Result {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", FixturePaths.root.appendingPathComponent("scripts/\(name)").path] + arguments
        let stdout = Pipe(), stderr = Pipe()
        p.standardOutput = stdout
        p.standardError = stderr
        try p.run()
        // stderr is drained beside stdout, so progress lines cannot fill its pipe and stall the script.
        nonisolated(unsafe) var log = Data()
        let drained = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            log = stderr.fileHandleForReading.readDataToEndOfFile()
            drained.signal()
        }
        let report = stdout.fileHandleForReading.readDataToEndOfFile()
        drained.wait()
        p.waitUntilExit()
        return Result(status: p.terminationStatus, stdout: String(decoding: report, as: UTF8.self),
                      stderr: String(decoding: log, as: UTF8.self))
    }
}
