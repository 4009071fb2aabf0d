// FuzzTargets: scene JSON → layer tree (SceneLoader) → render plan
// (PlanBuilder) → pixels (CPUExecutor), the path of `compositor render
// --backend cpu`. To keep thousands of inputs a second affordable:
// - the canvas is drawn at a scale that makes its longer side at most 48
//   pixels (the plan builder still sees every layer, key and number);
// - plans whose passes add up to more than 2^20 pixels are built but not
//   executed (the frame memory budget of issue 18 is the real bound there);
// - images load deferred and resolve from a cache, and only regular files
//   under the folder above `sceneDirectory` are read (image decoding has
//   targets of its own);
// - inputs that could name /dev, /proc or /sys are skipped: refusing special
//   files is the loader's job, tested by the command-line tests, and reading
//   /dev/stdin or /dev/urandom would only make the fuzzer report a hang.
// Culling is on for inputs of even length and off for odd ones.

import Foundation
import Images
import Layers
import Plan
import Raster
import Rendering

extension FuzzTarget {
    /// Where `contents` paths resolve: FUZZ_SCENE_DIR, else Fixtures/scenes
    /// under the current directory (scripts/fuzz and the tests set it).
    nonisolated(unsafe) public static var sceneDirectory: String =
        URL(fileURLWithPath: ProcessInfo.processInfo.environment["FUZZ_SCENE_DIR"] ?? "Fixtures/scenes")
            .standardized.path

    /// Decoded images by path (nil: not readable or not allowed).
    nonisolated(unsafe) private static var images: [String: Image?] = [:]

    /// Scene JSON → plan → CPU pixels; throws the loader's or the plan builder's error.
    public static func scene(_ bytes: [UInt8]) throws {
        guard let plan = try plan(bytes) else { return }
        _ = try CPUExecutor(bands: 1).execute(plan)
    }

    /// The plan of scene JSON `bytes`, drawn at most 48 pixels a side (see
    /// the file comment); nil for inputs skipped (special files, an empty
    /// canvas, passes past 2^20 pixels). Throws the loader's or the plan
    /// builder's error.
    static func plan(_ bytes: [UInt8]) throws -> RenderPlan? {
        try plans(bytes, sides: [48])?[0]
    }

    /// The plans of scene JSON `bytes` drawn at most each of `sides` pixels
    /// a side, from one parse of the scene; nil for an input skipped (special
    /// files), and a nil plan for a side that gives an empty canvas or passes
    /// past 2^20 pixels. Throws the loader's or the plan builder's error.
    static func plans(_ bytes: [UInt8], sides: [Double]) throws -> [RenderPlan?]? {
        guard !mayNameSpecialFile(bytes) else { return nil }
        let scene = try SceneLoader.parse(json: bytes, baseDirectory: sceneDirectory, name: "fuzz.json",
                                          images: .deferred)
        for ref in scene.imageReferences {
            guard var color = image(ref.colorPath) else { continue }
            if let maskPath = ref.alphaMaskPath {
                guard let mask = image(maskPath) else { continue }
                color = try ImageLoader.applyAlphaMask(mask, maskName: maskPath, to: color, colorName: ref.colorPath)
            }
            ref.layer.contents = LayerContents(key: ref.key, image: color)
        }
        return try sides.map { side in
            let canvas = scene.canvas
            let scale = min(canvas.scale, side / max(canvas.width, canvas.height, 1))
            guard scale.isFinite, scale > 0 else { return nil }
            let width = Int((canvas.width * scale).rounded()), height = Int((canvas.height * scale).rounded())
            guard width > 0, height > 0 else { return nil }
            let builder = PlanBuilder(options: PlanOptions(scale: scale, cull: bytes.count % 2 == 0))
            let plan = builder.build(root: scene.root, width: width, height: height)
            guard builder.stats.problems.isEmpty else { throw SceneNotDrawn(problems: builder.stats.problems) }
            let pixels = plan.passes.reduce(0.0) { $0 + Double($1.width) * Double($1.height) }
            return pixels <= Double(1 << 20) ? plan : nil
        }
    }

    /// The plan builder's problems (a path too complex to fill, …).
    public struct SceneNotDrawn: Error, CustomStringConvertible {
        public let problems: [String]
        public var description: String { problems.joined(separator: "; ") }
    }

    private static func image(_ path: String) -> Image? {
        if let cached = images[path] { return cached }
        var loaded: Image?
        let root = URL(fileURLWithPath: sceneDirectory).deletingLastPathComponent().path + "/"
        let standard = URL(fileURLWithPath: path).standardized.path
        if standard.hasPrefix(root), !path.contains("\0"),
           let type = (try? FileManager.default.attributesOfItem(atPath: standard))?[.type] as? FileAttributeType,
           type == .typeRegular {
            loaded = try? ImageLoader.read(path: standard)
        }
        images[path] = .some(loaded)
        return loaded
    }

    /// Whether JSON text could name a special file: after undoing `\/` it
    /// mentions /dev, /proc or /sys, or it spells a printable ASCII character
    /// as a `\u00XX` escape (which could hide such a name).
    static func mayNameSpecialFile(_ bytes: [UInt8]) -> Bool {
        let text = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\\/", with: "/")
        if text.contains("/dev") || text.contains("/proc") || text.contains("/sys") { return true }
        var rest = Substring(text)
        while let r = rest.range(of: "\\u00") {
            rest = rest[r.upperBound...]
            if let c = rest.first, ("2"..."7").contains(c) { return true }
        }
        return false
    }
}
