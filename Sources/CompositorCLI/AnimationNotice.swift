// CompositorCLI: the one-line notice when `--time` or `--frames` is given for
// a scene that has no animations (every time draws the same picture), so a
// typo in an animation's key path or a forgotten "animations" array does not
// go unnoticed. A notice on stderr, not an error: the output is still right.

import CLISupport
import Compositor

/// Whether `layer`, its mask or any sublayer (recursively) carries an animation.
func treeHasAnimations(_ layer: Layer) -> Bool {
    if !layer.animationKeys().isEmpty { return true }
    if let m = layer.mask, treeHasAnimations(m) { return true }
    return layer.sublayers.contains(where: treeHasAnimations)
}

/// Whether `layer` or any sublayer is a tiled layer with a source (its tiles arrive and fade in over time).
func treeHasTiledLayers(_ layer: Layer) -> Bool {
    if (layer as? TiledLayer)?.tileSource != nil { return true }
    return layer.sublayers.contains(where: treeHasTiledLayers)
}

/// Prints the notice when `option` (e.g. "--time 0.5") was given for a scene without animations.
func noteIfStatic(_ scene: Scene, path: String, option: String?) {
    guard let option, !treeHasAnimations(scene.root), !treeHasTiledLayers(scene.root) else { return }
    printError("note: \(path) has no animations; \(option) draws the same picture at every time")
}
