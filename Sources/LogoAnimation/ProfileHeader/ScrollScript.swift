import FoundationEssentials

/// The scroll offsets of a preview, one per frame.
public enum ScrollScript {
    /// The default scripted scroll: pull down to `-headerHeight` (the header doubles), release
    /// (the content springs back to 0), then scroll past the stop until the white label has
    /// settled and hold; `fps` frames a second. Each leg is eased like a finger and a bounce
    /// (ease-out pull, ease-out release, ease-in-ease-out scroll); every leg's end offset is a frame.
    /// `fps` is clamped to 1...1000 (30 when not finite).
    public static func article(layout: ProfileHeaderLayout, fps: Double = 30) -> [Double] {
        let end = layout.labelEndOffset + 40
        let legs: [(to: Double, seconds: Double, curve: TimingCurve)] = [
            (-layout.headerHeight, 0.6, .easeOut),
            (-layout.headerHeight, 0.2, .linear),
            (0, 0.4, .easeOut),
            (end, 1.6, .easeInEaseOut),
            (end, 0.3, .linear),
        ]
        var offsets: [Double] = []
        var start = 0.0
        for leg in legs {
            let rate = fps.isFinite ? min(1000, max(1, fps)) : 30
            let frames = max(1, Int((leg.seconds * rate).rounded()))
            for j in 0..<frames {
                offsets.append(start + (leg.to - start) * leg.curve.value(at: Double(j) / Double(frames)))
            }
            start = leg.to
        }
        offsets.append(start)
        return offsets
    }

    /// Offsets from `from` towards `to` by `step` (the sign of `step` must point from `from` to
    /// `to`), `to` included when the steps land on it. Nil for a zero, non-finite or backward step
    /// or more than `limit` frames.
    public static func sweep(from: Double, to: Double, step: Double, limit: Int = 100_000) -> [Double]? {
        guard from.isFinite, to.isFinite, step.isFinite, step != 0, (to - from) * step >= 0 else { return nil }
        let steps = ((to - from) / step + 1e-9).rounded(.down)
        guard steps.isFinite, steps + 1 <= Double(limit) else { return nil }
        let count = Int(steps) + 1
        return (0..<count).map { from + Double($0) * step }
    }
}
