// Plan: which items have coverage exactly 1 on every pixel they draw, so an
// executor may skip the coverage function for them (the CPU executor's
// FullCoverage, the GLES *_flat programs) and write the same bits.

extension DrawItem {
    /// True for a plain quad without antialiased edges: its shape code is 0,
    /// where `Coverage.evaluate` returns exactly 1 whatever the pixel; the
    /// pixels it draws are those its (clipped) polygon covers under the fill rule.
    public var hasUnitCoverage: Bool {
        guard case .quad = shape else { return false }
        return aaEdges.isEmpty
    }
}
