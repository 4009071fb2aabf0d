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
    /// Set for contents that show another layer (`LayerContents.snapshot(of:)`); `image` is then empty.
    public var snapshotSource: SnapshotSource?
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

/// What a layer is: its class, for renderers that switch on it cheaply.
public enum LayerKind: Sendable {
    case layer, shape, text, gradient, transform, replicator, tiled, drawing
}

/// A layer: geometry, appearance and sublayers, with CALayer's property names.
///
/// Every property change bumps `revision` (and the superlayer's
/// `childrenRevision`), so caches built from the tree know when to rebuild,
/// and animatable properties report their old value to
/// `Layer.propertyChangeObserver` (transactions use it for implicit animations).
/// Like CALayer, a layer tree is not thread-safe: mutate it from one thread.
public class Layer {
    /// A process-unique identity that presentation copies keep (see `copyState(from:)`),
    /// so per-layer caches survive the tree being copied for each frame.
    public internal(set) var id: UInt64 = LayerIdentity.next()
    /// The kind of layer (overridden by each specialized layer class).
    public var kind: LayerKind { .layer }
    /// Bumped on every change to this layer's own properties or sublayer list.
    public internal(set) var revision: UInt64 = 0
    /// Bumped whenever a sublayer's own properties change, or the sublayer list does.
    public internal(set) var childrenRevision: UInt64 = 0

    public var name: String? { didSet { touch() } }

    // Geometry
    public var bounds: Rect = .zero { didSet { changed("bounds", from: .rect(oldValue)) } }
    public var position: Vec2 = .zero { didSet { changed("position", from: .point(oldValue)) } }
    public var anchorPoint: Vec2 = Vec2(0.5, 0.5) { didSet { changed("anchorPoint", from: .point(oldValue)) } }
    public var zPosition: Double = 0 { didSet { changed("zPosition", from: .number(oldValue)) } }
    public var anchorPointZ: Double = 0 { didSet { changed("anchorPointZ", from: .number(oldValue)) } }
    public var transform: Transform3D = .identity { didSet { changed("transform", from: .transform(oldValue)) } }
    public var sublayerTransform: Transform3D = .identity {
        didSet { changed("sublayerTransform", from: .transform(oldValue)) }
    }
    public var isDoubleSided = true { didSet { touch() } }

    // Appearance
    public var opacity: Double = 1 { didSet { changed("opacity", from: .number(oldValue)) } }
    public var isHidden = false { didSet { changed("isHidden", from: .bool(oldValue)) } }
    public var isOpaque = false { didSet { touch() } }
    public var allowsGroupOpacity = true { didSet { touch() } }
    public var allowsEdgeAntialiasing = false { didSet { touch() } }
    public var backgroundColor: Color? { didSet { changed("backgroundColor", from: .color(oldValue)) } }
    public var cornerRadius: Double = 0 { didSet { changed("cornerRadius", from: .number(oldValue)) } }
    public var borderWidth: Double = 0 { didSet { changed("borderWidth", from: .number(oldValue)) } }
    public var borderColor: Color? = .black { didSet { changed("borderColor", from: .color(oldValue)) } }
    public var masksToBounds = false { didSet { touch() } }
    public var mask: Layer? { didSet { touch() } }

    // Shadow
    public var shadowColor: Color? = .black { didSet { changed("shadowColor", from: .color(oldValue)) } }
    public var shadowOpacity: Double = 0 { didSet { changed("shadowOpacity", from: .number(oldValue)) } }
    public var shadowOffset: Vec2 = Vec2(0, -3) { didSet { changed("shadowOffset", from: .point(oldValue)) } }
    public var shadowRadius: Double = 3 { didSet { changed("shadowRadius", from: .number(oldValue)) } }
    public var shadowPath: Path? { didSet { changed("shadowPath", from: .path(oldValue)) } }

    // Rasterization
    public var shouldRasterize = false { didSet { touch() } }
    public var rasterizationScale: Double = 1 { didSet { touch() } }

