// Raster: what the last execution did, per pass and in total — the CPU
// side of the fill-rate and overdraw numbers the experiments report.
// Deterministic (no timings), so runs with different band counts compare equal.

import Plan

/// Counts from one `CPUExecutor.execute` call.
public struct RasterStats: Codable, Equatable, Sendable {
    /// Counts for one pass.
    public struct Pass: Codable, Equatable, Sendable {
        public enum Kind: String, Codable, Sendable { case draw, blur }
        public var id: Int
        public var reason: PassReason
        public var kind: Kind
        public var width: Int
        public var height: Int
        /// Items in the pass.
        public var drawItems: Int
        /// Items the vertex stage dropped (off target, degenerate, clipped away).
        public var itemsWithoutGeometry: Int
        /// Triangles submitted (the fans of the drawn items).
        public var triangles: Int
        /// Pixels that ran the fragment function (inside a triangle by the
        /// fill rule, and not hidden).
        public var fragmentsShaded: Int
        /// Pixels with coverage > 0 that were blended into the target.
        public var fragmentsWritten: Int
        /// Pixels inside a triangle whose fragment was not run because a
        /// later item of the pass replaces the pixel (HiddenFragments.swift):
        /// painter's order, with no hidden-fragment skipping, runs
        /// `fragmentsShaded + fragmentsHidden`.
        public var fragmentsHidden: Int

        public init(id: Int, reason: PassReason, kind: Kind, width: Int, height: Int) {
            self.id = id; self.reason = reason; self.kind = kind; self.width = width; self.height = height
            drawItems = 0; itemsWithoutGeometry = 0; triangles = 0; fragmentsShaded = 0; fragmentsWritten = 0
            fragmentsHidden = 0
        }
    }

    /// Totals over `perPass`.
    public var passes: Int
    public var drawItems: Int
    public var triangles: Int
    public var fragmentsShaded: Int
    public var fragmentsWritten: Int
    public var fragmentsHidden: Int
    /// Fragments in painter's order: shaded and hidden.
    public var fragmentsPainterOrder: Int { fragmentsShaded + fragmentsHidden }
    /// One entry per executed pass, in execution order.
    public var perPass: [Pass]

    /// Stats with totals summed from `perPass`.
    public init(perPass: [Pass] = []) {
        self.perPass = perPass
        passes = perPass.count
        drawItems = perPass.reduce(0) { $0 + $1.drawItems }
        triangles = perPass.reduce(0) { $0 + $1.triangles }
        fragmentsShaded = perPass.reduce(0) { $0 + $1.fragmentsShaded }
        fragmentsWritten = perPass.reduce(0) { $0 + $1.fragmentsWritten }
        fragmentsHidden = perPass.reduce(0) { $0 + $1.fragmentsHidden }
    }
}
