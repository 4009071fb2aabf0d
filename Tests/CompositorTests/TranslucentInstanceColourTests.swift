// A replicator instance colour multiplies every colour an instance draws,
// part by part, whether or not the layer goes through an offscreen pass
// (rounded clip, mask, group opacity, shadow source, shouldRasterize):
// docs/scene-format.md, "Replicator layers". Every expected pixel below is
// worked out by hand from the format's rules (premultiplied source-over,
// channels 0…255 over an opaque white canvas), never taken from this
// renderer; each is checked on the CPU reference and, when an EGL display
// opens, on the GPU path, within 1 level.
//
// The instance colour #FFFFFF80 is white at alpha a = 128/255 ≈ 0.502
// (premultiplied (a, a, a, a)); the values below use a = 0.5 (the results
// move by less than 1 level).
// - Red (1, 0, 0, 1) tinted: (0.5, 0, 0, 0.5); over white (255, 127.5, 127.5).
// - Blue (0, 0, 1, 1) tinted, over that: R 0 + 255 × 0.5 = 127.5,
//   G 127.5 × 0.5 = 63.75, B 127.5 + 127.5 × 0.5 = 191.25.
// - Blue tinted over red tinted, composed over transparent (inside a pass):
//   (0.25, 0, 0.5, 0.75).

import XCTest
import Compositor
import Layers
import Raster

final class TranslucentInstanceColourTests: XCTestCase {
    let head = ##"{"canvas":{"width":60,"height":60,"scale":1,"backgroundColor":"#FFFFFF"},"sublayers":["##
    let tail = "]}"

    /// `layer` as the one sublayer of a one-instance replicator whose instance colour is `colour`.
    func replicated(_ layer: String, colour: String = "#FFFFFF80") -> String {
        head + #"{"type":"replicator","frame":[0,0,60,60],"instanceColor":"\#(colour)","sublayers":["#
            + layer + "]}" + tail
    }

    /// Checks each (x, y, (r, g, b)) on every backend within `tolerance` levels.
    func assertPixels(_ json: String, _ expected: [(Int, Int, (Double, Double, Double))], tolerance: Double = 1,
                      _ what: String, file: StaticString = #filePath, line: UInt = #line) throws {
        for (backend, out) in try ContractPixels.render(json) {
            for (x, y, want) in expected {
                let p = out.image[x, y]
                let got = (Double(p.0), Double(p.1), Double(p.2))
                let ok = abs(got.0 - want.0) <= tolerance && abs(got.1 - want.1) <= tolerance
                    && abs(got.2 - want.2) <= tolerance
                XCTAssertTrue(ok, "\(what), \(backend) pixel (\(x), \(y)): got \(p.0), \(p.1), \(p.2), "
                              + "expected \(want.0), \(want.1), \(want.2)", file: file, line: line)
            }
        }
    }

