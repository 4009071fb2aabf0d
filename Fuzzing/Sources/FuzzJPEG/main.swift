// Fuzz harness: JPEG bytes → Image through the JPEG reader (TurboJPEG underneath).
// Any input must decode or throw; a crash, leak or ASan report is a bug.

import FuzzSupport
import Images

func fuzzJPEG(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzInput(data, size)
    _ = try? JPEG.decode(bytes, name: "fuzz.jpg")
    return 0
}

runFuzzer { data, size in fuzzJPEG(data, size) }
