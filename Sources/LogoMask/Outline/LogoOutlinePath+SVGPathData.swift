import FoundationEssentials
import MaskGeometry

extension LogoOutline.Path {
    /// The path as SVG path data: absolute `M`, `L`, `C` and `Z` commands, numbers through
    /// `formatNumber(_:decimals:)` with `decimals` places, a space between
    /// numbers and none around commands (`"M1 2L3 4C5 6 7 8 9 10Z"`). Android's `pathData`,
    /// an SVG `<path d>` and Kotlin's `PathParser` read it as it is. Deterministic.
    public func svgPathData(decimals: Int = 3) -> String {
        var text = ""
        text.reserveCapacity(points.count * 12)
        func add(_ command: Character, _ points: [Point]) {
            text.append(command)
            var first = true
            for point in points {
                if !first { text.append(" ") }
                first = false
                text += formatNumber(point.x, decimals: decimals)
                text.append(" ")
                text += formatNumber(point.y, decimals: decimals)
            }
        }
        for segment in segments {
            switch segment {
            case let .move(to): add("M", [to])
            case let .line(to): add("L", [to])
            case let .cubic(control1, control2, to): add("C", [control1, control2, to])
            case .close: text.append("Z")
            }
        }
        return text
    }
}
