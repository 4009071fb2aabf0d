// Images: atomic file replacement for every output the compositor writes
// (PNGs, reports, plans). Bytes go to a uniquely named temporary file in the
// destination's directory (same file system, so rename(2) is atomic), are
// flushed with fsync, and only then renamed over the target. Any failure
// removes the temporary file, so readers see the old file or the complete
// new one, never a partial file.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes files atomically: a temporary file in the same directory, then rename.
public enum AtomicFile {
    /// Replaces (or creates) the file at `path` with `bytes`, atomically.
    /// Throws ``ImageFileError/writeFailed(_:reason:)``; no temporary file is left behind.
    public static func write(_ bytes: [UInt8], to path: String) throws {
        func fail(_ reason: String) -> ImageFileError { .writeFailed(path, reason: reason) }
        guard !path.isEmpty else { throw fail("empty path") }
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let base = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard !base.isEmpty else { throw fail("the path names a directory") }

        var temp = ""
        var fd: Int32 = -1
        for _ in 0..<16 {
            temp = "\(directory)/.\(base).tmp-\(getpid())-\(String(UInt32.random(in: 0...UInt32.max), radix: 16))"
            fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            if fd >= 0 || errno != EEXIST { break }
        }
        guard fd >= 0 else {
            throw fail("cannot create a temporary file in \(directory): \(PNG.errorText(errno))")
        }
        var done = false
        defer { if !done { unlink(temp) } }

        var written = 0
        let writeError: Int32? = bytes.withUnsafeBytes { raw in
            while written < raw.count {
                let n = systemWrite(fd, raw.baseAddress! + written, raw.count - written)
                if n < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                written += n
            }
            return nil
        }
        if let e = writeError {
            close(fd)
            throw fail(PNG.errorText(e))
        }
        if fsync(fd) != 0 {
            let e = errno
            close(fd)
            throw fail(PNG.errorText(e))
        }
        if close(fd) != 0 { throw fail(PNG.errorText(errno)) }
        if rename(temp, path) != 0 { throw fail(PNG.errorText(errno)) }
        done = true
    }
}

/// write(2), named apart from `AtomicFile.write` so the lookup is unambiguous.
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, buffer, count)
}
