// Fuzz harness: scene JSON → layer tree (SceneLoader) → render plan
// (PlanBuilder) → pixels (CPUExecutor), the path of `compositor render
// --backend cpu`. To keep thousands of inputs a second affordable:
// - the canvas is drawn at a scale that makes its longer side at most 48
//   pixels (the plan builder still sees every layer, key and number);
// - plans whose passes add up to more than 2^20 pixels are built but not
//   executed (the memory budget of issue 18 item 2 is the real bound);
// - images load deferred and resolve from a cache, only for regular files
//   under Fixtures/ (image decoding has harnesses of its own);
// - inputs naming /dev, /proc or /sys are skipped: the reader's refusal of
//   special files is tested by the CLI tests, and reading /dev/stdin or
//   /dev/urandom would only make the fuzzer report a hang.
// Culling is on for inputs of even length and off for odd ones.

import Foundation
import FuzzSupport
import Images
import Layers
import Raster
import Rendering

/// Where the fixture scenes live; `contents` paths resolve against it.
let sceneDirectory: String = {
    let env = ProcessInfo.processInfo.environment["FUZZ_SCENE_DIR"]
    return URL(fileURLWithPath: env ?? "Fixtures/scenes").standardized.path
}()

/// Images are only read below this folder.
let imageRoot = URL(fileURLWithPath: sceneDirectory).deletingLastPathComponent().path + "/"

/// Decoded images by resolved path (nil: not readable or not allowed).
nonisolated(unsafe) var imageCache: [String: Image?] = [:]

private func image(_ path: String) -> Image? {
    if let cached = imageCache[path] { return cached }
    var loaded: Image?
    let standard = URL(fileURLWithPath: path).standardized.path
    if standard.hasPrefix(imageRoot), !path.contains("\0"),
       let type = (try? FileManager.default.attributesOfItem(atPath: standard))?[.type] as? FileAttributeType,
       type == .typeRegular {
        loaded = try? ImageLoader.read(path: standard)
    }
    imageCache[path] = .some(loaded)
    return loaded
}

/// Whether the JSON text could name a special file: after undoing `\/`,
/// it mentions /dev, /proc or /sys, or spells a printable ASCII character
/// as a `\u00XX` escape (which could hide such a name).
private func mayNameSpecialFile(_ bytes: [UInt8]) -> Bool {
    let text = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\\/", with: "/")
    if text.contains("/dev") || text.contains("/proc") || text.contains("/sys") { return true }
    var rest = Substring(text)
    while let r = rest.range(of: "\\u00") {
        rest = rest[r.upperBound...]
        if let c = rest.first, ("2"..."7").contains(c) { return true }
    }
    return false
}

func fuzzScene(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzInput(data, size)
    guard !mayNameSpecialFile(bytes),
          let scene = try? SceneLoader.parse(json: bytes, baseDirectory: sceneDirectory, name: "fuzz.json",
                                             images: .deferred) else { return 0 }
    for ref in scene.imageReferences {
        guard var color = image(ref.colorPath) else { continue }
        if let maskPath = ref.alphaMaskPath {
            guard let mask = image(maskPath),
                  let combined = try? ImageLoader.applyAlphaMask(mask, maskName: maskPath, to: color,
                                                                 colorName: ref.colorPath) else { continue }
            color = combined
        }
        ref.layer.contents = LayerContents(key: ref.key, image: color)
    }
    let canvas = scene.canvas
    let scale = min(canvas.scale, 48 / max(canvas.width, canvas.height, 1))
    guard scale.isFinite, scale > 0 else { return 0 }
    let width = Int((canvas.width * scale).rounded()), height = Int((canvas.height * scale).rounded())
    guard width > 0, height > 0 else { return 0 }
    let builder = PlanBuilder(options: PlanOptions(scale: scale, cull: bytes.count % 2 == 0))
    let plan = builder.build(root: scene.root, width: width, height: height)
    guard builder.stats.problems.isEmpty else { return 0 }
    let pixels = plan.passes.reduce(0.0) { $0 + Double($1.width) * Double($1.height) }
    guard pixels <= Double(1 << 20) else { return 0 }
    _ = try? CPUExecutor(bands: 1).execute(plan)
    return 0
}

runFuzzer { data, size in fuzzScene(data, size) }
