// Fuzz harness: PNG bytes → Image through the PNG reader (libpng underneath).
// Any input must decode or throw; a crash, leak or ASan report is a bug.

import FuzzSupport
import Images

func fuzzPNG(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzInput(data, size)
    _ = try? PNG.decode(bytes, name: "fuzz.png")
    return 0
}

runFuzzer { data, size in fuzzPNG(data, size) }
