// FuzzTargets: scene JSON → render plan → GLES pixels, the path of
// `compositor render` (its default backend), on whatever EGL answers
// (llvmpipe through EGL surfaceless on a plain machine). The plan is
// FuzzTarget.plan's: the canvas at most 48 pixels a side.
//
// Each input is drawn five times by one executor, starting from a state
// with nothing kept: the first frame is scheduled afresh; the second repeats
// it, so its still passes are ordered with HiddenOverlaps; the third replays
// the kept schedules and occlusion decisions; the fourth draws the scene at
// 40 pixels a side instead (another plan, whose passes carry the same ids:
// every memo must notice the change); the fifth is the first plan again.
// Frames 1, 2, 3 and 5 must be the same bytes (what `compositor compare
// --repeat` holds), frame 4 the bytes of the 40-pixel plan drawn first from
// nothing kept, and GL must report no error at any pass boundary; any of
// these failing traps, like a crash: a memo that draws another picture, or
// a call GL refuses, is a bug, not bad input.
// With `compareWithCPU` (FUZZ_GPU_COMPARE=1 in the harness's environment)
// the first frame must also match the CPU executor's within the project's
// tolerance (`compositor compare`'s default), else the harness traps: a
// differential fuzzer for the two executors.
// The executor is opened once (prepareGPU, before libFuzzer starts: Mesa
// keeps memory for the whole process) and forgets its frames between inputs,
// so each input replays alone.

import Compare
import Foundation
import GLES
import Images
import Plan
import Raster

extension FuzzTarget {
    /// The executor sceneGPU draws with (prepareGPU opens it).
    nonisolated(unsafe) private static var gpu: GLESExecutor?

    /// Opens the executor `sceneGPU` draws with; the reason when EGL gives none.
    public static func prepareGPU() -> String? {
        guard gpu == nil else { return nil }
        do {
            let executor = try GLESExecutor()
            executor.checkErrorsAtPassBoundaries = true
            gpu = executor
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// Whether `sceneGPU` holds its first frame to the CPU executor's (see
    /// the file comment); FUZZ_GPU_COMPARE=1 sets it.
    nonisolated(unsafe) public static var compareWithCPU =
        ProcessInfo.processInfo.environment["FUZZ_GPU_COMPARE"] == "1"

    /// Thrown by `sceneGPU` when no executor could be opened.
    public struct GPUUnavailable: Error, CustomStringConvertible {
        public let reason: String
        public var description: String { "no GLES executor: \(reason)" }
    }

    /// Scene JSON → plan → GLES pixels, five frames that must agree (see
    /// the file comment); throws the loader's or the plan builder's error,
    /// or the executor's refusal of a plan it cannot draw.
    public static func sceneGPU(_ bytes: [UInt8]) throws {
        if let reason = prepareGPU() { throw GPUUnavailable(reason: reason) }
        // The scene as the other harness draws it, and at 40 pixels a side (one parse).
        guard let executor = gpu, let plans = try plans(bytes, sides: [48, 40]), let plan = plans[0] else { return }
        let other = plans[1]
        // Every call leaves the executor with nothing kept, so each input starts from that state.
        defer { executor.forgetFrames() }
        func draw(_ p: RenderPlan, _ frame: String) throws -> Image {
            do {
                return try executor.execute(p)
            } catch let error as GLESError {
                if case .glError = error { fatalError("FuzzSceneGPU: \(frame): \(error)") }
                throw error
            }
        }
        // The 40-pixel plan from nothing kept: what frame 4 must draw.
        let otherAlone = try other.map { try draw($0, "the 40-pixel plan alone") }
        executor.forgetFrames()
        var frames: [Image] = []
        for k in 1...5 {
            if k == 4 {
                guard let other, let otherAlone else { continue }
                let image = try draw(other, "frame 4")
                guard image == otherAlone else {
                    fatalError("FuzzSceneGPU: frame 4 (the 40-pixel plan after three of the other) differs from "
                               + "that plan drawn alone (first at pixel \(firstDifference(otherAlone, image)))")
                }
            } else {
                frames.append(try draw(plan, "frame \(k)"))
            }
        }
        for (k, image) in zip([2, 3, 5], frames.dropFirst()) where image != frames[0] {
            fatalError("FuzzSceneGPU: frame \(k) of one plan differs from frame 1 "
                       + "(first at pixel \(firstDifference(frames[0], image)))")
        }
        if compareWithCPU {
            let cpu = try CPUExecutor(bands: 1).execute(plan)
            let d = try ImageDifference.compare(frames[0], cpu)
            guard Tolerance.default.accepts(d) else {
                fatalError("FuzzSceneGPU: GPU and CPU differ beyond \(Tolerance.default): max \(d.maxChannelDifference.max), "
                           + "\(d.pixelsOver(2)) of \(d.pixelCount) pixels over 2 (first at \(firstDifference(frames[0], cpu)))")
            }
        }
    }

    /// The first pixel (x, y) where `a` and `b` differ, or their sizes when those do.
    private static func firstDifference(_ a: Image, _ b: Image) -> String {
        guard a.width == b.width, a.height == b.height else {
            return "none: \(a.width)×\(a.height) against \(b.width)×\(b.height)"
        }
        let i = a.pixels.indices.first { a.pixels[$0] != b.pixels[$0] } ?? 0
        return "(\(i / 4 % a.width), \(i / 4 / a.width))"
    }
}
