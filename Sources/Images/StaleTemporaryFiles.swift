// Images: removes the temporary files AtomicFile leaves when its process is
// killed mid-write (kill -9 between creating `.NAME.tmp-PID-HEX` and the
// rename). The next write into the same directory deletes every such file
// whose PID no longer runs; a live process's files are never touched. Each
// directory is scanned once per process, so a frame sequence's thousands of
// writes into one folder cost one scan.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

enum StaleTemporaryFiles {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var scanned = Set<String>()

    /// The PID in a name AtomicFile made (".NAME.tmp-PID-HEX"), or nil.
    static func pid(inTemporaryName name: String) -> Int32? {
        guard name.hasPrefix("."), let r = name.range(of: ".tmp-", options: .backwards) else { return nil }
        let parts = name[r.upperBound...].split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let pid = Int32(parts[0]), pid > 0, !parts[1].isEmpty,
              parts[1].allSatisfy({ $0.isHexDigit }) else { return nil }
        return pid
    }

    /// Whether a process with this PID exists (kill(pid, 0) fails with ESRCH when not).
    static func isRunning(_ pid: Int32) -> Bool {
        kill(pid, 0) == 0 || errno != ESRCH
    }

    /// Deletes the stale temporary files in `directory` (once per process).
    static func clean(in directory: String) {
        lock.lock()
        let first = scanned.insert(directory).inserted
        lock.unlock()
        guard first, let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names {
            guard let pid = pid(inTemporaryName: name), pid != getpid(), !isRunning(pid) else { continue }
            unlink(directory + "/" + name)
        }
    }
}
