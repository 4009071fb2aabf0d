// CLISupport: the process's peak resident memory as the kernel keeps it for
// this process's own address space (VmHWM in /proc/self/status). getrusage's
// ru_maxrss is not the same thing on Linux: it carries the high-water mark of
// the address space a process was spawned from across execve, so a command
// started by a large process (a 300 MB test runner) reports that process's peak.

import Foundation

/// VmHWM of this process in bytes (since start, or since the last reset
/// through /proc/self/clear_refs); nil where /proc cannot be read.
public func peakResidentBytesFromProc() -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
          let kb = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") else {
        return nil
    }
    return kb * 1024
}
