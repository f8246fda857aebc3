import FoundationEssentials
import LogoMask

/// Timings of the compositor alone (no encoding), for `--measure-compositor`: the best of
/// `repeats` frames drawn by a ``RevealFramePlayer`` into its reused buffer (after one warm-up),
/// against the best of copying the frame's bytes once (`memcpy`, the floor).
struct CompositorTiming {
    var width: Int
    var height: Int
    var time: Double
    var compositeSeconds: Double
    var copySeconds: Double
    var covered: Bool

    static func measure(_ player: RevealFramePlayer, at time: Double, repeats: Int) throws(LogoMaskError) -> CompositorTiming {
        var info = try player.render(at: time)
        let clock = ContinuousClock()
        func seconds(_ d: Duration) -> Double {
            Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
        }
        var best = Double.infinity
        for _ in 0..<max(1, repeats) {
            let start = clock.now
            info = try player.render(at: time)
            best = min(best, seconds(clock.now - start))
        }
        let count = player.bytesPerRow * player.height
        let copy = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 64)
        defer { copy.deallocate() }
        copy.initializeMemory(as: UInt8.self, repeating: 0, count: count)
        var bestCopy = Double.infinity
        player.withPixels { pixels in
            guard let base = pixels.baseAddress else { return }
            for _ in 0..<max(1, repeats) {
                let elapsed = clock.measure { copy.copyMemory(from: base, byteCount: count) }
                bestCopy = min(bestCopy, seconds(elapsed))
            }
        }
        return CompositorTiming(
            width: player.width, height: player.height, time: time, compositeSeconds: best, copySeconds: bestCopy,
            covered: info.covered)
    }
}
