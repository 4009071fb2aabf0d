// Plan: a stable, human-readable text form of a render plan. Tests
// compare these dumps to catch unintended changes in what the builder
// emits, and `compositor render --dump-plan` shows it to users.

import Geometry

extension RenderPlan {
    /// One line per pass and per item; numbers rounded to 4 decimals.
    public var dump: String {
        var out = "plan \(width)x\(height), \(passes.count) passes, \(images.count) images\n"
        for (i, img) in images.enumerated() {
            out += "  image#\(i) \(img.key) \(img.image.width)x\(img.image.height)\n"
        }
        for p in passes {
            let who = p.layerName.map { " '\($0)'" } ?? ""
            let keep = p.retainKey.map { " (kept as cached#\($0))" } ?? ""
            var load = ""
            if case .load(let src) = p.load { load = " loads pass#\(src)" }
            out += "pass#\(p.id) \(p.reason.rawValue)\(who) \(p.width)x\(p.height)\(keep)\(load)\n"
            switch p.content {
            case .blur(let b):
                out += "  " + b.dumpLine + "\n"
            case .blurs(let steps):
                for b in steps { out += "  " + b.dumpLine + "\n" }
            case .draw(let items):
                for it in items { out += "  " + it.dumpLine(layerNames: layerNames) + "\n" }
            }
        }
        return out
    }
}

extension BlurStep {
    var dumpLine: String {
        let rgba = channels == .rgba ? " rgba" : ""
        let region = region.map { " region [\($0.x0), \($0.y0), \($0.x1), \($0.y1))" } ?? ""
        return "blur\(rgba) \(axis.rawValue) of pass#\(source) sigma \(fmt(sigma)) taps \(weights.count)\(region)"
    }
}

extension DrawItem {
    func dumpLine(layerNames: [String]) -> String {
        let name = layer < layerNames.count ? layerNames[layer] : "?"
        var s = "[\(name)] rect \(rect)"
        let h = transform.flattened
        if h != .identity { s += " map \(h)" }
        switch paint {
        case .solid(let c): s += " solid \(c)"
        case .texture(let t, let uv, let f, let o): s += " texture \(t) \(f.rawValue) uv \(uv) opacity \(fmt(o))"
        case .textureAlpha(let t, let uv, let f, let c): s += " alpha \(t) \(f.rawValue) uv \(uv) color \(c)"
        case .masked(let t, let m, let uv, let f, let o):
            s += " masked \(t) by \(m) \(f.rawValue) uv \(uv) opacity \(fmt(o))"
        case .gradient(let g): s += " \(g)"
        }
        switch shape {
        case .quad: break
        case .roundedRect(let r, let rad): s += " rrect \(r) r \(fmt(rad))"
        case .ring(let r, let rad, let w, let ir): s += " ring \(r) r \(fmt(rad)) w \(fmt(w)) ir \(fmt(ir))"
        case .blurredRect(let r, let sx, let sy): s += " blurred \(r) σ \(fmt(sx))×\(fmt(sy))"
        case .blurredRoundedRect(let r, let radius, let sigma): s += " blurred \(r) r \(fmt(radius)) σ \(fmt(sigma))"
        }
        if let t = tint { s += " tint \(t)" }
        if !aaEdges.isEmpty { s += " aa \(aaEdges)" }
        if blend != .sourceOver { s += " \(blend.rawValue)" }
        if let c = clip { s += " clip " + c.map(\.description).joined(separator: " ") }
        return s
    }
}
