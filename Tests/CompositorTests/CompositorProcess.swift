// Test support: runs the `compositor` binary built beside the test bundle
// and collects its exit status, standard output and standard error.

import Foundation
import XCTest

/// Runs `compositor args…`; skips the test when the binary was not built.
/// `environment` changes the inherited environment: a nil value removes the variable.
func runCompositor(_ args: [String], environment: [String: String?] = [:]) throws
    -> (status: Int32, stdout: String, stderr: String) {
    let binary = FixturePaths.compositorBinary
    guard FileManager.default.isExecutableFile(atPath: binary.path) else {
        throw XCTSkip("compositor binary not built at \(binary.path)")
    }
    let p = Process()
    p.executableURL = binary
    p.arguments = args
    if !environment.isEmpty {
        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }
        p.environment = env
    }
    let out = Pipe(), err = Pipe()
    p.standardOutput = out
    p.standardError = err
    try p.run()
    let o = out.fileHandleForReading.readDataToEndOfFile()
    let e = err.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    return (p.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
}

extension XCTestCase {
    /// A fresh temporary folder named after `prefix`, removed after the test.
    func scratchFolder(_ prefix: String) throws -> String {
        let u = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID())")
        try FileManager.default.createDirectory(at: u, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: u) }
        return u.path
    }
}
