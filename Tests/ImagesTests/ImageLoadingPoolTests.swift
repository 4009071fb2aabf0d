// ImageLoadingPool with an injected slow decoder: cancellation before and
// during a decode, results published only whole, bounded concurrency,
// joining requests for one key, and failures.

import Foundation
import XCTest
@testable import Images
import PVRTC

/// A decoder that blocks until released, counting concurrent decodes; it
/// fills its image row by row (slowly) so a published partial image would show.
final class SlowDecoder: @unchecked Sendable {
    let lock = NSCondition()
    var running = 0, maxRunning = 0, started: [String] = [], finished: [String] = []
    var gateOpen = false
    let size: Int
    init(size: Int = 16) { self.size = size }

    func open() { lock.lock(); gateOpen = true; lock.broadcast(); lock.unlock() }

    func waitForStarted(_ n: Int, timeout: TimeInterval = 5) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        lock.lock(); defer { lock.unlock() }
        while started.count < n { if !lock.wait(until: deadline) { return false } }
        return true
    }

    func decode(_ key: String) throws -> Image {
        lock.lock()
        running += 1; maxRunning = max(maxRunning, running); started.append(key)
        lock.broadcast()
        while !gateOpen { lock.wait() }
        lock.unlock()
        if key.hasPrefix("bad") {
            lock.lock(); running -= 1; finished.append(key); lock.unlock()
            throw ImageFileError.fileNotFound(key)
        }
        var image = Image(width: size, height: size)
        for y in 0..<size {
            for x in 0..<size { image[x, y] = (255, 255, 255, 255) }
            usleep(100)
        }
        lock.lock(); running -= 1; finished.append(key); lock.unlock()
        return image
    }
}

final class ImageLoadingPoolTests: XCTestCase {
    func testConcurrencyIsBounded() {
        let slow = SlowDecoder()
        let pool = ImageLoadingPool(maxConcurrent: 3, decoder: { try slow.decode($0) })
        let tickets = (0..<12).map { pool.request("img\($0)") }
        XCTAssertTrue(slow.waitForStarted(3))
        usleep(50_000)  // give a fourth worker every chance to start (it must not)
        slow.lock.lock(); XCTAssertEqual(slow.running, 3); slow.lock.unlock()
        slow.open()
        for t in tickets { XCTAssertNotNil(try t.wait()?.get()) }
        XCTAssertEqual(slow.maxRunning, 3)
        XCTAssertEqual(slow.finished.count, 12)
    }

    func testCancelBeforeDecodeSkipsIt() {
        let slow = SlowDecoder()
        let pool = ImageLoadingPool(maxConcurrent: 1, decoder: { try slow.decode($0) })
        let first = pool.request("first")
        XCTAssertTrue(slow.waitForStarted(1))
        let second = pool.request("second")  // queued behind the single worker
        pool.cancel(second)
        XCTAssertEqual(second.state, .cancelled)
        slow.open()
        XCTAssertNotNil(first.wait())
        pool.waitUntilIdle()
        XCTAssertNil(second.wait(), "a cancelled ticket has no result")
        XCTAssertEqual(slow.started, ["first"], "the cancelled decode never started")
        XCTAssertEqual(pool.cancellationCounts.skipped, 1)
    }

    func testCancelDuringDecodeDiscardsResult() {
        let slow = SlowDecoder()
        let cache = ImageCache(budgetBytes: 1 << 20)
        let pool = ImageLoadingPool(maxConcurrent: 2, cache: cache, decoder: { try slow.decode($0) })
        let t = pool.request("a")
        XCTAssertTrue(slow.waitForStarted(1))
        XCTAssertEqual(t.state, .decoding)
        pool.cancel(t)
        slow.open()
        pool.waitUntilIdle()
        XCTAssertEqual(slow.finished, ["a"], "the decode ran to completion")
        XCTAssertNil(t.result)
        XCTAssertFalse(cache.contains("a"), "a discarded result is not published to the cache")
        XCTAssertEqual(pool.cancellationCounts.discarded, 1)
    }

