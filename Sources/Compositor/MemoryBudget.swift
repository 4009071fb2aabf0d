// Compositor: the memory a frame may use, checked before the executor
// allocates any of it (issue 18). A plan says everything the frame will
// hold: one RGBA8 target per pass (the canvas included) and the images it
// samples (decoded contents, text bitmaps, shadowPath masks). Their sum is
// the estimate; a frame over the budget is refused with an error naming
// what is large, instead of growing until the machine runs out. The
// default budget is half the physical memory; `--memory-limit` overrides.

import Foundation
import Rendering

/// The byte budget of one frame.
public enum MemoryBudget {
    /// Half the machine's physical memory.
    public static var defaultLimit: Int { Int(clamping: ProcessInfo.processInfo.physicalMemory / 2) }

    /// Bytes `plan` needs: every pass target and every image, 4 bytes a pixel.
    public static func estimate(_ plan: RenderPlan) -> (total: Int, passes: Int, images: Int, largest: String) {
        var passes = 0, images = 0, largestBytes = 0, largest = ""
        for p in plan.passes {
            let b = p.width * p.height * 4
            passes += b
            if b > largestBytes { largestBytes = b; largest = "pass \(p.id) (\(p.width) × \(p.height), \(p.reason))" }
        }
        for im in plan.images {
            let b = im.image.width * im.image.height * 4
            images += b
            if b > largestBytes { largestBytes = b; largest = "image \(im.key) (\(im.image.width) × \(im.image.height))" }
        }
        return (passes + images, passes, images, largest)
    }

    /// Throws when `plan` needs more than `limit` bytes.
    static func check(_ plan: RenderPlan, limit: Int) throws {
        let e = estimate(plan)
        guard e.total > limit else { return }
        throw MemoryBudgetError(description:
            "the frame needs about \(mib(e.total)) (\(plan.passes.count) passes: \(mib(e.passes)), "
            + "\(plan.images.count) images: \(mib(e.images)); largest: \(e.largest)), over the memory limit of "
            + "\(mib(limit)) (--memory-limit)")
    }

    static func mib(_ b: Int) -> String {
        b < 1 << 20 ? "\((b + 1023) >> 10) KiB" : "\((b + (1 << 20) - 1) >> 20) MiB"
    }
}

/// A frame refused for needing more memory than the budget.
public struct MemoryBudgetError: Error, CustomStringConvertible {
    public let description: String
}
