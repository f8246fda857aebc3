import FoundationEssentials
import LogoAnimation
import MaskGeometry

/// Lottie layers and their transforms. A layer's transform (`ks`) maps its content to its
/// parent's space as `translate(-a) · scale(s / 100) · rotate(r degrees, clockwise) ·
/// translate(p)`, then multiplies the opacity `o` (0...100): the same order as ``Placement``
/// (anchor, scale, rotation, anchor's place on screen), so each of the reveal's tracks becomes
/// one Lottie property with the same keyframes and easing.
enum LottieLayers {
    /// A layer of `type` (0 precomposition, 1 solid, 2 image, 4 shape) visible from frame 0 to
    /// `endFrame` (exclusive), with the fields every player reads.
    static func layer(
        type: Int, index: Int, name: String, endFrame: Int, transform: LottieJSON, extra: [String: LottieJSON]
    ) -> LottieJSON {
        var fields: [String: LottieJSON] = [
            "ddd": .int(0), "ind": .int(index), "ty": .int(type), "nm": .string(name), "sr": .int(1),
            "ks": transform, "ao": .int(0), "ip": .int(0), "op": .int(endFrame), "st": .int(0), "bm": .int(0),
        ]
        for (key, value) in extra { fields[key] = value }
        return .object(fields)
    }

    /// A shape layer holding one `width` x `height` rectangle filled with `color` (opaque; the
    /// colour's alpha goes in `opacity`, 0...100). Written instead of a solid layer (`ty: 1`),
    /// whose layer opacity ThorVG applies twice (it fades a solid at the square of the opacity
    /// rlottie and lottie-web show); a rectangle's fill is read alike by every player.
    static func rectangleLayer(
        index: Int, name: String, endFrame: Int, color: RGBAColor, width: Int, height: Int, opacity: LottieJSON
    ) -> LottieJSON {
        let w = Double(width), h = Double(height)
        let rect = LottieJSON.object([
            "ty": .string("rc"), "nm": .string("screen"), "d": .int(1),
            "p": LottieShapes.constant(.numbers([w / 2, h / 2])), "s": LottieShapes.constant(.numbers([w, h])),
            "r": LottieShapes.constant(.int(0)),
        ])
        let fill = LottieJSON.object([
            "ty": .string("fl"), "nm": .string("colour"), "r": .int(1), "o": LottieShapes.constant(.int(100)),
            "c": LottieShapes.constant(.numbers([color.redFraction, color.greenFraction, color.blueFraction, 1])),
        ])
        let group = LottieJSON.object([
            "ty": .string("gr"), "nm": .string(name), "np": .int(2),
            "it": .array([rect, fill, LottieShapes.identityTransform]),
        ])
        return layer(
            type: 4, index: index, name: name, endFrame: endFrame,
            transform: transform(
                anchor: LottieShapes.constant(.numbers([0, 0])), position: LottieShapes.constant(.numbers([0, 0])),
                scale: LottieShapes.constant(.numbers([100, 100])), rotation: LottieShapes.constant(.int(0)), opacity: opacity),
            extra: ["shapes": .array([group])])
    }

    /// A transform from its five properties.
    static func transform(anchor: LottieJSON, position: LottieJSON, scale: LottieJSON, rotation: LottieJSON,
                          opacity: LottieJSON) -> LottieJSON {
        .object(["a": anchor, "p": position, "s": scale, "r": rotation, "o": opacity])
    }

    /// A transform that does not change: `anchor` to `position` at `scale` (1 = 100 %), no rotation, opaque.
    static func staticTransform(anchor: Point, position: Point, scale: Double, opacity: Double = 1) -> LottieJSON {
        transform(
            anchor: LottieShapes.constant(.numbers([anchor.x, anchor.y])),
            position: LottieShapes.constant(.numbers([position.x, position.y])),
            scale: LottieShapes.constant(.array([.number(scale * 100, decimals: 6), .number(scale * 100, decimals: 6)])),
            rotation: LottieShapes.constant(.number(0)),
            opacity: LottieShapes.constant(.number(opacity * 100)))
    }

    /// A property following `track` through `map` (a value to its Lottie components), or the
    /// constant `map(resting)` without a track.
    static func property<V>(
        _ track: ExportedTrack<V>?, resting: V, fps: Double, scalar: Bool, decimals: Int = 4,
        _ map: (V) -> [Double]
    ) -> LottieJSON {
        guard let track else {
            let value = map(resting)
            return LottieShapes.constant(scalar && value.count == 1
                ? .number(value[0], decimals: decimals) : .array(value.map { .number($0, decimals: decimals) }))
        }
        let keys = track.keyframes.map { LottieKeyframes.Key(time: $0.time, value: map($0.value)) }
        return LottieKeyframes.property(keys, curves: track.curves, fps: fps, scalar: scalar, decimals: decimals)
    }

    /// An opacity property (0...100) from a track of 0...1 values (clamped, as the frames do),
    /// times `factor`.
    static func opacity(_ track: ExportedTrack<Double>?, resting: Double, factor: Double = 1, fps: Double) -> LottieJSON {
        property(track, resting: resting, fps: fps, scalar: true, decimals: 3) { [min(max($0, 0), 1) * factor * 100] }
    }

    /// True when `track` shows something at some time (it is present and not always 0).
    static func shows(_ track: ExportedTrack<Double>?) -> Bool {
        guard let track else { return false }
        return track.values.contains { $0 > 0 }
    }
}
