// Geometry: how a path is filled and stroked — the fill rule and the
// stroke's caps, joins and dashes, with CAShapeLayer's names and defaults.

/// Which points are inside a path.
public enum FillRule: String, Sendable, CaseIterable {
    case nonZero, evenOdd
}

/// The shape at the ends of open subpaths and dashes.
public enum LineCap: String, Sendable, CaseIterable {
    case butt, round, square
}

/// The shape where two stroked segments meet.
public enum LineJoin: String, Sendable, CaseIterable {
    case miter, round, bevel
}
