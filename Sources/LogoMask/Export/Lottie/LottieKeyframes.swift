import FoundationEssentials
import LogoAnimation
import MaskGeometry

/// Keyframes as Lottie writes them: a property that does not change is a constant
/// (`{"a": 0, "k": value}`); one that does is a list of keyframes at frame numbers
/// (`t`, seconds times the frame rate) with start values (`s`) and the segment's timing curve
/// as its out (`o`, the curve's first control point) and in (`i`, its second) easing handles.
///
/// A jump (two keyframes at one time: a track that stops filling, a sampled spring's step) is
/// a hold keyframe (`h: 1`) a thousandth of a frame before the jump, so the value just before
/// is the one arriving and the value at the jump's own time is the one after, as the timeline
/// samples it.
enum LottieKeyframes {
    /// How far before a jump its hold keyframe sits, in frames.
    static let jumpLead = 0.001

    /// One keyframe of a property in Lottie's units.
    struct Key: Equatable {
        /// Seconds from the start.
        var time: Double
        /// The value's components (one for a scalar).
        var value: [Double]
    }

    /// The property for `keys` joined by `curves` (one per segment, `keys.count - 1` of them).
    ///
    /// - Parameters:
    ///   - fps: frames per second (keyframe times are frames).
    ///   - scalar: true writes a constant as a bare number (opacity, rotation), false as an array.
    ///   - decimals: the precision of the values.
    static func property(
        _ keys: [Key], curves: [TimingCurve], fps: Double, scalar: Bool, decimals: Int = 4
    ) -> LottieJSON {
        func value(_ components: [Double]) -> LottieJSON {
            .array(components.map { .number($0, decimals: decimals) })
        }
        guard let first = keys.first else { return LottieShapes.constant(scalar ? .int(0) : .array([])) }
        if keys.allSatisfy({ $0.value == first.value }) {
            return LottieShapes.constant(scalar && first.value.count == 1
                ? .number(first.value[0], decimals: decimals) : value(first.value))
        }
        var frames: [LottieJSON] = []
        for (index, key) in keys.enumerated() {
            let frame = key.time * fps
            let next = index + 1 < keys.count ? keys[index + 1] : nil
            if let next, next.time <= key.time {
                // A jump out of this key: nothing came before the first key, else hold the
                // arriving value until the jump.
                if frames.isEmpty { continue }
                frames.append(.object([
                    "t": .number(frame - jumpLead, decimals: 4), "s": value(key.value), "h": .int(1),
                ]))
                continue
            }
            var object: [String: LottieJSON] = ["t": .number(frame, decimals: 4), "s": value(key.value)]
            if next != nil, index < curves.count {
                let curve = curves[index]
                object["o"] = .object(["x": .number(curve.x1, decimals: 6), "y": .number(curve.y1, decimals: 6)])
                object["i"] = .object(["x": .number(curve.x2, decimals: 6), "y": .number(curve.y2, decimals: 6)])
            }
            frames.append(.object(object))
        }
        return .object(["a": .int(1), "k": .array(frames)])
    }
}
