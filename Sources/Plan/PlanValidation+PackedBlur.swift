// Plan: the checks of a pass of packed blur steps (`PassContent.blurs`),
// the shared targets several shadows are blurred in. Each step must compute
// exactly what a `.blur` pass of its own part would, so: one source of this
// pass's size; full-resolution alpha steps, each with a region inside the
// pass (cleared to transparent, as every region needs); and no step's taps
// (its region widened by its radius along its axis, cut to the pass, where
// clamp-to-edge reads land) reaching another step's region. The source is 0
// outside the steps' regions (a region holds every non-zero source pixel its
// taps read, BlurStep.region), so each sum sees its own part and zeros.

extension RenderPlan {
    func validatePackedBlur(_ pass: RenderPass, _ steps: [BlurStep],
                            readPass: (Int) throws -> RenderPass) throws {
        guard let first = steps.first else { throw PlanError.packedBlurIsMalformed(pass: pass.id) }
        let src = try readPass(first.source)
        guard src.width == pass.width, src.height == pass.height else {
            throw PlanError.blurSourceHasDifferentSize(pass: pass.id, source: first.source)
        }
        guard pass.load == .clear(.clear) else { throw PlanError.blurRegionOutsidePass(pass: pass.id) }
        var reaches: [BlurRegion] = []
        for step in steps {
            guard step.source == first.source, step.downsample == 1, step.channels == .alpha,
                  let r = step.region, let reach = step.readRegion(width: pass.width, height: pass.height) else {
                throw PlanError.packedBlurIsMalformed(pass: pass.id)
            }
            guard !r.isEmpty, r.x0 >= 0, r.y0 >= 0, r.x1 <= pass.width, r.y1 <= pass.height else {
                throw PlanError.blurRegionOutsidePass(pass: pass.id)
            }
            reaches.append(reach)
        }
        for (i, reach) in reaches.enumerated() {
            for (j, other) in steps.enumerated() where j != i {
                if let r = other.region, reach.intersects(r) {
                    throw PlanError.packedBlurStepsTouch(pass: pass.id, step: i, other: j)
                }
            }
        }
    }
}

extension BlurRegion {
    /// Whether the two rects share a pixel.
    public func intersects(_ o: BlurRegion) -> Bool {
        !isEmpty && !o.isEmpty && x0 < o.x1 && o.x0 < x1 && y0 < o.y1 && o.y0 < y1
    }
}
