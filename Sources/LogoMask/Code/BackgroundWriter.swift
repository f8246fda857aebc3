import FoundationEssentials
import MaskGeometry

/// Writes the background's declarations of RevealGeometry (Swift and Kotlin) beyond its colour:
/// a gradient's colours, its direction (a CSS angle or two points in fractions of the window) and
/// the function giving the gradient line's ends in a window, as ``LinearGradient/line(in:)``
/// does; a background picture's name and pixel size.
enum BackgroundWriter {
    /// The colours, the angle (nil for points) and the points (fractions) of `gradient`.
    private static func parts(_ gradient: LinearGradient?) -> (colors: [[Double]], angle: Double?, points: [Double]) {
        guard let gradient else { return ([], nil, [0, 0, 0, 1]) }
        let colors = gradient.colors.map(CodeText.components)
        switch gradient.direction {
        case let .angle(degrees): return (colors, degrees, [0, 0, 0, 1])
        case let .line(start, end): return (colors, nil, [start.x, start.y, end.x, end.y])
        }
    }

    /// The Swift declarations (inside `enum RevealGeometry`, 4 spaces in).
    static func swift(_ gradient: LinearGradient?, picture: (png: [UInt8], width: Int, height: Int)?) -> String {
        let (colors, angle, points) = parts(gradient)
        let named = picture.map { "(name: \(CodeText.quoted(CodePicture.backgroundIOSName)), pixelWidth: \($0.width), pixelHeight: \($0.height))" }
        let list = "[" + colors.map { "[\(CodeText.list($0, indent: ""))]" }.joined(separator: ", ") + "]"
        return """
                /// The background as a linear gradient across the window, drawn instead of
                /// backgroundColor: red, green, blue, alpha in 0...1, evenly spaced from the gradient
                /// line's start to its end. Empty: backgroundColor.
                public static let backgroundGradientColors: [[Double]] = \(list)
                /// The gradient's direction as a CSS angle in degrees (180: top to bottom); nil: backgroundGradientPoints.
                public static let backgroundGradientAngle: Double? = \(angle.map { CodeText.double($0) } ?? "nil")
                /// Without an angle: the line's start and end in fractions of the window (x0, y0, x1, y1; 0, 0 top-left).
                public static let backgroundGradientPoints = [\(CodeText.list(points, indent: ""))]
                /// The background picture, scaled to fill the window (aspect kept, centred) behind the
                /// logo: the image set's name (LogoRevealBackground.imageset, written beside this file)
                /// and its size in pixels. Nil: none.
                public static let backgroundPicture: (name: String, pixelWidth: Int, pixelHeight: Int)? = \(named ?? "nil")

                /// The background gradient line's ends in points for a window of that size (CSS's
                /// linear-gradient for an angle: through the centre, long enough to reach the corners).
                public static func backgroundGradientLine(
                    windowWidth w: Double, windowHeight h: Double
                ) -> (x0: Double, y0: Double, x1: Double, y1: Double) {
                    guard let degrees = backgroundGradientAngle else {
                        let p = backgroundGradientPoints
                        return (p[0] * w, p[1] * h, p[2] * w, p[3] * h)
                    }
                    let dx = sin(degrees * .pi / 180), dy = -cos(degrees * .pi / 180)
                    let half = (abs(w * dx) + abs(h * dy)) / 2
                    return (w / 2 - dx * half, h / 2 - dy * half, w / 2 + dx * half, h / 2 + dy * half)
                }

            """
    }

    /// The Kotlin declarations (inside `object RevealGeometry`, 4 spaces in).
    static func kotlin(_ gradient: LinearGradient?, picture: (png: [UInt8], width: Int, height: Int)?) -> String {
        let (colors, angle, points) = parts(gradient)
        let named = picture.map { "BackgroundPicture(\(CodeText.quoted(CodePicture.backgroundAndroidName)), \($0.width), \($0.height))" }
        let list = "arrayOf(" + colors.map { KotlinGeometryWriter.array($0, indent: "") }.joined(separator: ", ") + ")"
        return """
                /**
                 * The background as a linear gradient across the window, drawn instead of
                 * backgroundColor: red, green, blue, alpha in 0..1, evenly spaced from the gradient
                 * line's start to its end. Empty: backgroundColor.
                 */
                val backgroundGradientColors: Array<DoubleArray> = \(list)
                /** The gradient's direction as a CSS angle in degrees (180: top to bottom); null: backgroundGradientPoints. */
                val backgroundGradientAngle: Double? = \(angle.map { CodeText.double($0) } ?? "null")
                /** Without an angle: the line's start and end in fractions of the window (x0, y0, x1, y1; 0, 0 top-left). */
                val backgroundGradientPoints = \(KotlinGeometryWriter.array(points, indent: ""))

                /** A background picture: its drawable's name (res/drawable-nodpi, written beside this file) and size in pixels. */
                class BackgroundPicture(val name: String, val pixelWidth: Int, val pixelHeight: Int)

                /** The background picture, scaled to fill the window (aspect kept, centred) behind the logo; null: none. */
                val backgroundPicture: BackgroundPicture? = \(named ?? "null")

                /**
                 * The background gradient line's ends (x0, y0, x1, y1) in points for a window of that
                 * size (CSS's linear-gradient for an angle: through the centre, reaching the corners).
                 */
                fun backgroundGradientLine(windowWidth: Double, windowHeight: Double): DoubleArray {
                    val degrees = backgroundGradientAngle
                    if (degrees == null) {
                        val p = backgroundGradientPoints
                        return doubleArrayOf(p[0] * windowWidth, p[1] * windowHeight, p[2] * windowWidth, p[3] * windowHeight)
                    }
                    val dx = sin(degrees * Math.PI / 180)
                    val dy = -cos(degrees * Math.PI / 180)
                    val half = (abs(windowWidth * dx) + abs(windowHeight * dy)) / 2
                    return doubleArrayOf(
                        windowWidth / 2 - dx * half, windowHeight / 2 - dy * half,
                        windowWidth / 2 + dx * half, windowHeight / 2 + dy * half)
                }

            """
    }
}
