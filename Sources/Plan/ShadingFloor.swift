// Plan: the honest floor of a frame (issue 14, item 1) — the fragments a
// frame cannot avoid shading, and what they cost at an executor's measured
// rates. Per pixel of each draw pass, the necessary fragments are those of
// the topmost fragment that replaces the pixel (a `.copy` write, or a
// source-over write whose 8-bit alpha is 255) and of every fragment above
// it; every fragment below that is wasted. Fragments are sorted into six
// kinds: whether the paint samples a texture or computes a gradient
// ("textured") or is a flat colour ("solid"); and then either the shape's
// computed coverage is below 1 there ("edge": an antialiased fringe pixel,
// which no program can shade without evaluating the shape's coverage
// function, whether or not its alpha byte still rounds to 255), or it is
// exactly 1 and the fragment replaces the pixel ("opaque") or blends over it
// ("blended"). Raster's `NecessaryFragmentCounter` counts them exactly; the
// bench measures each kind's rate with full-canvas calibration quads on the
// same executor (edge kinds: a rounded rect whose coverage is evaluated on
// every pixel). Blur passes are counted apart (they have no
// calibration quad): the floor covers draw passes only.

/// What a fragment costs to shade.
public enum FragmentKind: Int, CaseIterable, Sendable {
    /// A flat colour that replaces the pixel.
    case opaqueSolid
    /// A flat colour blended over the pixel (translucent, or a partially covered edge).
    case blendedSolid
    /// A sampled (or gradient) paint that replaces the pixel.
    case opaqueTextured
    /// A sampled (or gradient) paint blended over the pixel.
    case blendedTextured
    /// A flat colour on an antialiased fringe pixel: coverage below 1, so
    /// the shape's coverage function must run (blended, whatever its alpha).
    case edgeSolid
    /// A sampled (or gradient) paint on an antialiased fringe pixel.
    case edgeTextured

    /// The JSON / report name.
    public var name: String {
        switch self {
        case .opaqueSolid: "opaqueSolid"
        case .blendedSolid: "blendedSolid"
        case .opaqueTextured: "opaqueTextured"
        case .blendedTextured: "blendedTextured"
        case .edgeSolid: "edgeSolid"
        case .edgeTextured: "edgeTextured"
        }
    }
}

/// Necessary and wasted fragments of a plan, by kind.
public struct NecessaryFragments: Sendable, Equatable {
    /// Fragments the frame must shade, indexed by `FragmentKind.rawValue`.
    public var necessary: [Int]
    /// All fragments the plan writes in its draw passes, by kind.
    public var written: [Int]
    /// Pixels written by blur passes (outside the floor).
    public var blurFragments: Int

    public init(necessary: [Int] = NecessaryFragments.zero, written: [Int] = NecessaryFragments.zero, blurFragments: Int = 0) {
        precondition(necessary.count == FragmentKind.allCases.count && written.count == FragmentKind.allCases.count)
        self.necessary = necessary; self.written = written; self.blurFragments = blurFragments
    }

    /// One zero per kind.
    public static let zero = [Int](repeating: 0, count: FragmentKind.allCases.count)

    /// Total necessary fragments.
    public var necessaryTotal: Int { necessary.reduce(0, +) }
    /// Total fragments written by draw items.
    public var writtenTotal: Int { written.reduce(0, +) }
    /// Fragments shaded only to be covered by a later replacing fragment.
    public var wasted: Int { writtenTotal - necessaryTotal }

    /// Necessary fragments of one kind.
    public subscript(kind: FragmentKind) -> Int { necessary[kind.rawValue] }

    /// Adds another pass's counts.
    public mutating func add(_ other: NecessaryFragments) {
        for k in FragmentKind.allCases.indices {
            necessary[k] += other.necessary[k]
            written[k] += other.written[k]
        }
        blurFragments += other.blurFragments
    }
}

/// Measured shading rates of one executor, in nanoseconds per fragment by kind.
public struct FragmentRates: Sendable {
    /// Indexed by `FragmentKind.rawValue`.
    public var nanosecondsPerFragment: [Double]

    public init(nanosecondsPerFragment: [Double]) {
        precondition(nanosecondsPerFragment.count == FragmentKind.allCases.count)
        self.nanosecondsPerFragment = nanosecondsPerFragment
    }

    /// Milliseconds the necessary fragments take at these rates: the honest floor.
    public func floorMilliseconds(_ f: NecessaryFragments) -> Double {
        FragmentKind.allCases.reduce(0) { $0 + Double(f[$1]) * nanosecondsPerFragment[$1.rawValue] } / 1e6
    }
}
