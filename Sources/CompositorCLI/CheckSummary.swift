// CompositorCLI: the results of `compositor check` — one row per scene ×
// scale × time — as written to summary.json, read back by `check merge`, and
// turned into index.html. Timings sit apart from the verdict so that two runs
// of the same list (one whole, one sharded and merged) can be compared
// field by field.

import CLISupport
import Compare
import Foundation

/// One scene rendered at one scale and time on both backends.
struct CheckRow: Codable, Equatable {
    /// The run's position in the whole (unsharded) list: rows sort by it.
    var index: Int
    /// File-name stem of this row's images (unique within a report).
    var id: String
    var scene: String
    /// Pixels per point; nil: the scene's canvas.scale.
    var scale: Double?
    /// Timeline time; nil: the model tree (animations not applied).
    var time: Double?
    /// "pass", "fail" or "error".
    var status: String
    /// What went wrong, for "error" rows.
    var error: String?
    var width: Int?
    var height: Int?
    var tolerance: Tolerance
    var difference: ImageDifference?
    /// Image files relative to the report folder (absent for "error" rows).
    var images: CheckImages?
    var timings: CheckTimings?
}

/// The files of one row.
struct CheckImages: Codable, Equatable {
    var gpu: String
    var cpu: String
    /// The diff, pixel-aligned with the renders (for the zoom view).
    var diff: String
    /// The diff as the table shows it: cropped and magnified per `--diff-crop`, with a legend.
    var diffView: String
    /// A script that registers both renders as data URLs for the zoom view's
    /// pixel readout (a page opened from disk may not read pixels of files).
    var pixels: String
}

/// How long each backend took, in milliseconds (plan + execute).
struct CheckTimings: Codable, Equatable {
    var gpuMilliseconds: Double?
    var cpuMilliseconds: Double?
}

/// Counts of rows by status.
struct CheckCounts: Codable, Equatable {
    var total = 0
    var pass = 0
    var fail = 0
    var error = 0

    init(rows: [CheckRow]) {
        total = rows.count
        for r in rows {
            switch r.status {
            case "pass": pass += 1
            case "fail": fail += 1
            default: error += 1
            }
        }
    }

    var failed: Bool { fail + error > 0 }
}

/// The whole summary.json.
struct CheckSummary: Codable, Equatable {
    var format = "compositor-check/1"
    /// The folder or list the runs came from.
    var source: String
    /// Runs in the whole list, before sharding.
    var runsInList: Int
    /// The shards whose rows this summary holds (one for a plain run; all for a merge).
    var shards: [CheckShard]
    var counts: CheckCounts
    var rows: [CheckRow]

    init(source: String, runsInList: Int, shards: [CheckShard], rows: [CheckRow]) {
        self.source = source
        self.runsInList = runsInList
        self.shards = shards
        self.rows = rows.sorted { $0.index < $1.index }
        counts = CheckCounts(rows: self.rows)
    }

    /// The one-line verdict printed at the end of a run.
    func line(report: String) -> String {
        let shardText = shards.count == 1 && shards[0].count > 1 ? " (shard \(shards[0]))" : ""
        return "check: \(counts.total) runs\(shardText): \(counts.pass) pass, \(counts.fail) fail, \(counts.error) error — \(counts.failed ? "FAIL" : "PASS") (\(report))"
    }

    func encoded() throws -> [UInt8] {
        let e = JSONEncoder()
        e.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return Array(try e.encode(self)) + [10]
    }

    static func read(folder: String) throws -> CheckSummary {
        let path = CheckManifest.join(folder, "summary.json")
        guard let data = FileManager.default.contents(atPath: path) else {
            throw UsageError("\(path): cannot read the file (is \(folder) a check report?)")
        }
        do {
            return try JSONDecoder().decode(CheckSummary.self, from: data)
        } catch {
            throw UsageError("\(path): not a compositor check summary (\(error))")
        }
    }
}
