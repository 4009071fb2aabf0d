// Rendering: the tiles of tiled layers across frames — which are cached,
// which are loading on the background pool, when each one arrived (for the
// fade-in) and which failed. The plan builder asks it, per tiled layer and
// frame, for the tiles the view needs; the loader starts the missing ones
// and answers with what is ready under its arrival model:
// - wait: the frame blocks until every tile it needs is decoded (a still
//   `compositor render`: a complete picture; a tile that cannot be read is
//   a render problem, exit 2);
// - async: tiles decode on the workers and appear in the first frame built
//   after they finished, fading in from that frame's time (as on screen;
//   which frame that is depends on the machine);
// - latency(d): deterministic — a tile first requested by the frame at
//   timeline time t arrives at t + d: the first frame at or after that time
//   waits for its decode if it is not done yet, and it fades in from t + d.
//   Frames must come in timeline order. `--tile-latency` on the command line.
// In the last two a tile that cannot be read is reported once (`warn`) and
// drawn as missing in every frame after, never retried.
// The cache keeps decoded tiles least recently used first within
// `budgetBytes`; tiles the current frame draws are never evicted during it
// (the plan builder keeps a frame's tiles within the budget by choosing a
// coarser level when needed).

import Dispatch
import Foundation
import Images

/// Tile cache and background loading for tiled layers (one per renderer).
public final class TileLoader {
    /// When a requested tile shows up in frames.
    public enum Arrival: Equatable, Sendable {
        case wait
        case async
        case latency(Double)
    }

    public var arrival: Arrival
    /// The tile cache budget in bytes (default 96 MiB).
    public var budgetBytes: Int
    /// Receives each failed tile's message once (async and latency arrival).
    public var warn: (String) -> Void
    public let pool: ImageLoadingPool

    public static let defaultBudgetBytes = 96 * 1024 * 1024

    struct Entry {
        var image: Image
        /// Timeline time it arrived (−∞: waited for, shown at full opacity at once).
        var readyTime: Double
        var lastUsed: UInt64
    }
    struct Pending {
        var ticket: ImageLoadTicket
        var requestTime: Double
        var lastNeeded: UInt64
        var startedAt: UInt64
    }

    private var cache: [String: Entry] = [:]
    private var pending: [String: Pending] = [:]
    private var failures: [String: String] = [:]
    private var frame: UInt64 = 0
    private var frameTime = 0.0
    private var inFrame = false
    private var _stats = TileStats()
    private let decodeClock = DecodeClock()

    public init(arrival: Arrival = .wait, budgetBytes: Int = TileLoader.defaultBudgetBytes,
                workers: Int = ImageLoadingPool.defaultWorkers,
                warn: @escaping (String) -> Void = { FileHandle.standardError.write(Data(("warning: " + $0 + "\n").utf8)) }) {
        self.arrival = arrival
        self.budgetBytes = budgetBytes
        self.warn = warn
        pool = ImageLoadingPool(maxConcurrent: workers)
    }

    /// The figures so far.
    public var stats: TileStats {
        var s = _stats
        s.cached = cache.count
        s.cacheBytes = cache.values.reduce(0) { $0 + $1.image.byteCount }
        s.budgetBytes = budgetBytes
        s.decodeSeconds = decodeClock.seconds
        return s
    }

    /// The cache key of a tile.
    static func key(_ source: any TileSource, _ id: TileID) -> String {
        "\(source.key)|\(id.level)/\(id.column)_\(id.row)"
    }

    /// Starts a frame at timeline time `time` (the plan builder calls it once per build that draws tiles).
    public func beginFrame(time: Double) {
        frame += 1
        frameTime = time
        inFrame = true
        _stats.lastFrame = TileStats.FrameTiles()
    }

    /// A ready tile: its image and how far it has faded in (0…1) at this frame's time.
    public struct ReadyTile {
        public var image: Image
        public var readyTime: Double
    }

