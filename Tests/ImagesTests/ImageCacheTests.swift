// ImageCache: LRU eviction order and byte-budget accounting, with exact
// expected key sequences and counters.

import XCTest
@testable import Images

final class ImageCacheTests: XCTestCase {
    /// An n-pixel 1-row image: cost 4·n bytes.
    func img(_ n: Int) -> Image { Image(width: n, height: 1) }

    func testEvictsLeastRecentlyUsedFirst() {
        let c = ImageCache(budgetBytes: 40)  // ten pixels
        XCTAssertEqual(c.insert(img(3), forKey: "a"), [])
        XCTAssertEqual(c.insert(img(3), forKey: "b"), [])
        XCTAssertEqual(c.insert(img(3), forKey: "c"), [])
        XCTAssertEqual(c.keysByRecency, ["a", "b", "c"])
        XCTAssertNotNil(c.image(forKey: "a"))  // a becomes most recent
        XCTAssertEqual(c.keysByRecency, ["b", "c", "a"])
        XCTAssertEqual(c.insert(img(3), forKey: "d"), ["b"])  // 36 + 12 > 40: evict b
        XCTAssertEqual(c.keysByRecency, ["c", "a", "d"])
        XCTAssertEqual(c.insert(img(6), forKey: "e"), ["c", "a"])  // needs 24: c, then a
        XCTAssertEqual(c.keysByRecency, ["d", "e"])
        XCTAssertNil(c.image(forKey: "b"))
        let s = c.stats
        XCTAssertEqual(s.hits, 1)
        XCTAssertEqual(s.misses, 1)
        XCTAssertEqual(s.evictions, 3)
        XCTAssertEqual(s.evictedBytes, 36)
        XCTAssertEqual(s.bytesHeld, 36)
        XCTAssertEqual(s.entries, 2)
    }

    func testBudgetAccountingIsExact() {
        let c = ImageCache(budgetBytes: 100)
        var held: [Int] = []
        for (i, n) in [5, 10, 7, 3, 1].enumerated() {
            c.insert(img(n), forKey: "k\(i)")
            held.append(c.stats.bytesHeld)
        }
        // 20, 60, 88; then 88 + 12 = 100 fits exactly; then 4 more evicts k0 (20).
        XCTAssertEqual(held, [20, 60, 88, 100, 84])
        XCTAssertEqual(c.keysByRecency, ["k1", "k2", "k3", "k4"])
        // Replacing a key re-costs it and makes it most recent, without an eviction.
        c.insert(img(2), forKey: "k1")
        XCTAssertEqual(c.stats.bytesHeld, 84 - 40 + 8)
        XCTAssertEqual(c.keysByRecency, ["k2", "k3", "k4", "k1"])
        XCTAssertEqual(c.stats.evictions, 1)
        c.remove("k3")
        XCTAssertEqual(c.stats.bytesHeld, 40)
        XCTAssertEqual(c.stats.evictions, 1, "remove is not an eviction")
        XCTAssertLessThanOrEqual(c.stats.bytesHeld, c.budgetBytes)
    }

    func testImageLargerThanBudgetIsNotKept() {
        let c = ImageCache(budgetBytes: 16)
        c.insert(img(2), forKey: "small")
        XCTAssertEqual(c.insert(img(5), forKey: "huge"), [], "nothing is evicted for an image that cannot fit")
        XCTAssertFalse(c.contains("huge"))
        XCTAssertTrue(c.contains("small"))
        XCTAssertEqual(c.stats.rejected, 1)
        XCTAssertEqual(c.stats.bytesHeld, 8)
    }

    func testZeroBudgetHoldsNothing() {
        let c = ImageCache(budgetBytes: 0)
        c.insert(img(1), forKey: "a")
        XCTAssertEqual(c.stats.bytesHeld, 0)
        XCTAssertNil(c.image(forKey: "a"))
    }

    func testFailureIsRecordedOnce() {
        let c = ImageCache(budgetBytes: 10)
        XCTAssertTrue(c.recordFailure("x", message: "x: file not found"))
        XCTAssertFalse(c.recordFailure("x", message: "x: file not found"))
        XCTAssertEqual(c.failure(forKey: "x"), "x: file not found")
        XCTAssertEqual(c.stats.failures, 1)
    }

    func testConcurrentUseKeepsAccountingConsistent() {
        let c = ImageCache(budgetBytes: 4 * 50)
        DispatchQueue.concurrentPerform(iterations: 8) { t in
            for i in 0..<500 {
                c.insert(Image(width: 1 + (i + t) % 7, height: 1), forKey: "k\((i * 7 + t) % 40)")
                _ = c.image(forKey: "k\((i + t) % 40)")
            }
        }
        let s = c.stats
        XCTAssertLessThanOrEqual(s.bytesHeld, c.budgetBytes)
        XCTAssertEqual(s.hits + s.misses, 8 * 500)
        XCTAssertEqual(s.entries, c.keysByRecency.count)
    }
}
