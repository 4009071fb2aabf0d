// Layers: `contents: {"snapshotOf": "name"}` — a layer showing a snapshot of
// another layer (renderInContext). Names are resolved after the whole
// scene is read (the source may come later in the file); a missing name,
// an ambiguous one, a layer snapshotting itself or an ancestor, and any
// longer cycle (A shows B whose subtree holds a layer showing A) are errors
// naming the key path.

extension SceneReader {
    struct SnapshotRequest {
        let layer: Layer
        let name: String
        let path: SceneKeyPath
    }

    func snapshotContents(of layer: Layer, _ v: JSONValue, _ p: SceneKeyPath) throws {
        let m = try members(v, p, what: "a contents object such as {\"snapshotOf\": \"layerName\"}",
                            known: ["snapshotOf"])
        guard let nameValue = m.first?.value else {
            throw fail(p.appending("snapshotOf"), "missing; name the layer to snapshot")
        }
        let name = try string(nameValue, p.appending("snapshotOf"))
        guard !name.isEmpty else { throw fail(p.appending("snapshotOf"), "expected a layer name, got an empty string") }
        snapshotRequests.append(SnapshotRequest(layer: layer, name: name, path: p.appending("snapshotOf")))
    }

    func resolveSnapshots(root: Layer) throws {
        guard !snapshotRequests.isEmpty else { return }
        var byName: [String: [Layer]] = [:]
        func collect(_ l: Layer) {
            if let n = l.name { byName[n, default: []].append(l) }
            if let m = l.mask { collect(m) }
            l.sublayers.forEach(collect)
        }
        collect(root)
        for r in snapshotRequests {
            guard let found = byName[r.name] else {
                let names = byName.keys.sorted().prefix(20).map { "'\($0)'" }.joined(separator: ", ")
                throw fail(r.path, "no layer is named '\(r.name)'" + (names.isEmpty ? "; no layer has a name" : "; named layers: \(names)"))
            }
            guard found.count == 1 else { throw fail(r.path, "\(found.count) layers are named '\(r.name)'; a snapshot needs a unique name") }
            if r.layer.isSelfOrDescendant(of: found[0]) {
                throw fail(r.path, "'\(r.name)' is this layer or one of its ancestors; its snapshot would contain itself")
            }
            r.layer.contents = .snapshot(of: found[0])
        }
        // Longer cycles: following "shows a snapshot of" from a layer must never reach a subtree holding it.
        for r in snapshotRequests where Self.snapshotReaches(r.layer, from: r.layer, depth: 0) {
            throw fail(r.path, "the snapshot of '\(r.name)' contains this layer through other snapshots (a cycle)")
        }
    }

    /// Whether rendering the snapshot shown by `layer` would draw `target` (through nested snapshots).
    private static func snapshotReaches(_ target: Layer, from layer: Layer, depth: Int) -> Bool {
        guard depth < 64, let source = layer.contents?.snapshotSource?.layer else { return depth >= 64 }
        if target.isSelfOrDescendant(of: source) { return true }
        var found = false
        func walk(_ l: Layer) {
            if found { return }
            if l.contents?.snapshotSource != nil, snapshotReaches(target, from: l, depth: depth + 1) { found = true; return }
            if let m = l.mask { walk(m) }
            l.sublayers.forEach(walk)
        }
        walk(source)
        return found
    }
}

extension JSONValue {
    var isObject: Bool {
        if case .object = self { return true }
        return false
    }
}
