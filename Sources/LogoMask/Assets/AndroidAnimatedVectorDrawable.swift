import FoundationEssentials
import LogoAnimation
import MaskGeometry

/// The splash icon animated (`res/drawable/splash_icon_animated.xml`): an Android
/// `AnimatedVectorDrawable` whose drawable and animations are inline (`aapt:attr`), the
/// `objectAnimator`s turning the ``AndroidVectorDrawable/groupName`` group's `scaleX`, `scaleY`
/// and `rotation` about its pivot, the logo's anchor.
///
/// What a preset means as an icon: the reveal's hole motion with its final scale set to 1, so
/// that where the hole grows past the screen the icon grows back to its own size, on the same
/// timing curves and times (the growth to the cover scale is the exit animation's part).
/// `twitter`: the logo shrinks to 0.75 in 0.24 s (ease-in-ease-out) and grows back to 1 by 0.6 s
/// (ease-out). `yula`: it dips to 0.85 and back while it turns linearly to the reveal's end
/// rotation (towards the top-left corner of the reference phone), which the exit animation
/// starts from (``handOffRotation``). `huvi` and `fade` move no hole and are refused. The icon
/// ends at the first moment its scale rises back to 1 (a segment that overshoots 1 is cut
/// there: the left part of its cubic Bézier by de Casteljau, rescaled to run from (0, 0) to
/// (1, 1)); each segment becomes `objectAnimator`s whose `pathInterpolator` has the segment's
/// control points.
///
/// Android recommends at most 1,000 ms: a longer motion is played faster to last exactly
/// ``maxDuration`` (noted in ``notes``), never cut.
///
/// On every version the theme in `values/` names it (`windowSplashScreenAnimatedIcon`, with
/// `windowSplashScreenAnimationDuration` = ``durationMilliseconds``): core-splashscreen plays it
/// on Android 12+ and shows its first frame (the logo at rest) on API 23-30, so no `-v31`
/// drawable is needed. The app calls `installSplashScreen()` before `super.onCreate()`; its exit
/// animation starts from the icon's last state (``handOffTime``, ``handOffRotation``).
public struct AndroidAnimatedVectorDrawable: Sendable {
    /// Android's recommended longest splash icon animation, in seconds.
    public static let maxDuration = 1.0

    /// The XML text, ending in a newline.
    public var text: String
    /// The animation's length in whole milliseconds (the theme's `windowSplashScreenAnimationDuration`).
    public var durationMilliseconds: Int
    /// The reveal's time (seconds) the icon's last frame shows: the exit animation continues from there.
    public var handOffTime: Double
    /// The icon's rotation at its end, in degrees clockwise.
    public var handOffRotation: Double
    /// How the timing was changed, one sentence each (empty when the reveal's own times were kept).
    public var notes: [String]

    /// One property's motion: keyframe times (seconds), values, a curve per segment.
    struct Motion: Equatable {
        var times: [Double]
        var values: [Double]
        var curves: [TimingCurve]
    }

