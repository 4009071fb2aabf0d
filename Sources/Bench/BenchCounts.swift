// Bench: the ranges the benchmarks' and experiments' counts must fall in,
// checked before anything is allocated or run. Beyond them a count would
// only run for days or ask for more memory than exists (issue 18:
// `bench fillrate --quads 99999999999999` aborted allocating 43 PB).

import CLISupport

enum BenchCounts {
    /// Timed frames, or rounds, of one case.
    static let frames = 1...100_000
    /// Untimed warm-up frames of one case.
    static let warmup = 0...100_000
    /// Full-canvas quads per frame, in thousands.
    static let kiloQuads = 1...1000
    /// Repetitions of a whole experiment or benchmark.
    static let runs = 1...1000

    /// Throws a one-line usage error naming `option` unless `value` is in `range`.
    static func check(_ value: Int, _ option: String, _ range: ClosedRange<Int>) throws {
        guard range.contains(value) else {
            throw UsageError("\(option) must be from \(range.lowerBound) to \(range.upperBound), got \(value)")
        }
    }

    /// `check` of --frames and --warmup, the options most benchmarks share.
    static func check(frames: Int, warmup: Int) throws {
        try check(frames, "--frames", Self.frames)
        try check(warmup, "--warmup", Self.warmup)
    }
}
