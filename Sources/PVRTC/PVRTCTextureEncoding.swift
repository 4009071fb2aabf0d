// PVRTCTextureEncoding: from any RGBA8 image to a storable PVRTC1 texture —
// fitting it to a square power of two (pad or stretch) or keeping its
// power-of-two size (unchanged), building the mip chain, and encoding every level.

extension PVRTCEncoder {
    /// Encodes `image` as a texture ready for `PVRFile.write`.
    ///
    /// A non-square or non-power-of-two image is fitted first: `.pad` places it at
    /// the top-left of a transparent square of the next power of two (the original
    /// size is not recorded — PVR v3 has no field for it; keep it yourself if you
    /// need to crop), `.stretch` resamples it to the nearest square power of two;
    /// `.unchanged` keeps the size, square or not, if both sides are powers of two.
    /// With `mipmaps`, every level down to 1×1 is box-filtered and encoded (levels
    /// below 8×8 / 16×8 are stored at that minimum size, as PVRTC1 requires).
    /// The RGBA pixel format is chosen when the fitted image has any alpha below 255.
    /// - Throws: `PVRTCError.unsupportedSize` for an empty image, one whose fitted
    ///   side would exceed 8192, or (`.unchanged`) a side that is not a power of two.
    public func encodeTexture(_ image: PVRTCImage, fit: PVRTCFit = .pad, mipmaps: Bool = false) throws -> PVRTCTexture {
        guard image.width > 0 && image.height > 0 else {
            throw PVRTCError.unsupportedSize(width: image.width, height: image.height, reason: "zero or negative size")
        }
        if fit == .unchanged {
            if let reason = PVRTCSize.problem(width: image.width, height: image.height) {
                throw PVRTCError.unsupportedSize(width: image.width, height: image.height, reason: reason)
            }
            return try encodeLevels(image, mipmaps: mipmaps)
        }
        let side = ImageFit.targetSide(width: image.width, height: image.height, fit: fit)
        guard side <= PVRTCSize.maximumEdge else {
            throw PVRTCError.unsupportedSize(width: image.width, height: image.height,
                                             reason: "fitting needs \(side)×\(side), larger than \(PVRTCSize.maximumEdge)")
        }
        let fitted: PVRTCImage
        if image.width == side && image.height == side {
            fitted = image
        } else if fit == .pad {
            fitted = ImageFit.padded(image, side: side)
        } else {
            fitted = ImageFit.resampled(image, width: side, height: side)
        }
        return try encodeLevels(fitted, mipmaps: mipmaps)
    }

    /// Encodes a storable image (and, with `mipmaps`, its chain) as a texture of its size.
    private func encodeLevels(_ fitted: PVRTCImage, mipmaps: Bool) throws -> PVRTCTexture {
        let images = mipmaps ? Mipmaps.chain(fitted) : [fitted]
        let levels = try images.map { try encode($0) }
        return PVRTCTexture(bitsPerPixel: bitsPerPixel, hasAlpha: fitted.hasTranslucency,
                            width: fitted.width, height: fitted.height, levels: levels)
    }
}