    /// The animated icon of `drawable` for `preset`, whose hole scale and rotation are given
    /// as motions (`scale` nil: the preset moves no hole).
    ///
    /// - Throws: ``LogoMaskError/invalidRequest(_:)`` naming `preset` when it has no hole motion
    ///   that stays inside the icon.
    init(drawable: AndroidVectorDrawable, preset: String, scale: Motion?, rotation: Motion?) throws(LogoMaskError) {
        let (scale, cut) = try Self.check(preset: preset, scale: scale)
        let scaleMotion = Self.cut(scale, at: cut.time, endValue: 1)
        let rotationMotion = rotation.map { Self.cut($0, at: cut.time, endValue: nil) }
        handOffTime = cut.time
        let radians = rotationMotion?.values.last ?? 0
        handOffRotation = radians * 180 / .pi
        var notes: [String] = []
        let stretch = cut.time > Self.maxDuration ? Self.maxDuration / cut.time : 1
        if stretch < 1 {
            notes.append("the icon's motion lasts \(formatNumber(cut.time, decimals: 3)) s in the reveal; it is played \(formatNumber(1 / stretch, decimals: 3))x faster to last 1,000 ms")
        }
        func ms(_ t: Double) -> Int { Int((t * stretch * 1000).rounded()) }
        durationMilliseconds = ms(cut.time)
        self.notes = notes

        var animators: [String] = []
        for property in ["scaleX", "scaleY"] {
            animators += Self.animators(scaleMotion, property: property, factor: 1, milliseconds: ms)
        }
        if let rotationMotion, rotationMotion.values.contains(where: { $0 != 0 }) {
            animators += Self.animators(rotationMotion, property: "rotation", factor: 180 / .pi, milliseconds: ms)
        }
        text = """
            <?xml version="1.0" encoding="utf-8"?>
            <!-- The splash icon animated as the \(preset) reveal's hole moves for its first \(durationMilliseconds) ms. Written by logo-mask. -->
            <animated-vector xmlns:android="http://schemas.android.com/apk/res/android"
                xmlns:aapt="http://schemas.android.com/aapt">
                <aapt:attr name="android:drawable">

            """ + drawable.element(indent: "        ") + """
                </aapt:attr>
                <target android:name="\(AndroidVectorDrawable.groupName)">
                    <aapt:attr name="android:animation">
                        <set android:ordering="together">

            """ + animators.joined() + """
                        </set>
                    </aapt:attr>
                </target>
            </animated-vector>

            """
    }

    /// The scale motion and where the icon's part of it ends.
    ///
    /// - Throws: ``LogoMaskError/invalidRequest(_:)`` naming `preset` when it has no hole
    ///   motion that stays inside the icon.
    @discardableResult
    static func check(preset: String, scale: Motion?) throws(LogoMaskError) -> (Motion, (time: Double, segment: Int)) {
        guard let scale, let cut = returnToOne(scale) else {
            throw LogoMaskError.invalidRequest(
                "The reveal preset \(preset) has no hole motion that stays inside the splash icon (a hole that shrinks and grows back to the logo's size); an animated icon needs twitter or yula.")
        }
        return (scale, cut)
    }

    /// One `objectAnimator` per segment that takes time, started at its offset.
    private static func animators(_ motion: Motion, property: String, factor: Double, milliseconds: (Double) -> Int) -> [String] {
        var result: [String] = []
        for i in 0..<motion.curves.count {
            let start = milliseconds(motion.times[i]), end = milliseconds(motion.times[i + 1])
            guard end > start else { continue }
            let c = motion.curves[i]
            func n(_ v: Double) -> String { formatNumber(v, decimals: 4) }
            let indent = String(repeating: " ", count: 16)
            result.append("""
                \(indent)<objectAnimator
                \(indent)    android:propertyName="\(property)"
                \(indent)    android:valueType="floatType"
                \(indent)    android:valueFrom="\(n(motion.values[i] * factor))"
                \(indent)    android:valueTo="\(n(motion.values[i + 1] * factor))"
                \(indent)    android:startOffset="\(start)"
                \(indent)    android:duration="\(end - start)">
                \(indent)    <aapt:attr name="android:interpolator">
                \(indent)        <pathInterpolator
                \(indent)            android:controlX1="\(n(c.x1))"
                \(indent)            android:controlY1="\(n(c.y1))"
                \(indent)            android:controlX2="\(n(c.x2))"
                \(indent)            android:controlY2="\(n(c.y2))" />
                \(indent)    </aapt:attr>
                \(indent)</objectAnimator>

                """)
        }
        return result
    }

    // MARK: - Cutting a motion

    /// The first time the value rises to 1 from below, or nil when it never does before
    /// exceeding 1 (or at all).
    static func returnToOne(_ motion: Motion) -> (time: Double, segment: Int)? {
        for i in 0..<motion.curves.count {
            let v0 = motion.values[i], v1 = motion.values[i + 1]
            if v0 > 1 + 1e-12 { return nil }
            guard v0 < 1, v1 >= 1 else { continue }
            let t0 = motion.times[i], t1 = motion.times[i + 1]
            if t1 <= t0 { return nil }  // a jump out of the icon
            let curve = motion.curves[i]
            let target = (1 - v0) / (v1 - v0)
            if target >= 1 { return (t1, i) }  // ends exactly at 1: the whole segment
            let s = parameter(curve, firstReachingY: target)
            return (t0 + bezier(curve.x1, curve.x2, s) * (t1 - t0), i)
        }
        return nil
    }