    func testNoPartialImageIsEverObserved() {
        let slow = SlowDecoder(size: 32)
        let cache = ImageCache(budgetBytes: 1 << 20)
        let pool = ImageLoadingPool(maxConcurrent: 2, cache: cache, decoder: { try slow.decode($0) })
        let tickets = (0..<4).map { pool.request("img\($0)") }
        slow.open()
        // Poll like a frame loop would while the decodes fill their rows.
        var observed = 0
        let deadline = Date().addingTimeInterval(10)
        while tickets.contains(where: { $0.state != .finished }) && Date() < deadline {
            for t in tickets {
                if case .success(let img)? = t.result {
                    XCTAssertTrue(img.pixels.allSatisfy { $0 == 255 }, "partial image from a ticket")
                    observed += 1
                }
                if let img = cache.image(forKey: t.key) {
                    XCTAssertTrue(img.pixels.allSatisfy { $0 == 255 }, "partial image from the cache")
                }
            }
        }
        for t in tickets {
            guard case .success(let img)? = t.wait() else { return XCTFail("no result") }
            XCTAssertTrue(img.pixels.allSatisfy { $0 == 255 })
        }
    }

    func testRequestsForOneKeyJoinAndCancelNeedsEveryHolder() {
        let slow = SlowDecoder()
        let pool = ImageLoadingPool(maxConcurrent: 1, decoder: { try slow.decode($0) })
        let blocker = pool.request("blocker")
        XCTAssertTrue(slow.waitForStarted(1))
        let a = pool.request("shared"), b = pool.request("shared")
        XCTAssertTrue(a === b)
        pool.cancel(a)
        XCTAssertEqual(b.state, .queued, "one holder is still interested")
        slow.open()
        _ = blocker.wait()
        XCTAssertNotNil(b.wait())
        XCTAssertEqual(slow.started, ["blocker", "shared"])
    }

    func testFailuresArePublishedAndRecorded() {
        let slow = SlowDecoder()
        slow.open()
        let cache = ImageCache(budgetBytes: 1 << 20)
        let pool = ImageLoadingPool(maxConcurrent: 2, cache: cache, decoder: { try slow.decode($0) })
        let t = pool.request("bad.png")
        guard case .failure(let e)? = t.wait() else { return XCTFail("expected a failure") }
        XCTAssertEqual(e as? ImageFileError, .fileNotFound("bad.png"))
        pool.waitUntilIdle()
        XCTAssertEqual(cache.failure(forKey: "bad.png"), "bad.png: file not found")
        XCTAssertEqual(cache.stats.failures, 1)
    }

    func testDecodesRealFilesAndCountsBytes() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pool-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var src = Image(width: 5, height: 3)
        src.fill(10, 20, 30, 255)
        let path = dir.appendingPathComponent("a.png").path
        try PNG.write(src, to: path)
        let cache = ImageCache(budgetBytes: 1 << 20)
        let pool = ImageLoadingPool(maxConcurrent: 2, cache: cache)
        let image = try XCTUnwrap(pool.request(path).wait()).get()
        XCTAssertEqual(image, src)
        pool.waitUntilIdle()
        XCTAssertEqual(cache.stats.bytesDecoded, 60)
        XCTAssertEqual(cache.stats.decodes, 1)
        XCTAssertGreaterThan(cache.stats.decodeSeconds, 0)
        XCTAssertEqual(cache.image(forKey: path), src)
    }
}

/// A .pvr load through `request(_:keepingPVRTC:)`: the compressed texture is
/// published with the image, to the ticket and to the cache entry, and counts
/// in the entry's cost.
final class ImageLoadingPoolPVRTCTests: XCTestCase {
    func testKeepingPVRTCPublishesTheBlocksWithTheImage() throws {
        let texture = PVRTCTexture(bitsPerPixel: .four, hasAlpha: true, width: 16, height: 8,
                                   levels: [[UInt8](repeating: 0x5A, count: 64)])
        let decoded = try texture.decode()
        let image = Image(width: 16, height: 8, straightRGBA: decoded.pixels)
        let cache = ImageCache(budgetBytes: 1 << 20)
        let pool = ImageLoadingPool(maxConcurrent: 1, cache: cache)
        let ticket = pool.request("t.pvr", keepingPVRTC: { (image, texture) })
        guard case .success(let got)? = ticket.wait() else { return XCTFail("the load did not finish") }
        XCTAssertEqual(got, image)
        XCTAssertEqual(ticket.pvrtc, texture)
        let held = try XCTUnwrap(cache.contents(forKey: "t.pvr"))
        XCTAssertEqual(held.image, image)
        XCTAssertEqual(held.pvrtc, texture)
        XCTAssertEqual(cache.stats.bytesHeld, 16 * 8 * 4 + 64)
        // Plain requests keep none.
        let plain = pool.request("p.png", work: { image })
        _ = plain.wait()
        XCTAssertNil(plain.pvrtc)
        XCTAssertNil(cache.contents(forKey: "p.png")?.pvrtc)
    }
}
