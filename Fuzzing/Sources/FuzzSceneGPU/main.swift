// Fuzz harness FuzzSceneGPU: scene JSON → layer tree → render plan → GLES
// pixels, five frames that must agree (FuzzTarget+SceneGPU.swift), under
// libFuzzer and AddressSanitizer. The input handling lives in the main
// package's FuzzTargets, which the regression tests replay too.

import FuzzSupport
import FuzzTargets
import Foundation

// EGL, the driver and fontconfig keep memory for the whole process from their first use.
var unavailable: String?
withLeakChecksPaused {
    FuzzTarget.prepareText()
    unavailable = FuzzTarget.prepareGPU()
}
if let unavailable {
    FileHandle.standardError.write(Data("FuzzSceneGPU: \(unavailable)\n".utf8))
    exit(2)
}

runFuzzer { data, size in
    FuzzTarget.run(FuzzTarget.sceneGPU, data, size)
    return 0
}
