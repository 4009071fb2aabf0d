// Tests the masks' LRU cache (MaskCache): use order and the entry and byte
// limits, with every expected order worked out by hand, then a long random
// run checked step by step against a plain model (a list in use order,
// least recently used evicted first).

import XCTest
@testable import Rendering

final class MaskCacheTests: XCTestCase {
    /// A cache of Ints whose size in bytes is the value itself.
    func cache(entries: Int, bytes: Int) -> MaskCache<String, Int> {
        MaskCache(maxEntries: entries, maxBytes: bytes) { $0 }
    }

    /// Looks `key` up, making `value` when it is missing; returns whether `make` ran.
    @discardableResult
    func get(_ c: MaskCache<String, Int>, _ key: String, _ value: Int) -> Bool {
        var made = false
        let v = c.value(for: key) { made = true; return value }
        XCTAssertEqual(v, made ? value : v)
        return made
    }

    func testUseOrderAndTheEntryLimitByHand() {
        let c = cache(entries: 3, bytes: 1000)
        XCTAssertTrue(get(c, "a", 1)); XCTAssertTrue(get(c, "b", 2)); XCTAssertTrue(get(c, "c", 3))
        XCTAssertEqual(c.keysOldestFirst, ["a", "b", "c"])
        // A hit makes nothing and moves the entry to the recent end.
        XCTAssertFalse(get(c, "a", 99))
        XCTAssertEqual(c.value(for: "a") { 99 }, 1)
        XCTAssertEqual(c.keysOldestFirst, ["b", "c", "a"])
        // The newest entry hit again stays where it is.
        XCTAssertFalse(get(c, "a", 99))
        XCTAssertEqual(c.keysOldestFirst, ["b", "c", "a"])
        // A hit in the middle.
        XCTAssertFalse(get(c, "c", 99))
        XCTAssertEqual(c.keysOldestFirst, ["b", "a", "c"])
        // A fourth entry evicts the least recently used one (b), then b comes back and evicts a.
        XCTAssertTrue(get(c, "d", 4))
        XCTAssertEqual(c.keysOldestFirst, ["a", "c", "d"])
        XCTAssertTrue(get(c, "b", 5))
        XCTAssertEqual(c.keysOldestFirst, ["c", "d", "b"])
        XCTAssertEqual(c.count, 3)
        XCTAssertEqual(c.byteCount, 3 + 4 + 5)
        XCTAssertEqual(c.value(for: "b") { 99 }, 5)
    }

    func testTheByteLimitByHand() {
        let c = cache(entries: 10, bytes: 100)
        get(c, "a", 10); get(c, "b", 20); get(c, "c", 30)
        XCTAssertEqual(c.byteCount, 60)
        get(c, "a", 0)                                   // order b, c, a
        // 60 + 45 = 105 > 100: b (20) goes, 85.
        get(c, "d", 45)
        XCTAssertEqual(c.keysOldestFirst, ["c", "a", "d"])
        XCTAssertEqual(c.byteCount, 85)
        // A value over the whole budget is returned but not stored, and evicts nothing.
        XCTAssertEqual(c.value(for: "huge") { 101 }, 101)
        XCTAssertEqual(c.keysOldestFirst, ["c", "a", "d"])
        XCTAssertEqual(c.byteCount, 85)
        // Exactly the budget: 85 + 100 evicts c (55 + 100), a (45 + 100) and d (100): only e stays.
        get(c, "e", 100)
        XCTAssertEqual(c.keysOldestFirst, ["e"])
        XCTAssertEqual(c.byteCount, 100)
        // Zero-byte entries count against the entry limit only.
        let z = cache(entries: 2, bytes: 0)
        get(z, "x", 0); get(z, "y", 0); get(z, "z", 0)
        XCTAssertEqual(z.keysOldestFirst, ["y", "z"])
        XCTAssertEqual(z.byteCount, 0)
    }

    func testAThrowingMakeStoresNothing() {
        struct Failure: Error {}
        let c = cache(entries: 2, bytes: 100)
        get(c, "a", 1)
        XCTAssertThrowsError(try c.value(for: "b") { throw Failure() })
        XCTAssertEqual(c.keysOldestFirst, ["a"])
        XCTAssertEqual(c.byteCount, 1)
        XCTAssertTrue(get(c, "b", 2))
        XCTAssertEqual(c.keysOldestFirst, ["a", "b"])
    }

    /// 20,000 random lookups over 40 keys into a cache of at most 7 entries
    /// and 60 bytes, each followed by a comparison with the model.
    func testRandomUseAgreesWithAPlainModel() {
        let c = cache(entries: 7, bytes: 60)
        var model: [(key: String, bytes: Int)] = []      // least recently used first
        var seed: UInt64 = 14
        func next(_ n: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(n))
        }
        for step in 0..<20_000 {
            let key = "k\(next(40))", value = next(25)
            let made = get(c, key, value)
            if let i = model.firstIndex(where: { $0.key == key }) {
                XCTAssertFalse(made, "step \(step)")
                model.append(model.remove(at: i))
            } else {
                XCTAssertTrue(made, "step \(step)")
                model.append((key, value))
                while model.count > 7 || model.reduce(0, { $0 + $1.bytes }) > 60 { model.removeFirst() }
            }
            XCTAssertEqual(c.keysOldestFirst, model.map(\.key), "step \(step)")
            XCTAssertEqual(c.byteCount, model.reduce(0) { $0 + $1.bytes }, "step \(step)")
            if c.keysOldestFirst != model.map(\.key) { return }
        }
    }
}