    /// The scene of docs/reliability.md ("Open: translucent replicator colours
    /// over offscreen passes"): a red rounded layer with a 6-point blue border
    /// and a green sublayer half outside it. At (30, 12) the border lies over
    /// the background, each tinted: (127.5, 63.75, 191.25), with the rounded
    /// clip (an offscreen pass) as without it. Before the fix the clipped
    /// layer was composed untinted and faded once: (127, 127, 255). Inside at
    /// (20, 30) only the background: (255, 127.5, 127.5). At (12, 30) red,
    /// the green sublayer and the border's left side, each tinted: after the
    /// green (0, 0.5, 0, 0.5) (127.5, 191.25, 63.75), after the blue (63.75,
    /// 95.625, 159.375). At (7, 30), outside the bounds, green over white
    /// (127.5, 255, 127.5) without the clip and white with it.
    func testBorderOverBackgroundIsTheSameWithAndWithoutARoundedClip() throws {
        func scene(_ clip: Bool) -> String {
            replicated(#"""
                {"frame":[10,10,40,40],"backgroundColor":"#FF0000","borderWidth":6,"borderColor":"#0000FF",
                 "cornerRadius":8,"masksToBounds":\#(clip),
                 "sublayers":[{"frame":[-5,15,10,10],"backgroundColor":"#00FF00"}]}
                """#)
        }
        for clip in [false, true] {
            try assertPixels(scene(clip), [(30, 12, (127.5, 63.75, 191.25)), (20, 30, (255, 127.5, 127.5)),
                                           (12, 30, (63.75, 95.625, 159.375)),
                                           (7, 30, clip ? (255, 255, 255) : (127.5, 255, 127.5))],
                             "masksToBounds \(clip)")
        }
    }

    /// An opaque instance colour multiplies only the colour channels, which
    /// commutes with source-over: tinting the composed clip window (what the
    /// plan does for opaque tints) gives what tinting each part gives. Tint
    /// #FF8040 = (1, 0.502, 0.251); red background (1, 0, 0, 1) → (1, 0, 0, 1);
    /// border #0000FF80 = (0, 0, 0.502, 0.502) → (0, 0, 0.126, 0.502); border
    /// over background: R 255 × (1 − 0.502) = 127.0, G 0, B 0.126 × 255 = 32.1.
    /// Composed first: (0.498, 0, 0.502, 1) × tint → the same.
    func testAnOpaqueInstanceColourCommutesWithTheClipWindow() throws {
        func scene(_ clip: Bool) -> String {
            replicated(#"""
                {"frame":[10,10,40,40],"backgroundColor":"#FF0000","borderWidth":6,"borderColor":"#0000FF80",
                 "cornerRadius":8,"masksToBounds":\#(clip),"sublayers":[{"frame":[30,30,4,4],"backgroundColor":"#000000"}]}
                """#, colour: "#FF8040")
        }
        for clip in [false, true] {
            try assertPixels(scene(clip), [(30, 12, (127.0, 0, 32.1)), (20, 30, (255, 0, 0))], "masksToBounds \(clip)")
        }
    }

    /// A mask draws no colour: the instance colour does not touch its alpha.
    /// Layer at (10, 10), 40 × 40: red background, blue sublayer over its top
    /// half; mask #00000080 (alpha 0.5) over the whole layer with an opaque
    /// black sublayer over its left half (alpha 1 there). The composed parts
    /// (in the mask's pass): blue over red tinted (0.25, 0, 0.5, 0.75), red
    /// alone (0.5, 0, 0, 0.5).
    /// - Mask 1, blue over red (15, 15): (127.5, 63.75, 191.25), as unmasked.
    /// - Mask 1, red (15, 45): (255, 127.5, 127.5). A tinted mask would halve it: (255, 191.25, 191.25).
    /// - Mask 0.5, blue over red (45, 15): (0.125, 0, 0.25, 0.375) over white:
    ///   R 0.125 + 0.625 → 191.25, G 0.625 → 159.375, B 0.875 → 223.125.
    /// - Mask 0.5, red (45, 45): (0.25, 0, 0, 0.25): (255, 191.25, 191.25).
    /// Before the fix (composed untinted, tinted once): (15, 15) was (127.5, 127.5, 255).
    func testMaskedPartsAreTintedAndTheMaskIsNot() throws {
        let json = replicated(#"""
            {"frame":[10,10,40,40],"backgroundColor":"#FF0000",
             "sublayers":[{"frame":[0,0,40,20],"backgroundColor":"#0000FF"}],
             "mask":{"frame":[0,0,40,40],"backgroundColor":"#00000080",
                     "sublayers":[{"frame":[0,0,20,40],"backgroundColor":"#000000"}]}}
            """#)
        try assertPixels(json, [(15, 15, (127.5, 63.75, 191.25)), (15, 45, (255, 127.5, 127.5)),
                                (45, 15, (191.25, 159.375, 223.125)), (45, 45, (255, 191.25, 191.25))], "mask")
    }

    /// Group opacity under a translucent instance colour: the parts are
    /// tinted inside the group's pass, then the group is faded once by its
    /// opacity 0.5. Blue over red: (0.25, 0, 0.5, 0.75) × 0.5 → (191.25,
    /// 159.375, 223.125); red alone: (0.5, 0, 0, 0.5) × 0.5 → (255, 191.25,
    /// 191.25). Before the fix the untinted group (blue over red = blue) was
    /// faded by 0.5 × 0.5: (191.25, 191.25, 255).
    func testGroupOpacityFadesTheTintedPartsOnce() throws {
        let json = replicated(#"""
            {"frame":[10,10,40,40],"backgroundColor":"#FF0000","opacity":0.5,
             "sublayers":[{"frame":[0,0,40,20],"backgroundColor":"#0000FF"}]}
            """#)
        try assertPixels(json, [(30, 15, (191.25, 159.375, 223.125)), (30, 45, (255, 191.25, 191.25))], "group opacity")
    }

    /// Shadows: the shadow's shape is the untinted content's alpha, its colour
    /// is tinted. Layer at (10, 10), 20 × 10, red background, blue sublayer
    /// (10, 0, 20, 10) sticking out to the right (so the source needs a pass);
    /// hard black shadow (radius 0, opacity 1) 20 points down. Shadow (black
    /// × tint: (0, 0, 0, 0.5), shape alpha 1) over white: 127.5 grey at
    /// (15, 35) and (35, 35). Alpha counted twice (a tinted source) would give
    /// 191.25. The body: red (15, 15) (255, 127.5, 127.5); blue over red
    /// (25, 15) (127.5, 63.75, 191.25); blue alone (35, 15) (127.5, 127.5, 255).
    /// Checked at opacity 1 (one body pass would serve as both the source and
    /// the content: the untinted source is now a pass of its own), with
    /// opacity 0.5 in the parts (a second source pass already), and with a
    /// rounded clip (bounds 40 × 10 so the sublayer stays inside).
    func testShadowShapeIsTheUntintedSourceAndItsColourIsTinted() throws {
        let shadow = ##""shadowOpacity":1,"shadowRadius":0,"shadowOffset":[0,20],"shadowColor":"#000000""##
        let plain = replicated(#"""
            {"frame":[10,10,20,10],"backgroundColor":"#FF0000",\#(shadow),
             "sublayers":[{"frame":[10,0,20,10],"backgroundColor":"#0000FF"}]}
            """#)
        try assertPixels(plain, [(15, 35, (127.5, 127.5, 127.5)), (35, 35, (127.5, 127.5, 127.5)),
                                 (15, 15, (255, 127.5, 127.5)), (25, 15, (127.5, 63.75, 191.25)),
                                 (35, 15, (127.5, 127.5, 255))], "shadow")
        // Opacity 0.5 on a layer whose sublayer makes it a group would fade
        // the group; allowsGroupOpacity false puts it into each part: tint ×
        // opacity = 0.25 per part. Shadow (0, 0, 0, 0.25): 191.25. Red
        // (0.25, 0, 0, 0.25): (255, 191.25, 191.25). Blue (0, 0, 0.25, 0.25)
        // over it: R 255 × 0.75 = 191.25, G 191.25 × 0.75 = 143.44, B 63.75 + 143.44 = 207.19.
        let faded = replicated(#"""
            {"frame":[10,10,20,10],"backgroundColor":"#FF0000","opacity":0.5,"allowsGroupOpacity":false,\#(shadow),
             "sublayers":[{"frame":[10,0,20,10],"backgroundColor":"#0000FF"}]}
            """#)
        try assertPixels(faded, [(15, 35, (191.25, 191.25, 191.25)), (15, 15, (255, 191.25, 191.25)),
                                 (25, 15, (191.25, 143.44, 207.19))], "shadow, opacity in the parts")
        // A rounded clip and the shadow share the body pass: the clip window
        // is drawn back untinted, the shadow (clipped to the bounds too, so
        // moved only 5 points down to overlap them) from the untinted source.
        // Layer (10, 10) 40 × 10, radius 2; shadow 5 down covers y 15…20 of it,
        // under the body: at (15, 17) red tinted over the shadow: shadow over
        // white 127.5 grey, red (0.5, 0, 0, 0.5) over it: (191.25, 63.75, 63.75).
        let clipped = replicated(#"""
            {"frame":[10,10,40,10],"backgroundColor":"#FF0000","cornerRadius":2,"masksToBounds":true,
             "shadowOpacity":1,"shadowRadius":0,"shadowOffset":[0,5],"shadowColor":"#000000",
             "sublayers":[{"frame":[10,0,20,10],"backgroundColor":"#0000FF"}]}
            """#)
        try assertPixels(clipped, [(15, 17, (191.25, 63.75, 63.75)), (15, 12, (255, 127.5, 127.5)),
                                   (25, 12, (127.5, 63.75, 191.25))], "shadow with a rounded clip")
    }

    /// Gradient contents go through the same rule (random scenes 2500120 and
    /// 2500279 of the Skia check: a gradient over its background under a
    /// mask, and gradients with borders in a rounded clip). Layer at (10, 10),
    /// 40 × 40: red background, a gradient of #0000FF80 twice (blue at alpha
    /// g = 128/255; the values use 0.5), a 6-point green border; tint
    /// #FFFFFF80 (0.5). Each part tinted, over white:
    /// - red (0.5, 0, 0, 0.5): (255, 127.5, 127.5);
    /// - the gradient (0, 0, 0.25, 0.25) over it, inside at (30, 30):
    ///   (191.25, 95.625, 159.375);
    /// - the border (0, 0.5, 0, 0.5) over that, at (30, 12): (95.625, 175.31, 79.69).
    /// The same without a pass, with a rounded clip and with an opaque mask
    /// over the whole layer. The old rule (the layer composed untinted, then
    /// faded once) gave (127.5, 255, 127.5) on the border and (191.25,
    /// 127.5, 191.25) inside, as the compositor drew scenes 2500120 and
    /// 2500279 before the fix.
    func testGradientContentsAreTintedOverTheBackgroundWithAndWithoutAPass() throws {
        let body = ##""frame":[10,10,40,40],"type":"gradient","backgroundColor":"#FF0000","colors":["#0000FF80","#0000FF80"],"borderWidth":6,"borderColor":"#00FF00""##
        let variants: [(String, String)] = [("no pass", body),
                                            ("rounded clip", body + #","cornerRadius":8,"masksToBounds":true"#),
                                            ("mask", body + ##","mask":{"frame":[0,0,40,40],"backgroundColor":"#000000"}"##)]
        for (what, layer) in variants {
            try assertPixels(replicated("{" + layer + "}"),
                             [(30, 30, (191.25, 95.625, 159.375)), (30, 12, (95.625, 175.31, 79.69))], what)
        }
    }

    /// An alpha offset gives each instance its own tint, through each
    /// instance's own passes (random scene 2500080 of the Skia check: five
    /// instances of a shadowed layer with three sublayers, alpha offset
    /// −0.053). Two instances 30 points apart, alpha offset −0.5: instance 0
    /// untinted (alpha 1), instance 1 at alpha 0.5. The layer: red, 20 × 10 at
    /// (10, 5), a blue sublayer sticking out to the right (so the shadow's
    /// source is a pass), a hard black shadow 12 points down.
    /// - Instance 0: shadow black (15, 22) and (35, 22); red (15, 10); blue (25, 10).
    /// - Instance 1 (as `testShadowShapeIsTheUntintedSourceAndItsColourIsTinted`):
    ///   shadow (0, 0, 0, 0.5) → 127.5 grey at (15, 52) and (35, 52); red
    ///   (255, 127.5, 127.5) at (15, 40); blue over red (127.5, 63.75,
    ///   191.25) at (25, 40); blue alone (127.5, 127.5, 255) at (35, 40).
    /// The old rule (before main 5e98382) gave (127.5, 127.5, 255) at (25, 40);
    /// a tinted shadow source (the instance alpha counted twice) gives 191.25 grey in the shadow.
    func testAnAlphaOffsetTintsEachInstanceThroughItsOwnPasses() throws {
        let json = head + #"""
            {"type":"replicator","frame":[0,0,60,60],"instanceCount":2,"instanceTransform":[{"translate":[0,30,0]}],
             "instanceAlphaOffset":-0.5,"sublayers":[
               {"frame":[10,5,20,10],"backgroundColor":"#FF0000",
                "shadowOpacity":1,"shadowRadius":0,"shadowOffset":[0,12],"shadowColor":"#000000",
                "sublayers":[{"frame":[10,0,20,10],"backgroundColor":"#0000FF"}]}]}
            """# + tail
        try assertPixels(json, [(15, 22, (0, 0, 0)), (35, 22, (0, 0, 0)), (15, 10, (255, 0, 0)), (25, 10, (0, 0, 255)),
                                (15, 52, (127.5, 127.5, 127.5)), (35, 52, (127.5, 127.5, 127.5)),
                                (15, 40, (255, 127.5, 127.5)), (25, 40, (127.5, 63.75, 191.25)),
                                (35, 40, (127.5, 127.5, 255))], "alpha offset")
    }

    /// Nested replicators multiply their colours, through passes too: an
    /// outer #FFFFFF80 around a rounded-clip layer (a pass, tinted inside)
    /// holding an inner #FFFFFF80 replicator of a red layer with a blue
    /// border: each part at alpha 0.25. Red (0.25, 0, 0, 0.25) over white
    /// (255, 191.25, 191.25); the border over it (191.25, 143.44, 207.19);
    /// the same without the clip.
    func testNestedTranslucentColoursMultiplyThroughAPass() throws {
        func scene(_ clip: Bool) -> String {
            replicated(#"""
                {"frame":[0,0,60,60],"cornerRadius":4,"masksToBounds":\#(clip),
                 "sublayers":[{"type":"replicator","frame":[0,0,60,60],"instanceColor":"#FFFFFF80",
                   "sublayers":[{"frame":[10,10,40,40],"backgroundColor":"#FF0000","borderWidth":6,"borderColor":"#0000FF"}]}]}
                """#)
        }
        for clip in [false, true] {
            try assertPixels(scene(clip), [(30, 12, (191.25, 143.44, 207.19)), (30, 30, (255, 191.25, 191.25))],
                             "nested, masksToBounds \(clip)")
        }
    }

    /// shouldRasterize renders the layer into a bitmap; under a translucent
    /// instance colour the parts are tinted inside it, as drawn directly: the
    /// border over the background at (30, 12) is (127.5, 63.75, 191.25).
    func testRasterizedLayerIsTintedPartByPart() throws {
        let json = replicated(#"""
            {"frame":[10,10,40,40],"backgroundColor":"#FF0000","borderWidth":6,"borderColor":"#0000FF",
             "shouldRasterize":true}
            """#)
        try assertPixels(json, [(30, 12, (127.5, 63.75, 191.25)), (30, 30, (255, 127.5, 127.5))], "shouldRasterize")
    }

    /// A rasterized layer's kept bitmap holds its tinted parts, so a new
    /// instance colour must not reuse it: frame 2 (alpha 0.25 instead of 0.5)
    /// draws the border over the background as the format says, cached or
    /// not. Tint alpha 0.25: red (0.25, 0, 0, 0.25) over white (255, 191.25,
    /// 191.25); the border's blue (0, 0, 0.25, 0.25) over it: R 255 × 0.75 =
    /// 191.25, G 191.25 × 0.75 = 143.44, B 63.75 + 143.44 = 207.19.
    func testKeptBitmapIsRebuiltWhenTheTranslucentInstanceColourChanges() throws {
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 60, height: 60)
        root.position = Vec2(30, 30)
        root.backgroundColor = .white
        let rep = ReplicatorLayer()
        rep.frame = Rect(x: 0, y: 0, width: 60, height: 60)
        rep.instanceColor = Color(r: 1, g: 1, b: 1, a: 0.5)
        let card = Layer()
        card.frame = Rect(x: 10, y: 10, width: 40, height: 40)
        card.backgroundColor = Color(r: 1, g: 0, b: 0)
        card.borderWidth = 6
        card.borderColor = Color(r: 0, g: 0, b: 1)
        card.shouldRasterize = true
        rep.addSublayer(card)
        root.addSublayer(rep)
        let r = Renderer(executor: CPUExecutor())
        func pixel(_ f: FrameOutput) -> (Double, Double, Double) {
            let p = f.image[30, 12]
            return (Double(p.0), Double(p.1), Double(p.2))
        }
        func near(_ a: (Double, Double, Double), _ b: (Double, Double, Double)) -> Bool {
            abs(a.0 - b.0) <= 1 && abs(a.1 - b.1) <= 1 && abs(a.2 - b.2) <= 1
        }
        let f1 = try r.renderFrame(root: root, time: 0)
        XCTAssertEqual(f1.cacheStats.misses, 1)
        XCTAssertTrue(near(pixel(f1), (127.5, 63.75, 191.25)), "frame 1: \(pixel(f1))")
        let f2 = try r.renderFrame(root: root, time: 1.0 / 60)
        XCTAssertEqual(f2.cacheStats.hits, 1, "same tint: the kept bitmap")
        XCTAssertTrue(near(pixel(f2), (127.5, 63.75, 191.25)), "frame 2: \(pixel(f2))")
        rep.instanceColor = Color(r: 1, g: 1, b: 1, a: 0.25)
        let f3 = try r.renderFrame(root: root, time: 2.0 / 60)
        XCTAssertEqual(f3.cacheStats.misses, 1, "a new tint: rebuilt")
        XCTAssertTrue(near(pixel(f3), (191.25, 143.44, 207.19)), "frame 3: \(pixel(f3))")
    }
}
