// Compositor: which executor runs a plan. `auto` tries the GPU path and
// falls back to the CPU reference with a warning when no EGL device works,
// so a plain machine still renders.

import GLES
import Raster

/// The executor choice of `compositor render --backend`.
public enum BackendChoice: String, Sendable, CaseIterable {
    case gpu, cpu, auto
}

/// A ready executor.
public enum Executor {
    case gpu(GLESExecutor)
    case cpu(CPUExecutor)

    /// "gpu" or "cpu".
    public var name: String {
        switch self {
        case .gpu: return "gpu"
        case .cpu: return "cpu"
        }
    }

    /// Opens the executor for `choice`; `warn` receives the fallback warning for `auto`.
    public static func open(_ choice: BackendChoice, platform: EGLPlatformChoice = .auto,
                            warn: (String) -> Void = { _ in }) throws -> Executor {
        switch choice {
        case .cpu:
            return .cpu(CPUExecutor())
        case .gpu:
            return .gpu(try GLESExecutor(platform: platform))
        case .auto:
            do {
                return .gpu(try GLESExecutor(platform: platform))
            } catch {
                warn("warning: GPU path unavailable (\(error)); rendering on the CPU reference backend")
                return .cpu(CPUExecutor())
            }
        }
    }

    /// The rasterization-cache keys whose bitmaps the executor holds.
    public var retainedKeys: Set<UInt64> {
        switch self {
        case .gpu(let g): return g.retainedKeys
        case .cpu(let c): return c.retainedKeys
        }
    }

    /// Drops every kept rasterization bitmap (a renderer's cache must then start afresh).
    public func dropRetained() {
        switch self {
        case .gpu(let g): g.dropRetained()
        case .cpu(let c): c.dropRetained()
        }
    }

    /// Runs a plan.
    public func execute(_ plan: RenderPlan) throws -> Image {
        switch self {
        case .gpu(let g): return try g.execute(plan)
        case .cpu(let c): return try c.execute(plan)
        }
    }
}
