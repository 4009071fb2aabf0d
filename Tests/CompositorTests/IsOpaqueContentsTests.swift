// isOpaque with contents that break the promise (docs/scene-format.md,
// Appearance): the contents are drawn with blending off, so they replace
// what lies beneath them, alpha included. scripts/outside-scenes checks the
// same reading against Skia (kSrc) on random scenes; these pixels are
// worked by hand from Fixtures/images/make_images.py's gray-alpha.png
// (32 × 32, grey 60, alpha 255 × clip(1 − |d − 11| / 4, 0, 1) with d the
// distance of the pixel centre from (16, 16), rounded): at (16, 16) the
// alpha is 0; at (5, 16), d = 10.512, alpha 224, premultiplied grey
// 60 × 224 / 255 = 52.7. Drawn at one point a texel, each pixel centre is a
// texel centre, so sampling returns the texel.

import XCTest

final class IsOpaqueContentsTests: XCTestCase {
    let image = FixturePaths.root.appendingPathComponent("Fixtures/images/gray-alpha.png").path

    func scene(opaque: Bool, layerOpacity: Double = 1, groupOpacity: Double? = nil) -> String {
        let photo = ##"{"frame":[0,0,32,32],"contents":""## + image + ##"","isOpaque":"## + "\(opaque)"
            + ##","opacity":"## + "\(layerOpacity)}"
        let red = ##"{"frame":[0,0,32,32],"backgroundColor":"#FF0000"}"##
        let layers: String
        if let g = groupOpacity {
            layers = ##"{"frame":[0,0,32,32],"opacity":"## + "\(g)" + ##","sublayers":["## + red + "," + photo + "]}"
        } else {
            layers = red + "," + photo
        }
        return ##"{"canvas":{"width":32,"height":32,"scale":1,"backgroundColor":"#FFFFFF"},"sublayers":["## + layers + "]}"
    }

    func assertPixels(_ json: String, _ expected: [(Int, Int, (Double, Double, Double, Double))],
                      file: StaticString = #filePath, line: UInt = #line) throws {
        for (backend, out) in try ContractPixels.render(json) {
            for (x, y, want) in expected {
                let p = out.image[x, y]
                let got = [Double(p.0), Double(p.1), Double(p.2), Double(p.3)]
                for (g, w) in zip(got, [want.0, want.1, want.2, want.3]) {
                    XCTAssertLessThanOrEqual(abs(g - w), 1.5, "\(backend) (\(x), \(y)): got \(got), expected \(want)",
                                             file: file, line: line)
                }
            }
        }
    }

    func testBrokenPromiseReplacesWhatLiesBeneath() throws {
        // The red layer and the white canvas under the transparent centre are replaced: (0, 0, 0, 0).
        try assertPixels(scene(opaque: true), [(16, 16, (0, 0, 0, 0)), (5, 16, (52.7, 52.7, 52.7, 224))])
        // Without the promise the image blends: red at the centre, grey over red on the ring
        // (52.7 + 255 × 31 / 255 = 83.7).
        try assertPixels(scene(opaque: false), [(16, 16, (255, 0, 0, 255)), (5, 16, (83.7, 52.7, 52.7, 255))])
    }

    func testInsideAFadedGroupTheContentsReplaceThePassPixels() throws {
        // The group's pass holds the image's pixels where it lies (no red), then fades by 0.5 over
        // white: the centre is white, the ring pixel 26.35 + 255 × (1 − 112 / 255) = 169.35.
        try assertPixels(scene(opaque: true, groupOpacity: 0.5),
                         [(16, 16, (255, 255, 255, 255)), (5, 16, (169.35, 169.35, 169.35, 255))])
    }

    func testBelowFullOpacityTheContentsBlend() throws {
        // At opacity 0.5 the promise does not turn blending off: the red shows through the centre.
        try assertPixels(scene(opaque: true, layerOpacity: 0.5), [(16, 16, (255, 0, 0, 255))])
    }
}