    /// The motion up to `time`, the segment holding it cut at its Bézier parameter there (its
    /// last value `endValue`, or the curve's value when nil).
    static func cut(_ motion: Motion, at time: Double, endValue: Double?) -> Motion {
        var result = Motion(times: [motion.times[0]], values: [motion.values[0]], curves: [])
        for i in 0..<motion.curves.count {
            let t0 = motion.times[i], t1 = motion.times[i + 1]
            if t0 >= time { break }
            let curve = motion.curves[i]
            if t1 <= time + 1e-12 {
                result.times.append(t1)
                result.values.append(motion.values[i + 1])
                result.curves.append(curve)
                continue
            }
            let s = parameter(curve, reachingX: (time - t0) / (t1 - t0))
            let (left, yEnd) = leftPart(curve, at: s)
            let v0 = motion.values[i], v1 = motion.values[i + 1]
            result.times.append(time)
            result.values.append(endValue ?? (v0 + (v1 - v0) * yEnd))
            result.curves.append(left)
        }
        if result.times.last.map({ $0 < time }) ?? false {
            // The track ended before `time`: hold its last value.
            result.times.append(time)
            result.values.append(result.values[result.values.count - 1])
            result.curves.append(.linear)
        }
        if let endValue { result.values[result.values.count - 1] = endValue }
        return result
    }

    /// The part of `curve` from 0 to Bézier parameter `s`, rescaled to (0, 0)-(1, 1), and the
    /// fraction of the change reached at `s`.
    static func leftPart(_ curve: TimingCurve, at s: Double) -> (TimingCurve, Double) {
        // de Casteljau on (0,0), (x1,y1), (x2,y2), (1,1): the left part is P0, P01, P012, P0123.
        func lerp(_ a: Double, _ b: Double) -> Double { a + (b - a) * s }
        let x01 = lerp(0, curve.x1), x12 = lerp(curve.x1, curve.x2), x23 = lerp(curve.x2, 1)
        let y01 = lerp(0, curve.y1), y12 = lerp(curve.y1, curve.y2), y23 = lerp(curve.y2, 1)
        let x012 = lerp(x01, x12), x123 = lerp(x12, x23), y012 = lerp(y01, y12), y123 = lerp(y12, y23)
        let xEnd = lerp(x012, x123), yEnd = lerp(y012, y123)
        guard xEnd > 0 else { return (.linear, 0) }
        guard abs(yEnd) > 1e-12 else { return (.linear, yEnd) }
        let clampX = { (v: Double) in min(1, max(0, v / xEnd)) }
        let left = (try? TimingCurve(x1: clampX(x01), y1: y01 / yEnd, x2: clampX(x012), y2: y012 / yEnd)) ?? .linear
        return (left, yEnd)
    }

    /// One coordinate of the timing Bézier at parameter `s` (end points 0 and 1).
    static func bezier(_ c1: Double, _ c2: Double, _ s: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * s * c1 + 3 * u * s * s * c2 + s * s * s
    }

    /// The parameter where x reaches `x` (x never decreases along a timing curve).
    private static func parameter(_ curve: TimingCurve, reachingX x: Double) -> Double {
        var low = 0.0, high = 1.0
        for _ in 0..<80 {
            let middle = (low + high) / 2
            if bezier(curve.x1, curve.x2, middle) < x { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }

    /// The first parameter where y reaches `y` (y may overshoot, so it is found by a scan, then bisection).
    private static func parameter(_ curve: TimingCurve, firstReachingY y: Double) -> Double {
        var high = 1.0, low = 0.0
        for k in 1...256 {
            let s = Double(k) / 256
            if bezier(curve.y1, curve.y2, s) >= y {
                high = s
                low = Double(k - 1) / 256
                break
            }
        }
        for _ in 0..<80 {
            let middle = (low + high) / 2
            if bezier(curve.y1, curve.y2, middle) < y { low = middle } else { high = middle }
        }
        return high
    }
}
