// Bench: `compositor bench text` — what shaping costs. Text layers per
// second: each "layer" is one backing image (a 240 × 40 point box at
// contentsScale 2) laid out and rasterized from a distinct string, so no
// cache helps, as when a scene's labels all change. Kinds: a Latin label
// drawn by the shaped engine (HarfBuzz, bidi, fallback) and by the
// unshaped baseline (one glyph per character and kern-table pairs, the
// engine before issue 16, TextRasterizer.renderUnshaped); rich text (three
// runs: colour, size, underline); Arabic in English (bidi + joining); and
// Korean + Chinese (fallback to the CJK font). Rounds interleave the kinds
// so machine load falls on all of them alike; the median round is reported.

import ArgumentParser
import CLISupport
import Foundation
import Geometry
import Text

struct BenchText: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "text",
        abstract: "Text layers per second: shaped (HarfBuzz, bidi, fallback) vs unshaped Latin, rich text, Arabic, CJK.")

    @Option(help: "Distinct labels per kind and round.")
    var count: Int = 200

    @Option(help: "Timed rounds (median reported).")
    var rounds: Int = 7

    @Flag(help: "Print JSON instead of text.")
    var json = false

    static let kinds = ["latin-unshaped", "latin-shaped", "rich", "arabic", "cjk"]

    static func request(kind: String, _ i: Int) -> TextImageRequest {
        let string: String
        switch kind {
        case "arabic": string = "Layer \(i) طبقة النص here"
        case "cjk": string = "레이어 성능 \(i) 特殊图层"
        default: string = "Office layer \(i): AVATAR WAVE"
        }
        var r = TextImageRequest(string: string, fontPath: FontResolver.defaultFontPath, fontSize: 17,
                                 width: 240, height: 40, scale: 2, color: .white, alignment: .left,
                                 wrapped: false, truncation: .end)
        if kind == "rich" {
            r.attributed = AttributedText([
                TextRun("Office ", foregroundColor: Color(r: 1, g: 0.2, b: 0.2)),
                TextRun("layer \(i)", fontSize: 22, underlineStyle: .single),
                TextRun(": AVATAR WAVE", foregroundColor: Color(r: 0.5, g: 0.8, b: 1)),
            ])
        }
        return r
    }

    func run() throws {
        try reportingErrors {
            try BenchCounts.check(count, "--count", 1...100_000)
            try BenchCounts.check(rounds, "--rounds", BenchCounts.frames)
            // Warm up: fonts opened, fallback lists sorted, glyphs rendered once.
            for k in Self.kinds { _ = try render(kind: k, Self.request(kind: k, 0)) }
            var seconds: [String: [Double]] = [:]
            let progress = Progress(total: rounds * Self.kinds.count, label: "text")
            var serial = 0
            for _ in 0..<rounds {
                for k in Self.kinds {
                    let requests = (0..<count).map { Self.request(kind: k, serial + $0) }
                    let t0 = DispatchTime.now().uptimeNanoseconds
                    for r in requests { _ = try render(kind: k, r) }
                    seconds[k, default: []].append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9)
                    progress.step()
                }
                serial += count
            }
            var rows: [(String, Any)] = [("count", count), ("rounds", rounds)]
            var lines: [String] = []
            let base = Double(count) / median(seconds["latin-unshaped"]!)
            for k in Self.kinds {
                let perSecond = Double(count) / median(seconds[k]!)
                rows.append((k, ["layersPerSecond": perSecond.rounded(), "relativeToUnshaped": round2(perSecond / base)]))
                lines.append("  " + k.padding(toLength: 15, withPad: " ", startingAt: 0)
                             + String(format: " %9.0f layers/s  (%.2f× unshaped Latin)", perSecond, perSecond / base))
            }
            if json {
                print(jsonText(rows))
            } else {
                print("text layers, 240×40 pt at scale 2, \(count) distinct labels per kind, median of \(rounds) rounds")
                lines.forEach { print($0) }
            }
        }
    }

    func render(kind: String, _ r: TextImageRequest) throws -> Int {
        let image = kind == "latin-unshaped" ? try TextRasterizer.renderUnshaped(r) : try TextRasterizer.render(r)
        return image.width
    }
}