    // Contents
    public var contents: LayerContents? { didSet { touch() } }
    public var contentsGravity: ContentsGravity = .resize { didSet { touch() } }
    public var contentsRect = Rect(x: 0, y: 0, width: 1, height: 1) {
        didSet { changed("contentsRect", from: .rect(oldValue)) }
    }
    public var contentsCenter = Rect(x: 0, y: 0, width: 1, height: 1) {
        didSet { changed("contentsCenter", from: .rect(oldValue)) }
    }
    public var contentsScale: Double = 1 { didSet { touch() } }
    public var minificationFilter: ContentsFilter = .linear { didSet { touch() } }
    public var magnificationFilter: ContentsFilter = .linear { didSet { touch() } }
    /// Draw the contents from a reduced-resolution copy while the layer moves
    /// on screen, and swap the full image back in once it has been still for
    /// `settleTime` (frames of a timeline only; nil: never). See ``ResolutionSwap``.
    public var resolutionSwap: ResolutionSwap? { didSet { touch() } }

    // Tree
    public private(set) var sublayers: [Layer] = []
    public private(set) weak var superlayer: Layer?

    /// The animations attached to this layer, in the order they were added
    /// (LayerAnimations.swift); the presentation tree evaluates them.
    var animationEntries: [LayerAnimationEntry] = []

    public required init() {}

    // MARK: - Change tracking

    /// Called with (layer, key, old value) after an animatable property
    /// changes; nil when nobody listens (the common case costs one load).
    nonisolated(unsafe) public static var propertyChangeObserver: ((Layer, String, AnimationValue) -> Void)?

    /// Records a change to a property that is not animatable.
    @inline(__always)
    func touch() {
        revision &+= 1
        superlayer?.childrenRevision &+= 1
    }

    /// Records a change to the animatable property `key`.
    @inline(__always)
    func changed(_ key: String, from old: @autoclosure () -> AnimationValue) {
        touch()
        if let observe = Layer.propertyChangeObserver { observe(self, key, old()) }
    }

    // MARK: - Copies

    /// A new layer of the same class with the same property values and
    /// identity (`id`), no sublayers and no superlayer; `mask` is shared.
    /// Presentation trees are built from these. Copying does not notify
    /// `propertyChangeObserver` (so it never creates implicit animations),
    /// and copies carry no animations.
    public func shallowCopy() -> Layer {
        Layer.withoutObserver { unobservedCopy() }
    }

    /// `shallowCopy()` without touching the observer (the caller has suspended it).
    func unobservedCopy() -> Layer {
        let c = type(of: self).init()
        c.copyState(from: self)
        return c
    }

    /// Copies every property of `other` (not the tree) into this layer.
    /// Specialized layers override it, call super, then copy their own.
    func copyState(from o: Layer) {
        id = o.id
        name = o.name
        bounds = o.bounds; position = o.position; anchorPoint = o.anchorPoint
        zPosition = o.zPosition; anchorPointZ = o.anchorPointZ
        transform = o.transform; sublayerTransform = o.sublayerTransform; isDoubleSided = o.isDoubleSided
        opacity = o.opacity; isHidden = o.isHidden; isOpaque = o.isOpaque
        allowsGroupOpacity = o.allowsGroupOpacity; allowsEdgeAntialiasing = o.allowsEdgeAntialiasing
        backgroundColor = o.backgroundColor; cornerRadius = o.cornerRadius
        borderWidth = o.borderWidth; borderColor = o.borderColor
        masksToBounds = o.masksToBounds; mask = o.mask
        shadowColor = o.shadowColor; shadowOpacity = o.shadowOpacity; shadowOffset = o.shadowOffset
        shadowRadius = o.shadowRadius; shadowPath = o.shadowPath
        shouldRasterize = o.shouldRasterize; rasterizationScale = o.rasterizationScale
        contents = o.contents; contentsGravity = o.contentsGravity
        contentsRect = o.contentsRect; contentsCenter = o.contentsCenter; contentsScale = o.contentsScale
        minificationFilter = o.minificationFilter; magnificationFilter = o.magnificationFilter
        resolutionSwap = o.resolutionSwap
    }

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
        touch()
        childrenRevision &+= 1
    }

    /// Detaches the layer from its superlayer.
    public func removeFromSuperlayer() {
        guard let s = superlayer else { return }
        s.sublayers.removeAll { $0 === self }
        s.touch()
        s.childrenRevision &+= 1
        superlayer = nil
    }

    /// Replaces all sublayers.
    public func setSublayers(_ layers: [Layer]) {
        for l in sublayers { l.superlayer = nil }
        sublayers = []
        for l in layers { addSublayer(l) }
    }
}