    /// The tiles of `ids` (all of one source) that this frame may draw, starting
    /// loads for the rest; with `.wait`, blocks until all are decoded.
    /// - Returns: the ready tiles by id, and the failures (with `.wait` only: the
    ///   frame cannot be complete; other modes report failures through `warn`).
    public func tiles(_ source: any TileSource, _ ids: [TileID]) -> (ready: [TileID: ReadyTile], failures: [String]) {
        var ready: [TileID: ReadyTile] = [:]
        var errors: [String] = []
        var toWait: [(TileID, String)] = []
        for id in ids {
            let key = Self.key(source, id)
            if var e = cache[key] {
                e.lastUsed = frame
                cache[key] = e
                ready[id] = ReadyTile(image: e.image, readyTime: e.readyTime)
                continue
            }
            if let message = failures[key] {
                if arrival == .wait { errors.append(message) }
                continue
            }
            if pending[key] == nil { start(source, id, key) }
            pending[key]!.lastNeeded = frame
            switch arrival {
            case .wait:
                toWait.append((id, key))
            case .async:
                if pending[key]!.ticket.state == .finished { toWait.append((id, key)) }
            case .latency(let d):
                if frameTime >= pending[key]!.requestTime + d { toWait.append((id, key)) }
            }
        }
        let t0 = DispatchTime.now().uptimeNanoseconds
        for (id, key) in toWait {
            guard let p = pending[key] else { continue }
            let result = p.ticket.wait()
            pending[key] = nil
            switch result {
            case .success(let image)?:
                _stats.decoded += 1
                let readyTime: Double
                switch arrival {
                case .wait: readyTime = -.infinity
                case .async: readyTime = frameTime
                case .latency(let d): readyTime = p.requestTime + d
                }
                cache[key] = Entry(image: image, readyTime: readyTime, lastUsed: frame)
                ready[id] = ReadyTile(image: image, readyTime: readyTime)
            case .failure(let error)?:
                _stats.failed += 1
                let message = "\(error)"
                failures[key] = message
                if arrival == .wait { errors.append(message) } else {
                    warn("tiled layer: \(message); the tile is left blank")
                }
            case nil:
                break  // cancelled meanwhile (cannot happen: only endFrame cancels)
            }
        }
        _stats.waitSeconds += Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9
        return (ready, errors)
    }

    /// A cached tile, without requesting it (a coarser stand-in while a finer tile loads).
    public func cached(_ source: any TileSource, _ id: TileID) -> ReadyTile? {
        let key = Self.key(source, id)
        guard var e = cache[key] else { return nil }
        e.lastUsed = frame
        cache[key] = e
        return ReadyTile(image: e.image, readyTime: e.readyTime)
    }

    /// Records what the builder drew for one tiled layer this frame.
    func record(level: Int, needed: Int, shown: Int, fading: Int, fallback: Int, blank: Int) {
        _stats.lastFrame.needed += needed; _stats.lastFrame.shown += shown
        _stats.lastFrame.fading += fading; _stats.lastFrame.fallback += fallback
        _stats.lastFrame.blank += blank; _stats.lastFrame.levels.insert(level)
        _stats.levels.insert(level)
        _stats.fallbackTiles += fallback
        _stats.blankTiles += blank
    }

    /// Ends the frame: cancels loads no frame needs any more and evicts least
    /// recently used tiles (not this frame's) down to the budget.
    public func endFrame() {
        guard inFrame else { return }
        inFrame = false
        if _stats.lastFrame.blank > 0 { _stats.framesWithBlankTiles += 1 }
        for (key, p) in pending where p.lastNeeded < frame {
            pool.cancel(p.ticket)
            pending[key] = nil
            _stats.cancelled += 1
        }
        var bytes = cache.values.reduce(0) { $0 + $1.image.byteCount }
        if bytes > budgetBytes {
            let order = cache.filter { $0.value.lastUsed < frame }.sorted { $0.value.lastUsed < $1.value.lastUsed }
            for (key, e) in order where bytes > budgetBytes {
                bytes -= e.image.byteCount
                cache[key] = nil
                _stats.evicted += 1
            }
        }
        _stats.peakCacheBytes = max(_stats.peakCacheBytes, bytes)
    }

    /// Forgets every cached tile and failure (pending loads are cancelled).
    public func reset() {
        for p in pending.values { pool.cancel(p.ticket) }
        pending = [:]; cache = [:]; failures = [:]
    }

    private func start(_ source: any TileSource, _ id: TileID, _ key: String) {
        let clock = decodeClock
        let ticket = pool.request(key) {
            let t0 = DispatchTime.now().uptimeNanoseconds
            defer { clock.add(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9) }
            return try source.decodeTile(id)
        }
        pending[key] = Pending(ticket: ticket, requestTime: frameTime, lastNeeded: frame, startedAt: frame)
        _stats.requested += 1
    }
}

/// Decode seconds summed from the workers.
final class DecodeClock: @unchecked Sendable {
    private let lock = NSLock()
    private var total = 0.0
    func add(_ s: Double) { lock.lock(); total += s; lock.unlock() }
    var seconds: Double { lock.lock(); defer { lock.unlock() }; return total }
}
