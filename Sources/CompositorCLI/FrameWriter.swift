// CompositorCLI: the PNG files of `render --frames`, encoded and written in
// the background while the next frames render. Encoding a 1280×720 frame
// takes about twice as long as rendering it, so writing in line left the
// renderer idle most of the time. Frames are encoded side by side (a
// concurrent queue) and written one at a time, in order (a serial queue
// that waits for each frame's encoding). Once a write fails, no later
// frame is written, so the files on disk are always the frames before the
// failure, as they were when each file was written before the next frame
// rendered. At most `inFlight` frames wait, which bounds the memory held.

import Dispatch
import Foundation
import Images

/// Encodes frame images side by side and writes them in order, in the background (see the file comment).
final class FrameWriter {
    /// A write that failed: the frame's index and the error.
    struct Failure {
        let index: Int
        let error: Error
    }

    private let queue = DispatchQueue(label: "compositor.frame-writer")
    private let encoders = DispatchQueue(label: "compositor.frame-encoder", attributes: .concurrent)
    private let slots: DispatchSemaphore
    private let lock = NSLock()
    private var failure: Failure?
    private var writtenNames: [String] = []

    /// A writer holding at most `inFlight` frames not yet written (at least 1).
    init(inFlight: Int = 3) {
        slots = DispatchSemaphore(value: max(1, inFlight))
    }

    /// The first failed write, if any (the frames after it are not written).
    var firstFailure: Failure? {
        lock.lock(); defer { lock.unlock() }
        return failure
    }

    /// Queues frame `index`: `image` is encoded and written atomically to
    /// `path`, then `written` runs on the writer's queue. Nothing is written
    /// after a failed frame. Blocks while `inFlight` frames are waiting.
    func submit(_ image: Image, index: Int, path: String, name: String, written: @escaping () -> Void) {
        slots.wait()
        let encoded = Encoded()
        encoders.async {
            encoded.result = Result { try PNG.encode(image) }
            encoded.done.signal()
        }
        queue.async { [self] in
            defer { slots.signal() }
            encoded.done.wait()
            guard firstFailure == nil else { return }
            do {
                try AtomicFile.write(encoded.result.get(), to: path)
            } catch {
                lock.lock(); failure = Failure(index: index, error: error); lock.unlock()
                return
            }
            lock.lock(); writtenNames.append(name); lock.unlock()
            written()
        }
    }

    /// One frame's PNG bytes, set by its encoder before `done` is signalled.
    private final class Encoded {
        let done = DispatchSemaphore(value: 0)
        var result: Result<[UInt8], Error> = .success([])
    }

    /// Waits for every queued frame; returns the names written, in order.
    func drain() -> [String] {
        queue.sync {}
        lock.lock(); defer { lock.unlock() }
        return writtenNames
    }
}
