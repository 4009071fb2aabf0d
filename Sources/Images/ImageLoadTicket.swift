// Images: the handle of one background image load. A ticket moves
// queued → decoding → finished, or to cancelled from either of the first two;
// the result is set exactly once, under the ticket's lock, and only when the
// decode is complete, so a reader gets either nothing or a whole Image.
// Several requests for the same key share one ticket (a holder count), and
// the load is cancelled only when every holder has cancelled.

import Foundation
import PVRTC

/// The state of a background image load.
public enum ImageLoadState: Sendable, Equatable {
    case queued, decoding, finished, cancelled
}

/// A handle on one background image load; see ``ImageLoadingPool``.
public final class ImageLoadTicket: @unchecked Sendable {
    /// The key being loaded (resolved path or hybrid key).
    public let key: String

    private let condition = NSCondition()
    private var _state: ImageLoadState = .queued
    private var _result: Result<Image, Error>?
    private var _pvrtc: PVRTCTexture?
    var holders = 1

    init(key: String) { self.key = key }

    /// Where the load is now.
    public var state: ImageLoadState {
        condition.lock(); defer { condition.unlock() }
        return _state
    }

    /// The result if the load has finished; nil while queued, decoding, or when cancelled.
    public var result: Result<Image, Error>? {
        condition.lock(); defer { condition.unlock() }
        return _result
    }

    /// The PVRTC1 texture a finished .pvr load was decoded from (loads made with
    /// `ImageLoadingPool.request(_:keepingPVRTC:)`); nil otherwise.
    public var pvrtc: PVRTCTexture? {
        condition.lock(); defer { condition.unlock() }
        return _pvrtc
    }

    /// Blocks until the load finishes or is cancelled; nil when cancelled.
    public func wait() -> Result<Image, Error>? {
        condition.lock(); defer { condition.unlock() }
        while _state == .queued || _state == .decoding { condition.wait() }
        return _result
    }

    /// Blocks until the load ends or `deadline` passes; nil when cancelled or timed out.
    public func wait(until deadline: Date) -> Result<Image, Error>? {
        condition.lock(); defer { condition.unlock() }
        while _state == .queued || _state == .decoding {
            if !condition.wait(until: deadline) { break }
        }
        return _result
    }

    /// queued → decoding; false when the ticket was cancelled first (skip the decode).
    func begin() -> Bool {
        condition.lock(); defer { condition.unlock() }
        guard _state == .queued else { return false }
        _state = .decoding
        return true
    }

    /// decoding → finished with `result`; false (result discarded) when cancelled meanwhile.
    /// `publish` runs first, under the ticket's lock, so whoever wakes on the
    /// ticket also finds the result wherever `publish` put it (the cache).
    func finish(_ result: Result<Image, Error>, pvrtc: PVRTCTexture? = nil, publish: () -> Void = {}) -> Bool {
        condition.lock(); defer { condition.unlock() }
        guard _state == .decoding else { return false }
        publish()
        _result = result
        _pvrtc = pvrtc
        _state = .finished
        condition.broadcast()
        return true
    }

    /// Marks the ticket cancelled if it has not finished; returns whether it was.
    func markCancelled() -> Bool {
        condition.lock(); defer { condition.unlock() }
        guard _state == .queued || _state == .decoding else { return false }
        _state = .cancelled
        condition.broadcast()
        return true
    }
}
