// Bench: how the bench commands summarise a series of frame times —
// min, median and 95th percentile, so one slow frame neither hides nor
// dominates — and the warning they print when the machine is busier than it
// has cores (load average from /proc/loadavg), because timings taken then
// measure the other processes as much as the compositor.

import Foundation

/// Min, median and 95th percentile (nearest rank) of a series, in its unit.
struct TimingSpread {
    var min: Double
    var median: Double
    var p95: Double

    init(_ values: [Double]) {
        let s = values.sorted()
        min = s.first ?? 0
        median = medianOfSorted(s)
        p95 = s.isEmpty ? 0 : s[Swift.min(s.count - 1, Swift.max(0, Int((0.95 * Double(s.count)).rounded(.up)) - 1))]
    }

    /// "min 1.20 / median 1.50 / p95 2.10 ms".
    var text: String { String(format: "min %.2f / median %.2f / p95 %.2f ms", min, median, p95) }

    /// {"min": …, "median": …, "p95": …}, rounded to 0.01.
    var json: [String: Double] { ["min": round2(min), "median": round2(median), "p95": round2(p95)] }
}

/// The global `median(_:)`, which the property of the same name hides inside TimingSpread.
private func medianOfSorted(_ sorted: [Double]) -> Double { median(sorted) }

/// How busy the machine is (bench timings taken under load are noisy).
public enum MachineLoad {
    /// The 1-minute load average, or nil where /proc/loadavg cannot be read.
    public static func oneMinuteAverage() -> Double? {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8),
              let first = text.split(separator: " ").first else { return nil }
        return Double(first)
    }

    /// The warning line when the load average exceeds the number of cores, else nil.
    public static func warning(load: Double? = oneMinuteAverage(),
                        cores: Int = ProcessInfo.processInfo.activeProcessorCount) -> String? {
        guard let load, load > Double(cores) else { return nil }
        return String(format: "warning: load average %.2f exceeds the %d cores of this machine; these timings are noisy and slow", load, cores)
    }
}
