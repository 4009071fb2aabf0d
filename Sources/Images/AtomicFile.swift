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
        try writeAll([(path, bytes)])
    }

    /// Writes several files as one step, as far as a file system allows:
    /// every file is first written in full to its temporary file (and
    /// flushed); only when all of them succeeded are they renamed into place,
    /// so a failure (a full disk, a missing directory for the last output)
    /// leaves none of the outputs, old or new, changed.
    public static func writeAll(_ files: [(path: String, bytes: [UInt8])]) throws {
        var staged: [Staged] = []
        defer { for s in staged where !s.renamed { unlink(s.temp) } }
        for (path, bytes) in files { staged.append(try stage(bytes, to: path)) }
        var directories = Set<String>()
        for i in staged.indices {
            if rename(staged[i].temp, staged[i].path) != 0 {
                throw ImageFileError.writeFailed(staged[i].path, reason: PNG.errorText(errno))
            }
            staged[i].renamed = true
            directories.insert(staged[i].directory)
        }
        // The renames themselves reach the disk only with the directory.
        for d in directories {
            let fd = open(d, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            if fd >= 0 { _ = fsync(fd); close(fd) }
        }
    }

    /// Checks, before any work, that `path` can be written: its directory
    /// exists, is a directory and is writable, and `path` itself is not a
    /// directory. Commands call this for every output before rendering.
    public static func checkWritable(_ path: String) throws {
        func fail(_ reason: String) -> ImageFileError { .writeFailed(path, reason: reason) }
        guard !path.isEmpty else { throw fail("empty path") }
        guard !path.utf8.contains(0) else { throw fail("the file name contains a NUL character") }
        let (directory, base) = split(path)
        guard !base.isEmpty else { throw fail("the path names a directory") }
        var info = stat()
        guard stat(directory, &info) == 0 else { throw fail("the directory \(directory) does not exist") }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw fail("\(directory) is not a directory") }
        guard access(directory, W_OK) == 0 else { throw fail("the directory \(directory) is not writable") }
        if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { throw fail("the path names a directory") }
    }

    struct Staged {
        let path: String
        let temp: String
        let directory: String
        var renamed = false
    }

    static func split(_ path: String) -> (directory: String, base: String) {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let base = slash.map { String(path[path.index(after: $0)...]) } ?? path
        return (directory, base)
    }

    /// Writes `bytes` to a new temporary file beside `path`, flushed.
    static func stage(_ bytes: [UInt8], to path: String) throws -> Staged {
        func fail(_ reason: String) -> ImageFileError { .writeFailed(path, reason: reason) }
        guard !path.isEmpty else { throw fail("empty path") }
        guard !path.utf8.contains(0) else { throw fail("the file name contains a NUL character") }
        let (directory, base) = split(path)
        guard !base.isEmpty else { throw fail("the path names a directory") }
        StaleTemporaryFiles.clean(in: directory)

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
        done = true
        return Staged(path: path, temp: temp, directory: directory)
    }
}

/// write(2), named apart from `AtomicFile.write` so the lookup is unambiguous.
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, buffer, count)
}
