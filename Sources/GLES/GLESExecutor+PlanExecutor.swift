// GLES: the GLES2 executor as a `PlanExecutor` — its name ("gpu"), its
// counters mapped to the common `ExecutionStats`, overdraw counted with the
// additive GPU counting pass, and its registration (how the library opens it).

import Foundation
import Plan

extension GLESExecutor: PlanExecutor {
    /// How the library opens this executor (`--backend gpu`).
    public static let registration = ExecutorRegistration(
        name: "gpu", summary: "OpenGL ES 2 through EGL (Mesa llvmpipe without a GPU)") { settings in
            try GLESExecutor(platform: EGLPlatformChoice(rawValue: settings.platform) ?? .auto)
        }

    public var name: String { "gpu" }
    public var uploadsImages: Bool { true }

    public var lastExecution: ExecutionStats {
        let g = lastStats
        var s = ExecutionStats()
        s.drawCalls = g.drawCalls
        s.pixelsShaded = nil
        s.usesGPU = true
        s.gpuSeconds = g.gpuSeconds
        s.readbackSeconds = g.readbackSeconds
        s.reportFields = [("drawCalls", .int(g.drawCalls)), ("drawCallsLowerBound", .int(g.drawCallsLowerBound)),
                          ("triangles", .int(g.triangles)),
                          ("textureUploads", .int(g.textureUploads)), ("textureBinds", .int(g.textureBinds)),
                          ("textureCacheHits", .int(g.textureCacheHits)),
                          ("textureCacheEvictions", .int(g.textureCacheEvictions)),
                          ("textureCacheBytes", .int(g.textureCacheBytes)),
                          ("coverageVariantDrawCalls", .int(g.coverageVariantDrawCalls))]
        if g.atlasHits + g.atlasUploads + g.atlasRefused + g.atlasPages > 0 {
            s.reportFields += [("atlasImagesDrawn", .int(g.atlasHits + g.atlasUploads)),
                               ("atlasUploads", .int(g.atlasUploads)), ("atlasRefused", .int(g.atlasRefused)),
                               ("atlasPages", .int(g.atlasPages))]
        }
        if g.maskAtlasHits + g.maskAtlasUploads + g.maskAtlasRefused + g.maskAtlasPages > 0 {
            s.reportFields += [("maskAtlasMasksDrawn", .int(g.maskAtlasHits + g.maskAtlasUploads)),
                               ("maskAtlasUploads", .int(g.maskAtlasUploads)),
                               ("maskAtlasRefused", .int(g.maskAtlasRefused)),
                               ("maskAtlasPages", .int(g.maskAtlasPages))]
        }
        if g.pvrtcNative + g.pvrtcShaderDecoded + g.pvrtcDecodedOnce > 0 || !g.pvrtcAsRGBA8.isEmpty {
            s.reportFields += [("pvrtcTexturesNative", .int(g.pvrtcNative)),
                               ("pvrtcTexturesShaderDecoded", .int(g.pvrtcShaderDecoded)),
                               ("pvrtcTexturesDecodedOnce", .int(g.pvrtcDecodedOnce)),
                               ("pvrtcDecodePasses", .int(g.pvrtcDecodePasses)),
                               ("pvrtcTexturesAsRGBA8", .counts(g.pvrtcAsRGBA8)),
                               ("pvrtcTextureBytesSaved", .int(g.pvrtcBytesSaved))]
        }
        s.details = g
        s.phases = lastPhases
        return s
    }

    /// Every image an item samples is uploaded during the frame unless the
    /// texture cache holds it from an earlier frame (then it is not copied);
    /// larger ones are also cut into tiles, and PVRTC textures the shader
    /// cannot sample as blocks are expanded to RGBA8.
    public func imagesCopied(in plan: RenderPlan) -> [Int: String] {
        var copied: [Int: String] = [:]
        for pass in plan.passes {
            guard case .draw(let items) = pass.content else { continue }
            for item in items {
                for case .image(let i) in item.textures where copied[i] == nil && plan.images.indices.contains(i) {
                    let image = plan.images[i]
                    var asBlocks = false
                    if image.pvrtc != nil, case .texture = item.paint { asBlocks = true }
                    if hasCachedTexture(image, asBlocks: asBlocks) { continue }
                    if let t = image.pvrtc {
                        if asBlocks, PVRTCUploader.fallbackReason(t, native: info.pvrtcNative, maxSize: maxTextureSize) == nil {
                            copied[i] = "PVRTC blocks uploaded"
                        } else {
                            copied[i] = "PVRTC expanded to RGBA8 and uploaded"
                        }
                    } else if image.image.width > maxTextureSize || image.image.height > maxTextureSize {
                        copied[i] = "cut into tiles of at most \(maxTextureSize) texels and uploaded"
                    } else {
                        copied[i] = "uploaded"
                    }
                }
            }
        }
        return copied
    }

    /// Per-pixel counts from the GPU counting pass (its own context on this
    /// executor's EGL platform); no per-item counts. Every fragment in
    /// painter order, as the CPU counter counts; with the environment variable
    /// COMPOSITOR_GLES_COUNT_OPAQUE_FIRST=1, the fragments opaque-first
    /// drawing lets through the depth test instead (a measurement aid).
    public func countOverdraw(_ plan: RenderPlan) throws -> OverdrawResult {
        let counter = try GPUOverdrawCounter(platform: EGLPlatformChoice(rawValue: info.eglPlatform) ?? .auto)
        counter.opaqueFirst = ProcessInfo.processInfo.environment["COMPOSITOR_GLES_COUNT_OPAQUE_FIRST"] == "1"
        return try counter.count(plan)
    }
}
