// CompositorCLI: the files of a `compositor check` report folder — creating
// it, writing index.html and summary.json (atomically, last, so a folder with
// a summary is a finished report), and joining shard reports into one.

import CLISupport
import Foundation
import Images

enum CheckReportFolder {
    /// Creates `folder` and `folder/images`; refuses a path that is a file.
    static func prepare(_ folder: String) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw UsageError("--out \(folder): exists and is not a folder")
        }
        do {
            try FileManager.default.createDirectory(atPath: CheckManifest.join(folder, "images"),
                                                    withIntermediateDirectories: true)
        } catch {
            throw UsageError("--out \(folder): cannot create the folder (\(error.localizedDescription))")
        }
    }

    static func write(_ summary: CheckSummary, to folder: String) throws {
        try AtomicFile.write(Array(CheckReportPage.html(summary).utf8), to: CheckManifest.join(folder, "index.html"))
        try AtomicFile.write(try summary.encoded(), to: CheckManifest.join(folder, "summary.json"))
    }

    /// One summary from the shards' summaries: same source and list, each shard once, all of them.
    static func merge(_ parts: [CheckSummary], folders: [String]) throws -> CheckSummary {
        let first = parts[0]
        var seen: [Int: String] = [:]
        var count: Int?
        for (part, folder) in zip(parts, folders) {
            guard part.source == first.source, part.runsInList == first.runsInList else {
                throw UsageError("\(folder): a report of \(part.source) (\(part.runsInList) runs), not of \(first.source) (\(first.runsInList) runs)")
            }
            for s in part.shards {
                if let c = count, c != s.count {
                    throw UsageError("\(folder): shard \(s) does not belong to a split into \(c)")
                }
                count = s.count
                if let other = seen[s.index] { throw UsageError("\(folder): shard \(s) is also in \(other)") }
                seen[s.index] = folder
            }
        }
        let n = count ?? 1
        let missing = (0..<n).filter { seen[$0] == nil }
        guard missing.isEmpty else {
            throw UsageError("shards missing: \(missing.map { "\($0)/\(n)" }.joined(separator: ", "))")
        }
        let shards = (0..<n).map { CheckShard(index: $0, count: n) }
        return CheckSummary(source: first.source, runsInList: first.runsInList, shards: shards,
                            rows: parts.flatMap(\.rows))
    }

    /// Copies the image files of `summary`'s rows from a shard folder.
    static func copyImages(of summary: CheckSummary, from folder: String, to out: String) throws {
        let fm = FileManager.default
        for row in summary.rows {
            guard let im = row.images else { continue }
            for file in [im.gpu, im.cpu, im.diff, im.diffView, im.pixels] {
                guard file.hasPrefix("images/"), !file.contains("..") else {
                    throw UsageError("\(folder)/summary.json: unexpected image path '\(file)'")
                }
                let source = CheckManifest.join(folder, file), target = CheckManifest.join(out, file)
                if URL(fileURLWithPath: source).standardizedFileURL == URL(fileURLWithPath: target).standardizedFileURL { continue }
                guard let data = fm.contents(atPath: source) else {
                    throw UsageError("\(source): missing (named in \(folder)/summary.json)")
                }
                try AtomicFile.write(Array(data), to: target)
            }
        }
    }
}
