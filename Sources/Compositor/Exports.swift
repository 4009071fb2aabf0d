// Compositor: the library users import. Re-exports the model (layers,
// geometry, images) so `import Compositor` is all a Swift user needs.

@_exported import Drawing
@_exported import Geometry
@_exported import Images
@_exported import Layers
@_exported import Rendering
