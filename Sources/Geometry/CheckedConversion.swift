// Geometry: Double → Int conversions that cannot trap. Swift's Int(Double)
// stops the process on NaN, on infinity and on values beyond Int's range;
// scene numbers reach sizes, counts and offsets through transforms, scales
// and blur radii, so every such conversion in the plan, raster, geometry and
// GLES code goes through one of these two instead (issue 18).

extension Int {
    /// The largest magnitude a checked conversion accepts: 2^53, beyond which
    /// a Double no longer holds every integer (and far beyond any pixel size).
    public static let checkedConversionLimit: Double = 9_007_199_254_740_992

    /// `value` rounded toward zero, or nil when it is NaN, infinite or larger
    /// in magnitude than `checkedConversionLimit`. Callers that get nil
    /// report the value as too large rather than trapping.
    @inlinable
    public init?(checked value: Double) {
        guard value.isFinite, Swift.abs(value) <= Int.checkedConversionLimit else { return nil }
        self.init(value)
    }

    /// `value` rounded toward zero and clamped to `range`; NaN gives the
    /// lower bound. For counts and indices that are bounded anyway (segments
    /// of a curve, blur taps, grid cells), where a clamp is the right answer.
    @inlinable
    public init(clamping value: Double, to range: ClosedRange<Int>) {
        if !(value > Double(range.lowerBound)) {
            self = range.lowerBound
        } else if value >= Double(range.upperBound) {
            self = range.upperBound
        } else {
            self.init(value)
        }
    }
}
