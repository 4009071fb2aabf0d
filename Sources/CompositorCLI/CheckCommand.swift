// CompositorCLI: `compositor check DIR-or-LIST --out report/` — the batch
// form of `compare`: every scene of a folder or list, at each --scales and
// --times, on the GPU path and the CPU reference, into an HTML report
// (index.html), summary.json and one verdict line; `check merge` joins the
// reports of shards (`--shard I/N`) into one. Exit status: 0 all pass, 1 any
// run failed or could not render, 2 bad usage or input.

import CLISupport
import ArgumentParser
import Compare
import Compositor
import Foundation
import GLES

extension DiffCrop: ExpressibleByArgument {}

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Render many scenes on the GPU and CPU backends, compare them, and write an HTML report.",
        subcommands: [CheckRunCommand.self, CheckMergeCommand.self],
        defaultSubcommand: CheckRunCommand.self)
}

struct CheckRunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Check every scene of a folder or list (the default of `compositor check`).",
        discussion: """
        Each SOURCE is a scene file, a folder (every *.json below it) or a list: one scene path a line \
        with optional time(T) and tolerance(MAX,SHARE), reftest lines (== a.json b.json, \
        both scenes checked, at time(t)/ref-time(t)), `include other.list`, # comments. \
        Writes OUT/index.html, OUT/summary.json and OUT/images/. Sharding: --shard I/N, \
        or JOB_COMPLETION_INDEX (Kubernetes Indexed Job, count from --shard-count or \
        COMPOSITOR_SHARD_COUNT), or SLURM_ARRAY_TASK_ID/SLURM_ARRAY_TASK_COUNT; join the \
        shard reports with `compositor check merge`. \
        Exit status: 0 all pass, 1 a run failed or could not render, 2 bad usage or input.
        """)

    @Argument(help: "Scene files, folders of scenes, or list files (e.g. Fixtures/reftests/*.list).")
    var sources: [String]

    @Option(help: "The report folder (created; files in it are replaced).")
    var out: String

    @Option(help: "Pixels per point, comma-separated (e.g. 1,2); default: each scene's canvas.scale.")
    var scales: String?

    @Option(help: "Timeline times in seconds, comma-separated; default: the model tree (a list's time(T) wins).")
    var times: String?

    @Option(help: "Default tolerance MAX,SHARE (a list's tolerance(…) wins).")
    var tolerance: String = Tolerance.default.description

    @Option(help: "This process's part of the list, I/N (0-based).")
    var shard: String?

    @Option(name: .customLong("shard-count"), help: "The number of shards when the index comes from JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID.")
    var shardCount: Int?

    @Option(help: "Worker threads for the CPU renders and comparisons (default: the number of cores).")
    var jobs: Int?

    @Option(name: .customLong("diff-crop"), help: "The diff shown in the table: auto (crop to the differences and magnify) or none.")
    var diffCrop: DiffCrop = .auto

    @Option(help: "Culling: on (default) or off.")
    var cull: CullSwitch = .on

    @OptionGroup var platform: EGLPlatformOption

    @Flag(help: "Show progress on stderr even when it is not a terminal.")
    var progress = false

    func run() throws {
        let failed: Bool = try reportingErrors {
            let tol = try Tolerance(parsing: tolerance)
            let scaleList = try Self.numbers(scales, flag: "--scales") { $0 > 0 && $0 <= 8 }
            let timeList = try Self.numbers(times, flag: "--times") { $0.isFinite }
            if let j = jobs, !(1...256).contains(j) { throw UsageError("--jobs must be from 1 to 256, got \(j)") }
            let part = try CheckShard.resolve(flag: shard, countFlag: shardCount,
                                              environment: ProcessInfo.processInfo.environment)
            guard !sources.isEmpty else { throw UsageError("no scene, folder or list given") }
            let entries = try CheckManifest.entries(from: sources)
            let all = CheckJob.expand(entries, scales: scaleList, times: timeList, tolerance: tol)
            let mine = all.filter { part.owns($0.index) }
            try CheckReportFolder.prepare(out)
            let bar = CheckProgress(total: mine.count, enabled: progress || isatty(STDERR_FILENO) == 1)
            let runner = CheckRunner(jobs: mine, outFolder: out,
                                     workers: jobs ?? ProcessInfo.processInfo.activeProcessorCount,
                                     cull: cull == .on, platform: platform.eglPlatform, diffCrop: diffCrop, progress: bar)
            let rows = mine.isEmpty ? [] : try runner.run()
            let still = runner.staticScenesAtTimes.sorted()
            if !still.isEmpty {
                let names = still.prefix(3).joined(separator: ", ") + (still.count > 3 ? ", …" : "")
                printError("note: \(still.count) scene\(still.count == 1 ? " has" : "s have") no animations but ran at timeline times, which draw the same picture (\(names))")
            }
            let summary = CheckSummary(source: sources.joined(separator: " "), runsInList: all.count, shards: [part],
                                       rows: rows)
            try CheckReportFolder.write(summary, to: out)
            print(summary.line(report: CheckManifest.join(out, "index.html")))
            return summary.counts.failed
        }
        if failed { throw ExitCode(1) }
    }

    /// Parses "1,2.5" into numbers that pass `valid`.
    static func numbers(_ text: String?, flag: String, valid: (Double) -> Bool) throws -> [Double] {
        guard let text else { return [] }
        return try text.split(separator: ",", omittingEmptySubsequences: false).map { part in
            let s = part.trimmingCharacters(in: .whitespaces)
            guard let v = Double(s), valid(v) else { throw UsageError("\(flag) '\(text)': '\(s)' is not a valid value") }
            return v
        }
    }
}

struct CheckMergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Join the reports of `check --shard I/N` runs into one report.",
        discussion: "Every shard 0..N-1 of the same list must be given once. Exit status: 0 all pass, 1 a run failed, 2 bad usage or input.")

    @Argument(help: "The shard report folders.")
    var shards: [String]

    @Option(help: "The merged report folder.")
    var out: String

    func run() throws {
        let failed: Bool = try reportingErrors {
            guard !shards.isEmpty else { throw UsageError("no shard folders given") }
            let parts = try shards.map { try CheckSummary.read(folder: $0) }
            let merged = try CheckReportFolder.merge(parts, folders: shards)
            try CheckReportFolder.prepare(out)
            for (folder, part) in zip(shards, parts) {
                try CheckReportFolder.copyImages(of: part, from: folder, to: out)
            }
            try CheckReportFolder.write(merged, to: out)
            print(merged.line(report: CheckManifest.join(out, "index.html")))
            return merged.counts.failed
        }
        if failed { throw ExitCode(1) }
    }
}
