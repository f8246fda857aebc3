import MaskGeometry

extension AnimationTrack {
    /// The track as keyframes from time 0 (see ``ExportedTrack``).
    ///
    /// - Parameters:
    ///   - restingValue: what the property shows where the animation neither runs nor fills
    ///     (the ``FrameState`` default); nil when unknown, in which case the first and last
    ///     values are held instead.
    ///   - springSampleRate: keyframes per second for a spring curve.
    func exported(restingValue: Value?, springSampleRate: Double) -> ExportedTrack<Value> {
        var (keyframes, curves, sampled) = activeKeyframes(springSampleRate: springSampleRate)
        let fill: FillMode
        switch self {
        case let .keyframes(animation): fill = animation.fill
        case let .basic(animation): fill = animation.fill
        }
        typealias Keyframe = ExportedTrack<Value>.Keyframe
        // Before the delay: the resting value, jumping to the first value when the animation starts.
        if let rest = restingValue, !fill.fillsBackwards, delay > 0, rest != keyframes[0].value {
            keyframes.insert(contentsOf: [Keyframe(time: 0, value: rest), Keyframe(time: delay, value: rest)], at: 0)
            curves.insert(contentsOf: [.linear, .linear], at: 0)
        } else if keyframes[0].time > 0 {
            keyframes.insert(Keyframe(time: 0, value: keyframes[0].value), at: 0)
            curves.insert(.linear, at: 0)
        }
        // After the end: back to the resting value when the animation does not fill forwards.
        if let rest = restingValue, !fill.fillsForwards, let last = keyframes.last, rest != last.value {
            keyframes.append(Keyframe(time: last.time, value: rest))
            curves.append(.linear)
        }
        // Built from validated animations: at least one keyframe, times in order, one curve a segment.
        return ExportedTrack(keyframes: keyframes, curves: curves, isSampled: sampled)
            ?? ExportedTrack(constant: keyframes[keyframes.count - 1].value)
    }

    /// The keyframes while the animation runs, at seconds from the start of the timeline.
    private func activeKeyframes(
        springSampleRate: Double
    ) -> (keyframes: [ExportedTrack<Value>.Keyframe], curves: [TimingCurve], sampled: Bool) {
        typealias Keyframe = ExportedTrack<Value>.Keyframe
        switch self {
        case let .keyframes(animation):
            let keyframes = zip(animation.keyTimes, animation.values).map {
                Keyframe(time: animation.delay + $0 * animation.duration, value: $1)
            }
            let curves = (0..<(keyframes.count - 1)).map { animation.curve(forSegment: $0) }
            return (keyframes, curves, false)
        case let .basic(animation):
            let start = Keyframe(time: animation.delay, value: animation.from)
            let end = Keyframe(time: animation.endTime, value: animation.to)
            switch animation.curve {
            case let .bezier(curve):
                return ([start, end], [curve], false)
            case let .spring(damping, velocity):
                guard animation.duration > 0,
                      let spring = try? SpringCurve(dampingRatio: damping, initialVelocity: velocity, duration: animation.duration)
                else { return ([start, end], [.linear], false) }
                let rate = springSampleRate.isFinite && springSampleRate > 0 ? springSampleRate : 120
                let progresses = Self.springProgresses(spring, count: max(2, Int((animation.duration * rate).rounded(.up))))
                let keyframes = progresses.map { p in
                    Keyframe(time: animation.delay + animation.duration * p,
                             value: p == 1 ? animation.to : animation.from.interpolated(to: animation.to, fraction: spring.value(at: p)))
                }
                return (keyframes, Array(repeating: .linear, count: keyframes.count - 1), true)
            }
        }
    }

    /// Progresses (0...1) at which to sample a spring: `count` even steps, each halved until the
    /// line between its ends is within ``Timeline/exportSpringTolerance`` of the spring at its
    /// middle (at most 64 pieces a step).
    private static func springProgresses(_ spring: SpringCurve, count: Int) -> [Double] {
        var result: [Double] = [0]
        func refine(_ a: Double, _ b: Double, depth: Int) {
            let middle = (a + b) / 2
            let linear = (spring.value(at: a) + spring.value(at: b)) / 2
            if depth < 6, abs(spring.value(at: middle) - linear) > Timeline.exportSpringTolerance {
                refine(a, middle, depth: depth + 1)
                refine(middle, b, depth: depth + 1)
            } else {
                result.append(b)
            }
        }
        for step in 0..<count { refine(Double(step) / Double(count), Double(step + 1) / Double(count), depth: 0) }
        result[result.count - 1] = 1
        return result
    }
}
