// Layers: the model layer, a CALayer work-alike. Property names, defaults
// and geometry rules follow Core Animation (see docs/scene-format.md); the
// renderer snapshots the tree, so mutating layers never races a frame.

import Geometry
import Images
import PVRTC

/// An image used as layer contents, with the key (usually the file path) it was loaded from.
public struct LayerContents: Sendable {
    /// Identifies the pixels for caches: the resolved file path, or for a hybrid
    /// image (`contentsAlphaMask`) both paths, see ``hybridKey(color:alphaMask:)``.
    public var key: String
    public var image: Image
    /// The compressed texture `image` was decoded from, when the file was a .pvr
    /// (level 0 is what contents sample; other levels ride along unused). The CPU
    /// executor always samples `image`; the GLES executor uploads these blocks
    /// instead (natively, or decoded in the shader, bit-exact with `image`).
    /// Must decode to exactly `image` (straight → premultiplied) when set.
    public var pvrtc: PVRTCTexture?
    /// Decoded pixels only (no compressed texture).
    public init(key: String, image: Image) { self.init(key: key, image: image, pvrtc: nil) }
    /// Decoded pixels and the PVRTC texture they were decoded from.
    public init(key: String, image: Image, pvrtc: PVRTCTexture?) {
        self.key = key; self.image = image; self.pvrtc = pvrtc
    }
}

/// How contents are placed in the bounds (CALayer's contentsGravity).
public enum ContentsGravity: String, Sendable, CaseIterable {
    case center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight
    case resize, resizeAspect, resizeAspectFill
}

/// Texture filtering for contents.
public enum ContentsFilter: String, Sendable, CaseIterable {
    case linear, nearest
}

/// A layer: geometry, appearance and sublayers, with CALayer's property names.
public class Layer {
    public var name: String?

    // Geometry
    public var bounds: Rect = .zero
    public var position: Vec2 = .zero
    public var anchorPoint: Vec2 = Vec2(0.5, 0.5)
    public var zPosition: Double = 0
    public var anchorPointZ: Double = 0
    public var transform: Transform3D = .identity
    public var sublayerTransform: Transform3D = .identity
    public var isDoubleSided = true

    // Appearance
    public var opacity: Double = 1
    public var isHidden = false
    public var isOpaque = false
    public var allowsGroupOpacity = true
    public var allowsEdgeAntialiasing = false
    public var backgroundColor: Color?
    public var cornerRadius: Double = 0
    public var borderWidth: Double = 0
    public var borderColor: Color? = .black
    public var masksToBounds = false
    public var mask: Layer?

    // Shadow
    public var shadowColor: Color? = .black
    public var shadowOpacity: Double = 0
    public var shadowOffset: Vec2 = Vec2(0, -3)
    public var shadowRadius: Double = 3
    public var shadowPath: Path?

    // Rasterization
    public var shouldRasterize = false
    public var rasterizationScale: Double = 1

    // Contents
    public var contents: LayerContents?
    public var contentsGravity: ContentsGravity = .resize
    public var contentsRect = Rect(x: 0, y: 0, width: 1, height: 1)
    public var contentsCenter = Rect(x: 0, y: 0, width: 1, height: 1)
    public var contentsScale: Double = 1
    public var minificationFilter: ContentsFilter = .linear
    public var magnificationFilter: ContentsFilter = .linear

    // Tree
    public private(set) var sublayers: [Layer] = []
    public private(set) weak var superlayer: Layer?

    public init() {}

    /// The layer's rectangle in its superlayer's coordinates, computed as
    /// CALayer does with an identity transform; setting it sets the bounds
    /// size and the position, keeping the bounds origin.
    public var frame: Rect {
        get {
            Rect(x: position.x - anchorPoint.x * bounds.width,
                 y: position.y - anchorPoint.y * bounds.height,
                 width: bounds.width, height: bounds.height)
        }
        set {
            bounds.size = newValue.size
            position = Vec2(newValue.minX + anchorPoint.x * newValue.width,
                            newValue.minY + anchorPoint.y * newValue.height)
        }
    }

    /// Appends `layer`, removing it from its previous superlayer first.
    public func addSublayer(_ layer: Layer) {
        insertSublayer(layer, at: sublayers.count)
    }

    /// Inserts `layer` at `index` (clamped to the valid range).
    public func insertSublayer(_ layer: Layer, at index: Int) {
        precondition(layer !== self, "a layer cannot be its own sublayer")
        layer.removeFromSuperlayer()
        let i = min(max(0, index), sublayers.count)
        sublayers.insert(layer, at: i)
        layer.superlayer = self
    }

    /// Detaches the layer from its superlayer.
    public func removeFromSuperlayer() {
        guard let s = superlayer else { return }
        s.sublayers.removeAll { $0 === self }
        superlayer = nil
    }

    /// Replaces all sublayers.
    public func setSublayers(_ layers: [Layer]) {
        for l in sublayers { l.superlayer = nil }
        sublayers = []
        for l in layers { addSublayer(l) }
    }
}
