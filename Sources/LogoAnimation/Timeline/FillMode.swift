/// What an animation shows outside its active interval `delay ... delay + duration`,
/// as Core Animation's `CAMediaTimingFillMode`.
///
/// In JSON: `"removed"`, `"forwards"`, `"backwards"` or `"both"`. Animations in this module
/// default to ``both`` (like UIView animations, which leave the layer at its end value and
/// show the start value during a delay), not Core Animation's ``removed``.
public enum FillMode: String, Hashable, Sendable, Codable, CaseIterable {
    /// No value outside the active interval (the property falls back to its default).
    case removed
    /// Holds the last value after the end.
    case forwards
    /// Shows the first value before the start (during the delay).
    case backwards
    /// Both ``forwards`` and ``backwards``.
    case both

    /// True for ``forwards`` and ``both``.
    public var fillsForwards: Bool { self == .forwards || self == .both }
    /// True for ``backwards`` and ``both``.
    public var fillsBackwards: Bool { self == .backwards || self == .both }

    /// Times closer than this (seconds) to a key time, the start or the end count as equal to it,
    /// so `0.2 * 0.6` lands on key time 0.2 of a 0.6 s animation despite rounding.
    static let timeTolerance = 1e-9

    /// The elapsed fraction (0...1) of an animation at `time`, or nil when it shows nothing.
    ///
    /// Active (closed interval, with ``timeTolerance``) from `delay` to `delay + duration`;
    /// before it 0 when filling backwards, after it 1 when filling forwards. A zero duration
    /// jumps: progress 1 from `delay` on.
    func progress(at time: Double, delay: Double, duration: Double) -> Double? {
        if time.isNaN { return nil }
        let local = time - delay
        if local < -Self.timeTolerance { return fillsBackwards ? 0 : nil }
        if local > duration + Self.timeTolerance { return fillsForwards ? 1 : nil }
        if duration <= Self.timeTolerance { return 1 }
        if local <= Self.timeTolerance { return 0 }
        if local >= duration - Self.timeTolerance { return 1 }
        return local / duration
    }
}
