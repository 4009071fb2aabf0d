// Plan: `RenderPlan.validate`, the checks every executor relies on —
// at least one pass, unique ids, sizes within the executor's limit, every
// pass read (by a texture, a blur or a load action) produced earlier (so no
// cycles), image indices and cached bitmaps that resolve, load sources of
// the pass's size and blur sources of the size the step makes them. Executors call it before drawing anything and
// run by the schedule it returns.

extension RenderPlan {
    /// Largest pass side any executor accepts (a plan builder never emits more).
    public static let maxPassSize = 16_384

    /// Checks the whole plan and returns its schedule.
    /// - Parameters:
    ///   - maxPassSize: the executor's largest target side.
    ///   - heldCacheKeys: the rasterization-cache keys the executor holds
    ///     (after dropping `evictedCacheKeys`); nil skips that check.
    /// - Throws: the first `PlanError` found, in pass order.
    public func validate(maxPassSize: Int = RenderPlan.maxPassSize,
                         heldCacheKeys: Set<UInt64>? = nil) throws -> PlanSchedule {
        guard !passes.isEmpty else { throw PlanError.planHasNoPasses }
        var indexOf: [Int: Int] = [:]
        for (i, p) in passes.enumerated() {
            guard indexOf[p.id] == nil else { throw PlanError.passIDIsDuplicated(p.id) }
            indexOf[p.id] = i
        }
        for (i, pass) in passes.enumerated() {
            guard pass.width > 0, pass.height > 0 else {
                throw PlanError.passHasZeroSize(pass: pass.id, width: pass.width, height: pass.height)
            }
            guard pass.width <= maxPassSize, pass.height <= maxPassSize else {
                throw PlanError.passIsTooLarge(pass: pass.id, width: pass.width, height: pass.height,
                                               limit: maxPassSize)
            }
            /// The pass `p` read by this one, which must come earlier.
            func readPass(_ p: Int) throws -> RenderPass {
                guard let j = indexOf[p] else {
                    throw PlanError.passRefersToUnknownPass(pass: pass.id, referenced: p)
                }
                guard j < i else { throw PlanError.passRefersToLaterPass(pass: pass.id, referenced: p) }
                return passes[j]
            }
            if case .load(let p) = pass.load {
                let src = try readPass(p)
                guard src.width == pass.width, src.height == pass.height else {
                    throw PlanError.loadSourceHasDifferentSize(pass: pass.id, source: p)
                }
            }
            switch pass.content {
            case .draw(let items):
                for (n, item) in items.enumerated() {
                    for ref in item.textures {
                        switch ref {
                        case .image(let k):
                            guard images.indices.contains(k) else {
                                throw PlanError.itemRefersToMissingImage(pass: pass.id, item: n, image: k,
                                                                         imageCount: images.count)
                            }
                        case .pass(let p):
                            _ = try readPass(p)
                        case .cached(let k):
                            if let held = heldCacheKeys, !held.contains(k) {
                                throw PlanError.itemRefersToMissingCachedBitmap(pass: pass.id, item: n, key: k)
                            }
                        }
                    }
                }
            case .blur(let step):
                let src = try readPass(step.source)
                let size = step.outputSize(sourceWidth: src.width, sourceHeight: src.height)
                guard size.width == pass.width, size.height == pass.height else {
                    throw PlanError.blurSourceHasDifferentSize(pass: pass.id, source: step.source)
                }
                // Outside its region a step leaves what the pass was cleared to: it must be 0.
                if let r = step.region, r.isEmpty || r.x0 < 0 || r.y0 < 0 || r.x1 > pass.width
                    || r.y1 > pass.height || pass.load != .clear(.clear) || step.channels != .alpha {
                    throw PlanError.blurRegionOutsidePass(pass: pass.id)
                }
            case .blurs(let steps):
                try validatePackedBlur(pass, steps, readPass: readPass)
            }
        }
        return PlanSchedule(passes: passes)
    }
}
