// Compare: the text and JSON forms of an ImageDifference, shared by
// `compositor diff`, test failure messages and benchmark reports. The text
// is a few aligned lines for people; the JSON (Codable) is for `--report`
// and scripts. JSON has no infinity, so an infinite PSNR (identical images)
// is encoded as null and decoded back to +infinity.

import Foundation

extension ImageDifference: CustomStringConvertible {
    /// All metrics on a few aligned lines.
    public var description: String {
        let m = maxChannelDifference
        let psnrText = psnr.isInfinite ? "inf (identical)" : String(format: "%.2f dB", psnr)
        let overText = over.map { t in
            "> \(t.threshold): \(t.pixels) (\(Self.percent(t.share)))"
        }.joined(separator: "   ")
        return """
        size                      \(width)×\(height) (\(pixelCount) pixels)
        max channel difference    r \(m.r)  g \(m.g)  b \(m.b)  a \(m.a)  (max \(m.max))
        mean absolute difference  \(String(format: "%.4f", meanAbsoluteDifference))
        PSNR                      \(psnrText)
        pixels differing          \(overText)
        identical pixels          \(Self.percent(exactShare))
        """
    }

    static func percent(_ share: Double) -> String {
        String(format: "%.3f%%", share * 100)
    }
}

extension ImageDifference: Codable {
    private enum CodingKeys: String, CodingKey {
        case width, height, maxChannelDifference, meanAbsoluteDifference, psnr, over, exactShare
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        width = try c.decode(Int.self, forKey: .width)
        height = try c.decode(Int.self, forKey: .height)
        maxChannelDifference = try c.decode(ChannelDifference.self, forKey: .maxChannelDifference)
        meanAbsoluteDifference = try c.decode(Double.self, forKey: .meanAbsoluteDifference)
        psnr = try c.decodeIfPresent(Double.self, forKey: .psnr) ?? .infinity
        over = try c.decode([ThresholdCount].self, forKey: .over)
        exactShare = try c.decode(Double.self, forKey: .exactShare)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(width, forKey: .width)
        try c.encode(height, forKey: .height)
        try c.encode(maxChannelDifference, forKey: .maxChannelDifference)
        try c.encode(meanAbsoluteDifference, forKey: .meanAbsoluteDifference)
        if psnr.isFinite { try c.encode(psnr, forKey: .psnr) } else { try c.encodeNil(forKey: .psnr) }
        try c.encode(over, forKey: .over)
        try c.encode(exactShare, forKey: .exactShare)
    }
}
