// Layers: the keys of `"type": "tiled"` layers (CATiledLayer): tileSize,
// levelsOfDetail, levelsOfDetailBias, fadeDuration, and `contents`, which
// for a tiled layer names the tile source: a Deep Zoom descriptor (.dzi,
// its tiles in NAME_files/) or a plain PNG/JPEG cut into tiles on demand.
// The source is opened while the scene loads — the descriptor parsed, the
// image's header read — so a malformed .dzi fails the load naming the file,
// its line and byte offset; tiles themselves are read only when drawn.

import Geometry
import Images

extension SceneReader {
    /// The most levels of detail a tiled layer may ask for (and the largest bias).
    static let maximumLevelsOfDetail = 30
    /// The longest fadeDuration, in seconds.
    static let maximumFadeDuration = 60.0

    /// Reads one tiled-layer key into `layer`.
    func tiledKey(_ l: Layer, _ key: String, _ value: JSONValue, _ p: SceneKeyPath) throws {
        guard let layer = l as? TiledLayer else { throw fail(p, "'\(key)' needs a tiled layer") }
        switch key {
        case "tileSize": layer.tileSize = try tileSize(value, p)
        case "levelsOfDetail": layer.levelsOfDetail = try wholeNumber(value, p, 1...Self.maximumLevelsOfDetail)
        case "levelsOfDetailBias":
            layer.levelsOfDetailBias = try wholeNumber(value, p, 0...Self.maximumLevelsOfDetail)
        case "fadeDuration":
            let d = try nonNegative(value, p)
            guard d <= Self.maximumFadeDuration else {
                throw fail(p, "must be at most \(fmt(Self.maximumFadeDuration)) seconds (got \(fmt(d)))")
            }
            layer.fadeDuration = d
        default: throw fail(p, "'\(key)' is not a tiled layer key")
        }
    }

    /// A tiled layer's `contents`: null, a .dzi file, or a PNG/JPEG file, opened now.
    func tiledContents(_ layer: TiledLayer, _ v: JSONValue, _ p: SceneKeyPath, tileSizeValue: JSONValue?,
                       tileSizePath: SceneKeyPath) throws {
        if v.isNull { layer.tileSource = nil; return }
        let name = try string(v, p)
        guard !name.isEmpty else { throw fail(p, "expected a .dzi or image file path, got an empty string") }
        let resolved = try inputFile(name, p)
        let isDZI = name.lowercased().hasSuffix(".dzi")
        let size = try tileSizeValue.map { try tileSize($0, tileSizePath) } ?? layer.tileSize
        let key = isDZI ? resolved : resolved + "#\(Int(size.width))"
        if let s = tileSources[key] { layer.tileSource = s; return }
        do {
            if isDZI {
                let base = confineToSceneDirectory ? Self.canonical(baseDirectory.isEmpty ? "." : baseDirectory) : nil
                let source = try DeepZoomSource(path: resolved, confinedTo: base)
                if confineToSceneDirectory {
                    // The tiles folder must be inside the scene's folder too (a link could lead out),
                    // and each tile file is checked again when it is read.
                    _ = try inputFile(source.tilesFolder, p)
                }
                layer.tileSource = source
            } else {
                try RegularFile.check(resolved, maxBytes: PNG.maxFileBytes)
                layer.tileSource = try ImageTileSource(path: resolved, tileSize: Int(size.width))
            }
        } catch RegularFileError.notFound {
            throw fail(p, "file '\(name)' not found (looked for \(resolved))")
        } catch let e as RegularFileError {
            throw fail(p, "cannot read '\(name)': \(e)")
        } catch let e as DeepZoomError {
            throw fail(p, "\(e)")
        } catch let e as SceneError {
            throw e
        } catch {
            throw fail(p, "cannot read tiled contents: \(error)")
        }
        tileSources[key] = layer.tileSource
    }

    /// A square tile size: a number or [w, h] with w = h, 16…4096 pixels.
    private func tileSize(_ v: JSONValue, _ p: SceneKeyPath) throws -> Size {
        let side: Double
        if case .number = v {
            side = try number(v, p)
        } else {
            let n = try numbers(v, p, count: 2)
            guard n[0] == n[1] else { throw fail(p, "tiles must be square (got \(fmt(n[0])) × \(fmt(n[1])))") }
            side = n[0]
        }
        guard side == side.rounded(), side >= 16, side <= Double(TilePyramid.maximumTileSize) else {
            throw fail(p, "expected a whole number of pixels from 16 to \(TilePyramid.maximumTileSize) (got \(fmt(side)))")
        }
        return Size(side, side)
    }

    private func wholeNumber(_ v: JSONValue, _ p: SceneKeyPath, _ range: ClosedRange<Int>) throws -> Int {
        let d = try number(v, p)
        guard d == d.rounded(), d >= Double(range.lowerBound), d <= Double(range.upperBound) else {
            throw fail(p, "expected a whole number from \(range.lowerBound) to \(range.upperBound) (got \(fmt(d)))")
        }
        return Int(d)
    }
}
