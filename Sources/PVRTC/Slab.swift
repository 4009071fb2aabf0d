// Slab: a fixed-size, manually managed buffer. The encoder's parallel passes
// write disjoint elements of shared buffers; going through raw storage avoids
// Swift's copy-on-write and exclusivity checks on class-held arrays, which would
// otherwise (correctly) flag overlapping accesses to the whole array.

/// A fixed-size buffer; its owner must call `free()` exactly once.
struct Slab<T>: @unchecked Sendable {
    let base: UnsafeMutablePointer<T>
    let count: Int

    init(repeating value: T, count: Int) {
        base = UnsafeMutablePointer<T>.allocate(capacity: max(count, 1))
        base.initialize(repeating: value, count: count)
        self.count = count
    }

    @inline(__always) subscript(i: Int) -> T {
        get { base[i] }
        nonmutating set { base[i] = newValue }
    }

    /// Sets every element to `value`.
    func fill(_ value: T) { base.update(repeating: value, count: count) }

    /// The contents as an array.
    var array: [T] { Array(UnsafeBufferPointer(start: base, count: count)) }

    func free() {
        base.deinitialize(count: count)
        base.deallocate()
    }
}
