// Test support for the shadow packing and tight composite tests: scenes
// given as JSON text, planned with shadow packing and tight composites
// switched on or off, so a test can compare the plans and their pixels.

import Foundation
import Plan
import Compositor
import Layers
import Rendering

enum ShadowPlans {
    /// Two 20 × 20 black bodies in layers without background (offscreen
    /// shadows, offset 0): A at (20, 20) with radius 2, B at (120, 30) with radius 4.
    static let twoShadows = ##"""
    {"canvas":{"width":200,"height":100,"backgroundColor":"#FFFFFF"},"sublayers":[
     {"name":"A","frame":[20,20,20,20],"shadowOpacity":1,"shadowRadius":2,"shadowOffset":[0,0],"sublayers":[{"frame":[0,0,20,20],"backgroundColor":"#000000"}]},
     {"name":"B","frame":[120,30,20,20],"shadowOpacity":1,"shadowRadius":4,"shadowOffset":[0,0],"sublayers":[{"frame":[0,0,20,20],"backgroundColor":"#000000"}]}]}
    """##

    static func parse(_ json: String) throws -> Scene {
        try SceneLoader.parse(json: Array(json.utf8), baseDirectory: "/", name: "test.json")
    }

    /// `scene`'s plan at `scale` (default: the canvas's), with shadows packed
    /// (PlanOptions.packShadows) and their composites tight
    /// (PlanOptions.tightShadowComposites) as asked.
    static func plan(_ scene: Scene, pack: Bool = true, tight: Bool = true, scale: Double? = nil) -> RenderPlan {
        let s = scale ?? scene.canvas.scale
        var o = PlanOptions(scale: s)
        o.packShadows = pack
        o.tightShadowComposites = tight
        return PlanBuilder(options: o).build(root: scene.root, width: Int((scene.canvas.width * s).rounded()),
                                             height: Int((scene.canvas.height * s).rounded()))
    }
}
