// Plan: where one execution of a plan spent its wall-clock time, phase by
// phase (for example GLES: prepare, submit, finish, readback; CPU: targets,
// prepare, draw, output), so `bench scene` can break a frame down beyond its
// honest floor (issue 14). Timings only: kept apart from the executors'
// deterministic counters (GPUStats, RasterStats).

import Dispatch

/// Seconds one `execute` spent in each named phase, in first-seen order.
public struct FramePhases: Sendable, Equatable {
    /// Phase names, in the order they were first timed.
    public private(set) var names: [String] = []
    /// Seconds per phase, parallel to `names`.
    public private(set) var seconds: [Double] = []

    public init() {}

    /// Adds `s` seconds to phase `name` (phases repeat once per pass).
    public mutating func add(_ name: String, _ s: Double) {
        if let i = names.firstIndex(of: name) {
            seconds[i] += s
        } else {
            names.append(name); seconds.append(s)
        }
    }

    /// Runs `body`, adding its wall-clock time to phase `name`.
    @inline(__always)
    public mutating func time<T>(_ name: String, _ body: () throws -> T) rethrows -> T {
        let t0 = DispatchTime.now().uptimeNanoseconds
        defer { add(name, Double(DispatchTime.now().uptimeNanoseconds &- t0) / 1e9) }
        return try body()
    }

    /// Seconds of phase `name` (0 when it did not run).
    public subscript(name: String) -> Double {
        names.firstIndex(of: name).map { seconds[$0] } ?? 0
    }
}
