// Images: decoding image files off the calling thread on a bounded worker
// pool (an OperationQueue with maxConcurrentOperationCount = pool size).
// `request` returns a ticket at once; a worker decodes and publishes the
// finished Image (to the ticket and, when given, the cache) only when it is
// complete. `cancel` before the decode starts skips it; during the decode the
// result is discarded when it arrives (libpng and libjpeg-turbo cannot be
// interrupted safely). Requests for a key already queued or decoding join
// that load. The decode function is injectable so tests can use a slow one.

import Foundation
import PVRTC

/// Decodes image files on a bounded pool of background threads.
public final class ImageLoadingPool: @unchecked Sendable {
    /// Turns a key (a resolved file path) into an Image; `ImageLoader.read` by default.
    public typealias Decoder = @Sendable (String) throws -> Image

    /// The most decodes running at once.
    public let maxConcurrent: Int
    /// Where finished images are published (nil: tickets only).
    public let cache: ImageCache?

    private let decoder: Decoder
    private let queue = OperationQueue()
    private let lock = NSLock()
    private var inFlight: [String: ImageLoadTicket] = [:]
    private var skipped = 0
    private var discarded = 0

    /// A pool of `maxConcurrent` workers (default: cores − 1, at least 1).
    public init(maxConcurrent: Int = ImageLoadingPool.defaultWorkers, cache: ImageCache? = nil,
                decoder: @escaping Decoder = { try ImageLoader.read(path: $0) }) {
        self.maxConcurrent = max(1, maxConcurrent)
        self.cache = cache
        self.decoder = decoder
        queue.maxConcurrentOperationCount = self.maxConcurrent
        queue.name = "ImageLoadingPool"
        queue.qualityOfService = .userInitiated
    }

    /// max(1, active cores − 1).
    public static var defaultWorkers: Int { max(1, ProcessInfo.processInfo.activeProcessorCount - 1) }

    /// Starts loading `key` in the background (joining a load of the same key
    /// already queued or decoding). `work` replaces the pool's decoder for this
    /// request (hybrid images combine two files).
    public func request(_ key: String, work: (@Sendable () throws -> Image)? = nil) -> ImageLoadTicket {
        let decode: @Sendable () throws -> Loaded
        if let work { decode = { (try work(), nil) } } else { decode = { [decoder] in (try decoder(key), nil) } }
        return start(key, decode)
    }

    /// Like ``request(_:work:)``, for work that also returns the PVRTC1 texture a
    /// .pvr image was decoded from: the texture is published with the image (to
    /// the cache entry and to ``ImageLoadTicket/pvrtc``).
    public func request(_ key: String,
                        keepingPVRTC work: @escaping @Sendable () throws -> (image: Image, pvrtc: PVRTCTexture?))
        -> ImageLoadTicket {
        start(key) { let r = try work(); return (r.image, r.pvrtc) }
    }

    /// A decoded image and the compressed texture kept with it.
    private typealias Loaded = (image: Image, pvrtc: PVRTCTexture?)

    private func start(_ key: String, _ decode: @escaping @Sendable () throws -> Loaded) -> ImageLoadTicket {
        lock.lock()
        if let t = inFlight[key], t.state == .queued || t.state == .decoding {
            t.holders += 1
            lock.unlock()
            return t
        }
        let ticket = ImageLoadTicket(key: key)
        inFlight[key] = ticket
        lock.unlock()
        queue.addOperation { [weak self] in self?.run(ticket, decode) }
        return ticket
    }

    /// Gives up one holder's interest in `ticket`; when none is left, a queued
    /// load is skipped and a running one's result is discarded.
    public func cancel(_ ticket: ImageLoadTicket) {
        lock.lock()
        ticket.holders -= 1
        let last = ticket.holders <= 0
        if last, inFlight[ticket.key] === ticket { inFlight[ticket.key] = nil }
        lock.unlock()
        if last { _ = ticket.markCancelled() }
    }

    /// Blocks until every queued operation has run (or been skipped).
    public func waitUntilIdle() { queue.waitUntilAllOperationsAreFinished() }

    /// Loads cancelled before their decode started (skipped) and after (result discarded).
    public var cancellationCounts: (skipped: Int, discarded: Int) {
        lock.lock(); defer { lock.unlock() }
        return (skipped, discarded)
    }

    private func run(_ ticket: ImageLoadTicket, _ decode: @Sendable () throws -> Loaded) {
        guard ticket.begin() else {
            lock.lock(); skipped += 1; lock.unlock()
            return
        }
        let t0 = DispatchTime.now().uptimeNanoseconds
        let loaded = Result { try decode() }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9
        let result = loaded.map(\.image)
        let pvrtc = try? loaded.get().pvrtc
        if case .success(let image) = result { cache?.recordDecode(bytes: image.byteCount, seconds: seconds) }
        // Publish only a finished, still-wanted result: to the cache, then (waking waiters) the ticket.
        let published = ticket.finish(result, pvrtc: pvrtc) {
            switch result {
            case .success(let image): cache?.insert(image, pvrtc: pvrtc, forKey: ticket.key)
            case .failure(let error): cache?.recordFailure(ticket.key, message: "\(error)")
            }
        }
        lock.lock()
        if !published { discarded += 1 }
        if inFlight[ticket.key] === ticket { inFlight[ticket.key] = nil }
        lock.unlock()
    }
}
