// PVRTCEncoder: the public encoder. It runs the pipeline on one level —
// principal-axis initial colours, then rounds of (modulation choice →
// least-squares colours → quantization against neighbours), then a final
// modulation pass — with the amount of work set by the quality level.

/// Encodes RGBA8 images as PVRTC1.
public struct PVRTCEncoder: Sendable {
    /// How much work the encoder does. `fast`: initial colours and one modulation pass
    /// (by projection for opaque 4bpp images), no refinement. `normal`: four rounds of
    /// least-squares refinement. `best`: ten rounds (two on a relaxed modulation), more
    /// solver sweeps, punch-through mode tried on every 4bpp block, and two passes that
    /// re-judge every colour code with the decoder's exact integer arithmetic.
    public enum Quality: String, CaseIterable, Sendable {
        case fast, normal, best
    }

    /// Output bit rate.
    public var bitsPerPixel: PVRTCBitsPerPixel
    /// Encoder effort.
    public var quality: Quality

    /// An encoder for `bitsPerPixel` at `quality`.
    public init(bitsPerPixel: PVRTCBitsPerPixel = .four, quality: Quality = .normal) {
        self.bitsPerPixel = bitsPerPixel
        self.quality = quality
    }

    /// Work per quality level.
    struct Schedule {
        var rounds: Int
        var continuousSweeps: Int
        var quantizedSweeps: Int
        var punchThrough: Bool
        /// Added to the source in the least-squares fit to offset the decoder's flooring.
        var bias: Float
        /// Final modulation by projection instead of exact candidate decoding (4bpp).
        var projectedModulation = false
        /// 2bpp coordinate-descent passes over the stored modulation values.
        var modulationSweeps = 2
        /// Leading rounds that fit colours to the relaxed (projected, 0…8) modulation.
        var softRounds = 0
        /// Final passes re-judging each colour code with the exact decoder arithmetic.
        var polishPasses = 0
    }

    func schedule(hasAlpha: Bool) -> Schedule {
        switch quality {
        case .fast: return Schedule(rounds: 0, continuousSweeps: 0, quantizedSweeps: 0, punchThrough: hasAlpha, bias: 0.4,
                                    projectedModulation: !hasAlpha)
        case .normal: return Schedule(rounds: 4, continuousSweeps: 3, quantizedSweeps: 2, punchThrough: hasAlpha, bias: 0.4)
        case .best: return Schedule(rounds: 10, continuousSweeps: 4, quantizedSweeps: 3, punchThrough: true, bias: 0.4,
                                    modulationSweeps: 4, softRounds: 2, polishPasses: 2)
        }
    }

    /// Encodes one level. Width and height must be powers of two up to 8192 (not
    /// necessarily equal); levels below the minimum block area (8×8 at 4bpp, 16×8
    /// at 2bpp) are encoded tiled up to it, which is what the decoder wraps over.
    /// - Returns: `bitsPerPixel.dataSize(width:height:)` bytes in Morton order.
    /// - Throws: `PVRTCError.unsupportedSize`.
    public func encode(_ image: PVRTCImage) throws -> [UInt8] {
        if let reason = PVRTCSize.problem(width: image.width, height: image.height) {
            throw PVRTCError.unsupportedSize(width: image.width, height: image.height, reason: reason)
        }
        let level = ImageFit.tiled(image, minWidth: bitsPerPixel.minimumWidth, minHeight: bitsPerPixel.minimumHeight)
        let ws = EncoderWorkspace(image: level, bpp: bitsPerPixel)
        let plan = schedule(hasAlpha: ws.hasAlpha)
        ws.initialEndpoints()
        let eq = NormalEquations(blocks: ws.nbx * ws.nby)
        defer { eq.free() }
        for round in 0..<plan.rounds {
            if round < plan.softRounds && ws.bpp == .four && !ws.hasAlpha {
                ws.chooseModulation4Fast(soft: true)
            } else {
                ws.chooseModulation(plan)
            }
            ws.accumulate(into: eq, bias: plan.bias)
            ws.solveContinuous(eq, sweeps: plan.continuousSweeps)
            ws.solveQuantized(eq, sweeps: plan.quantizedSweeps)
        }
        for _ in 0..<plan.polishPasses {
            ws.chooseModulation(plan)
            ws.polishExact()
        }
        ws.chooseModulation(plan)
        return ws.serialized()
    }
}

extension EncoderWorkspace {
    func chooseModulation(_ plan: PVRTCEncoder.Schedule) {
        if bpp == .four && plan.projectedModulation {
            chooseModulation4Fast()
        } else if bpp == .four {
            chooseModulation4(allowPunchThrough: plan.punchThrough)
        } else {
            chooseModulation2(sweeps: plan.modulationSweeps)
        }
    }
}
