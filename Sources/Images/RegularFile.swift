// Images: the one way input files are read — images, fonts, scene files,
// `diff` inputs (issue 18). Only regular files are read: a FIFO would block
// open(2) forever, a device (/dev/zero) never ends, a directory is not a
// file. The name is checked first (an embedded NUL would silently cut it
// short: "photo.png\0.txt" must not load photo.png), then stat(2) before
// open, then the file is opened with O_NONBLOCK (so even a FIFO swapped in
// between cannot block) and fstat(2) checks it is still a regular file of at
// most `maxBytes` before anything is read.

import Foundation

/// Why a file was not read; each reads as the end of a sentence about the file.
public enum RegularFileError: Error, Equatable, CustomStringConvertible {
    case notFound
    case nameContainsNUL
    case notRegular(kind: String)
    case tooLarge(limitBytes: Int)
    case system(String)

    public var description: String {
        switch self {
        case .notFound: return "no such file"
        case .nameContainsNUL: return "the file name contains a NUL character"
        case .notRegular(let kind): return "it is \(kind), not a regular file"
        case .tooLarge(let limit): return "the file is larger than \(RegularFile.describeBytes(limit))"
        case .system(let s): return s
        }
    }
}

public enum RegularFile {
    /// What a non-regular file is, for messages ("a FIFO", "a directory").
    static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: return "a directory"
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        default: return "not a plain file"
        }
    }

    static func describeBytes(_ n: Int) -> String {
        n >= 1 << 20 && n % (1 << 20) == 0 ? "\(n >> 20) MiB" : "\(n) bytes"
    }

    /// Checks that `path` names a regular file of at most `maxBytes` (stat
    /// follows symbolic links: a link to a regular file is fine) without
    /// opening it; returns its size. For readers that open the file
    /// themselves (FreeType).
    @discardableResult
    public static func check(_ path: String, maxBytes: Int) throws -> Int {
        guard !path.utf8.contains(0) else { throw RegularFileError.nameContainsNUL }
        var info = stat()
        guard stat(path, &info) == 0 else {
            let e = errno
            throw e == ENOENT || e == ENOTDIR ? RegularFileError.notFound : RegularFileError.system(String(cString: strerror(e)))
        }
        guard info.st_mode & S_IFMT == S_IFREG else { throw RegularFileError.notRegular(kind: kind(info.st_mode)) }
        guard Int(info.st_size) <= maxBytes else { throw RegularFileError.tooLarge(limitBytes: maxBytes) }
        return Int(info.st_size)
    }

    /// A read-only descriptor of the regular file at `path` of at most `maxBytes`
    /// (checked again on the open descriptor), for readers that stream the
    /// file (`tiles make`); the caller closes it.
    public static func openForReading(_ path: String, maxBytes: Int) throws -> Int32 {
        try check(path, maxBytes: maxBytes)
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let e = errno
            throw e == ENOENT ? RegularFileError.notFound : RegularFileError.system(String(cString: strerror(e)))
        }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) <= maxBytes else {
            close(fd)
            throw RegularFileError.notRegular(kind: "changed while opening")
        }
        // Blocking reads from here (a regular file never blocks for long).
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return fd
    }

    /// The whole content of the regular file at `path`, at most `maxBytes`.
    public static func read(_ path: String, maxBytes: Int) throws -> [UInt8] {
        try check(path, maxBytes: maxBytes)
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let e = errno
            throw e == ENOENT ? RegularFileError.notFound : RegularFileError.system(String(cString: strerror(e)))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw RegularFileError.system(String(cString: strerror(errno))) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw RegularFileError.notRegular(kind: kind(info.st_mode)) }
        guard Int(info.st_size) <= maxBytes else { throw RegularFileError.tooLarge(limitBytes: maxBytes) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size))
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { readBytes(fd, $0.baseAddress!, $0.count) }
            if n < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw RegularFileError.system(String(cString: strerror(errno)))
            }
            if n == 0 { return bytes }
            bytes += chunk[0..<n]
            // The file may grow while it is read.
            if bytes.count > maxBytes { throw RegularFileError.tooLarge(limitBytes: maxBytes) }
        }
    }
}

/// read(2), named apart so the lookup is unambiguous inside `RegularFile`.
private func readBytes(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(fd, buffer, count)
}
