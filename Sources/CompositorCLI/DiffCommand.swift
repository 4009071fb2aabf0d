// CompositorCLI: `compositor diff a.png b.png` — compares two renders with
// the Compare module's metrics and a pass/fail tolerance, optionally writing
// a diff image. Exit status: 0 within tolerance, 1 over it, 2 on bad input
// (unreadable or corrupt file, size mismatch, bad tolerance), each with one
// clear line on stderr naming the file and the problem.

import ArgumentParser
import CLISupport
import Compare
import Foundation
import Images

struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two images (PNG, JPEG or PVRTC .pvr) and judge them against a tolerance.",
        discussion: """
        Metrics are computed on premultiplied RGBA8. The tolerance is MAX,SHARE \
        (or max=MAX,share=SHARE): the largest allowed channel difference, and the \
        largest share of pixels allowed to differ by more than 2/255. \
        Exit status: 0 pass, 1 over the tolerance, 2 bad input.
        """)

    @Argument(help: "The first (reference) image.")
    var a: String

    @Argument(help: "The second image.")
    var b: String

    @Option(name: .customLong("diff-image"), help: "Write a diff image (PNG) here.")
    var diffImage: String?

    @Option(help: "MAX,SHARE or max=MAX,share=SHARE.")
    var tolerance: String = Tolerance.default.description

    @Option(name: .customLong("diff-crop"), help: "none (default: the diff pixel-aligned with the images) or auto (cropped to the differences, magnified, with a legend).")
    var diffCrop: DiffCrop = .none

    @Flag(help: "Print the report as JSON (errors too: {\"error\": …} on stdout, besides the line on stderr).")
    var json = false

    /// The JSON form of the report.
    struct Report: Codable {
        var a: String
        var b: String
        var tolerance: Tolerance
        var pass: Bool
        var difference: ImageDifference
    }

    func run() throws {
        let limit: Tolerance
        let first: Image, second: Image
        let difference: ImageDifference
        do {
            limit = try Tolerance(parsing: tolerance)
            try OutputFiles.check([diffImage])
            if let path = diffImage { _ = try ImageOutputFile.format(for: path, quality: nil) }
            // PNG, JPEG or .pvr (decoded), by the file's signature.
            first = try ImageLoader.read(path: a)
            second = try ImageLoader.read(path: b)
            difference = try ImageDifference.compare(first, second)
        } catch let error as CompareError {
            try fail("\(a) vs \(b): \(error)")
        } catch {
            try fail("\(error)")
        }
        if let path = diffImage {
            do {
                let picture = diffCrop == .none ? ImageDifference.diffImage(first, second)
                    : ImageDifference.diffImage(first, second, crop: diffCrop)
                try ImageOutputFile.write(picture, to: path)
            } catch {
                try fail("\(error)")
            }
        }
        let pass = limit.accepts(difference)
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let report = Report(a: a, b: b, tolerance: limit, pass: pass, difference: difference)
            print(String(decoding: try encoder.encode(report), as: UTF8.self))
        } else {
            print("\(a) vs \(b)")
            print(difference.description)
            print("verdict                   \(pass ? "PASS" : "FAIL") (tolerance \(limit))")
        }
        if !pass { throw ExitCode(1) }
    }

    /// Prints `message` to stderr as every verb does (and as JSON on stdout
    /// with `--json`) and exits with status 2.
    private func fail(_ message: String) throws -> Never {
        printError("compositor: error: \(message)")
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            if let data = try? encoder.encode(["error": message, "a": a, "b": b]) {
                print(String(decoding: data, as: UTF8.self))
            }
        }
        throw ExitCode(2)
    }
}
