// Layers: the layer timeline's clock. There is no display link headless:
// time is a number of seconds the program (or the renderer) sets. Setting
// it does two things Core Animation does as time passes: it detaches
// animations that are over (when `isRemovedOnCompletion`) and it calls the
// completion blocks of transactions whose animations have all finished.
// Rendering at a time t (`presentation(at:)`) never needs the clock: it is
// a pure function of the model tree and t.

/// The current time of the layer timeline, set by the program or the renderer.
///
/// Like the layer tree, it is not thread-safe: use it from the thread that
/// mutates the layers.
public enum LayerClock {
    /// Seconds; implicit animations begin now, and `add(_:forKey:)` resolves a `beginTime` of 0 to it.
    public private(set) nonisolated(unsafe) static var now: Double = 0

    nonisolated(unsafe) static var animatedLayers: [ObjectIdentifier: WeakLayer] = [:]
    nonisolated(unsafe) static var pending: [PendingCompletion] = []

    /// Moves the clock to `time` (backwards too), removes finished
    /// animations and runs the completion blocks that are due, oldest first.
    public static func advance(to time: Double) {
        now = time
        for (id, w) in animatedLayers {
            guard let l = w.layer else { animatedLayers[id] = nil; continue }
            l.removeFinishedAnimations(at: time)
            if l.animationEntries.isEmpty { animatedLayers[id] = nil }
        }
        firePendingCompletions()
    }

    /// Moves the clock forward by `seconds`.
    public static func advance(by seconds: Double) { advance(to: now + seconds) }

    /// Back to time 0 with nothing pending (tests, or a fresh timeline).
    public static func reset() {
        now = 0
        animatedLayers = [:]
        pending = []
    }

    static func register(_ layer: Layer) {
        let id = ObjectIdentifier(layer)
        if animatedLayers[id]?.layer !== layer { animatedLayers[id] = WeakLayer(layer: layer) }
    }

    static func firePendingCompletions() {
        var due: [() -> Void] = []
        pending.removeAll { p in
            guard p.isFinished(at: now) else { return false }
            due.append(p.block)
            return true
        }
        for b in due { b() }
    }
}

struct WeakLayer {
    weak var layer: Layer?
}

/// A committed transaction's completion block, waiting for its animations.
struct PendingCompletion {
    var animations: [(layer: WeakLayer, animation: Animation)]
    let block: () -> Void

    /// Every animation has ended, or was removed or replaced (as in CA, that counts as done).
    func isFinished(at time: Double) -> Bool {
        animations.allSatisfy { entry in
            guard let l = entry.layer.layer, l.isAttached(entry.animation) else { return true }
            return entry.animation.endTime <= time
        }
    }
}
