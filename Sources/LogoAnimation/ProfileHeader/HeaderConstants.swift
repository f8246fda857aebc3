import FoundationEssentials
import MaskGeometry

/// The numbers an engineer needs to rebuild the header: the layout, the constants that follow
/// from it, and one entry per offset range between the breakpoints (0, the stop, the label
/// offset and its end) with the formula each element follows there and its values at both ends.
public struct HeaderConstants: Hashable, Sendable, Codable {
    /// The layout the numbers come from.
    public var layout: ProfileHeaderLayout
    /// Pixels per point the frames were (or will be) rendered at.
    public var pixelScale: Double
    /// The offset at which the pulled-down header is twice its height (`-headerHeight`).
    public var doubleHeaderOffset: Double
    /// The header's height left showing once it sticks (`headerHeight - headerStop`).
    public var stuckHeaderHeight: Double
    /// The avatar's scale factor at and past the stop (`headerStop / avatarHeight / avatarSlowdown`).
    public var avatarFactorAtStop: Double
    /// The avatar's smallest scale (`1 - avatarFactorAtStop`).
    public var avatarMinimumScale: Double
    /// The avatar's smallest size, points.
    public var avatarMinimumSize: Size
    /// The header is drawn in front of the avatar for offsets strictly above this one.
    public var zOrderSwapOffset: Double
    /// The white label starts rising and the blur starts showing here (`labelOffset`).
    public var labelStartOffset: Double
    /// The white label is in place and the blur fully shown from here (`labelOffset + labelDistance`).
    public var labelEndOffset: Double
    /// Where the black name label sits in the scroll content (`headerHeight - headerStop + labelOffset`).
    public var nameLabelTop: Double
    /// The box-blur equivalence at ``pixelScale``.
    public var blur: BoxBlurEquivalence
    /// The ranges, in increasing offset order.
    public var ranges: [HeaderOffsetRange]

    /// Derives everything from a layout (validate it first) at a pixel scale.
    public init(layout: ProfileHeaderLayout, pixelScale: Double) {
        self.layout = layout
        self.pixelScale = pixelScale
        doubleHeaderOffset = -layout.headerHeight
        stuckHeaderHeight = layout.stuckHeaderHeight
        avatarFactorAtStop = layout.avatarScaleFactor(at: layout.headerStop)
        avatarMinimumScale = 1 - avatarFactorAtStop
        avatarMinimumSize = Size(
            width: layout.avatarFrame.width * avatarMinimumScale, height: layout.avatarFrame.height * avatarMinimumScale)
        zOrderSwapOffset = layout.headerStop
        labelStartOffset = layout.labelOffset
        labelEndOffset = layout.labelEndOffset
        nameLabelTop = layout.nameLabelTop
        blur = layout.blur(pixelScale: pixelScale)
        ranges = HeaderOffsetRange.ranges(of: layout)
    }

    /// Pretty-printed JSON with sorted keys (stable bytes).
    public func jsonData() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return (try? encoder.encode(self)) ?? Data("{}".utf8)
    }
}

/// One offset range over which every element follows one formula.
public struct HeaderOffsetRange: Hashable, Sendable, Codable {
    /// The first offset of the range; nil for no lower bound.
    public var from: Double?
    /// The offset the range ends at; nil for no upper bound.
    public var to: Double?
    /// The header's scale and move (formula with the layout's numbers).
    public var header: String
    /// The avatar's scale.
    public var avatar: String
    /// Which is in front: `"avatar"` or `"header"`.
    public var front: String
    /// The white label's translation.
    public var whiteLabel: String
    /// The blurred header's opacity.
    public var blurAlpha: String
    /// The state at the lower bound (nil when unbounded).
    public var atStart: HeaderState?
    /// The state at the upper bound (nil when unbounded).
    public var atEnd: HeaderState?

    /// The ranges between the layout's breakpoints, in increasing order.
    public static func ranges(of layout: ProfileHeaderLayout) -> [HeaderOffsetRange] {
        let points = Array(Set([0, layout.headerStop, layout.labelOffset, layout.labelEndOffset])).sorted()
        var bounds: [(Double?, Double?)] = [(nil, points.first)]
        for (a, b) in zip(points, points.dropFirst()) { bounds.append((a, b)) }
        bounds.append((points.last, nil))
        return bounds.map { from, to in
            // A point strictly inside the range decides which formula applies.
            let probe: Double = switch (from, to) {
            case let (a?, b?): (a + b) / 2
            case let (nil, b?): b - 1
            case let (a?, nil): a + 1
            case (nil, nil): 0
            }
            return HeaderOffsetRange(
                from: from, to: to,
                header: headerFormula(layout, probe),
                avatar: avatarFormula(layout, probe),
                front: layout.headerInFront(at: probe) ? "header" : "avatar",
                whiteLabel: labelFormula(layout, probe),
                blurAlpha: blurFormula(layout, probe),
                atStart: from.map { layout.state(at: $0) },
                atEnd: to.map { layout.state(at: $0) })
        }
    }

    private static func n(_ value: Double) -> String { formatNumber(value) }

    private static func headerFormula(_ l: ProfileHeaderLayout, _ o: Double) -> String {
        if o < 0 { return "scale 1 + (-offset)/\(n(l.headerHeight)), top edge fixed" }
        if o <= l.headerStop { return "scale 1, moves up by offset" }
        return "scale 1, stuck \(n(l.headerStop)) up (\(n(l.stuckHeaderHeight)) showing)"
    }

    private static func avatarFormula(_ l: ProfileHeaderLayout, _ o: Double) -> String {
        let divisor = "\(n(l.avatarFrame.height))/\(n(l.avatarSlowdown))"
        if o < 0 { return "scale 1" }
        if o <= l.headerStop { return "scale 1 - offset/\(divisor), bottom edge fixed" }
        return "scale \(n(1 - l.avatarScaleFactor(at: o))) (1 - \(n(l.headerStop))/\(divisor)), bottom edge fixed"
    }

    private static func labelFormula(_ l: ProfileHeaderLayout, _ o: Double) -> String {
        if o < l.labelOffset { return "hidden below the header (\(n(l.labelOffset)) - offset)" }
        if o < l.labelEndOffset { return "y \(n(l.labelOffset)) - offset" }
        return "y \(n(-l.labelDistance)) (in place)"
    }

    private static func blurFormula(_ l: ProfileHeaderLayout, _ o: Double) -> String {
        if o < l.labelOffset { return "0" }
        if o < l.labelEndOffset { return "(offset - \(n(l.labelOffset)))/\(n(l.labelDistance))" }
        return "1"
    }
}
