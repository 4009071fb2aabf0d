// CompositorCLI: which part of a `compositor check` run this process does.
// `--shard I/N` (0-based) takes the runs whose index modulo N is I, so every
// shard gets a mix of the list. Without the flag the index comes from the
// batch system: a Kubernetes Indexed Job's JOB_COMPLETION_INDEX (with the
// count from --shard-count or COMPOSITOR_SHARD_COUNT, since Kubernetes does
// not export it) or a Slurm array's SLURM_ARRAY_TASK_ID (less
// SLURM_ARRAY_TASK_MIN) and SLURM_ARRAY_TASK_COUNT.

import CLISupport
import Foundation

/// Shard `index` of `count` (0 ≤ index < count).
struct CheckShard: Codable, Equatable, CustomStringConvertible {
    var index: Int
    var count: Int

    static let whole = CheckShard(index: 0, count: 1)

    var description: String { "\(index)/\(count)" }

    /// Whether the run with global index `job` belongs to this shard.
    func owns(_ job: Int) -> Bool { job % count == index }

    /// Parses `I/N`.
    init(parsing text: String) throws {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]) else {
            throw UsageError("--shard '\(text)': expected I/N, e.g. 0/3")
        }
        try self.init(checkedIndex: i, count: n, source: "--shard '\(text)'")
    }

    init(index: Int, count: Int) { self.index = index; self.count = count }

    init(checkedIndex i: Int, count n: Int, source: String) throws {
        guard n >= 1, n <= 100_000 else { throw UsageError("\(source): the shard count must be from 1 to 100000, got \(n)") }
        guard i >= 0, i < n else { throw UsageError("\(source): the shard index must be from 0 to \(n - 1), got \(i)") }
        self.init(index: i, count: n)
    }

    /// The shard from `--shard`, else from the environment, else the whole run.
    static func resolve(flag: String?, countFlag: Int?, environment env: [String: String]) throws -> CheckShard {
        if let f = flag { return try CheckShard(parsing: f) }
        if let id = env["JOB_COMPLETION_INDEX"] {
            guard let i = Int(id) else { throw UsageError("JOB_COMPLETION_INDEX '\(id)' is not an integer") }
            let countText = countFlag.map(String.init) ?? env["COMPOSITOR_SHARD_COUNT"]
            guard let c = countText else {
                throw UsageError("JOB_COMPLETION_INDEX is set but the shard count is not: pass --shard-count N or set COMPOSITOR_SHARD_COUNT (the Job's completions)")
            }
            guard let n = Int(c) else { throw UsageError("shard count '\(c)' is not an integer") }
            return try CheckShard(checkedIndex: i, count: n, source: "JOB_COMPLETION_INDEX=\(i)")
        }
        if let id = env["SLURM_ARRAY_TASK_ID"] {
            guard let raw = Int(id) else { throw UsageError("SLURM_ARRAY_TASK_ID '\(id)' is not an integer") }
            let minimum = env["SLURM_ARRAY_TASK_MIN"].flatMap { Int($0) } ?? 0
            let countText = countFlag.map(String.init) ?? env["SLURM_ARRAY_TASK_COUNT"]
            guard let c = countText, let n = Int(c) else {
                throw UsageError("SLURM_ARRAY_TASK_ID is set but SLURM_ARRAY_TASK_COUNT is not an integer; pass --shard-count N")
            }
            return try CheckShard(checkedIndex: raw - minimum, count: n, source: "SLURM_ARRAY_TASK_ID=\(raw)")
        }
        if let n = countFlag { throw UsageError("--shard-count \(n) needs a shard index (--shard I/N, JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID)") }
        return .whole
    }
}
