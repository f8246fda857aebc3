import FoundationEssentials
import MaskGeometry

/// The logo as an Android `VectorDrawable` (`res/drawable/splash_icon.xml`), the form Android
/// 12's splash screen requires for `windowSplashScreenAnimatedIcon`.
///
/// Written from ``VectorLogo/outline`` placed by an ``AndroidIconFit``: the viewport is the
/// canvas in dp, every shape a `<path>` in drawing order (`pathData` of absolute M/L/C/Z in dp,
/// `fillType` `nonZero` or `evenOdd`, `fillColor` and `fillAlpha`, or `strokeColor`,
/// `strokeAlpha`, `strokeWidth`, `strokeLineCap`, `strokeLineJoin`, `strokeMiterLimit`), the
/// clips as `<clip-path>` at the head of nested `<group>`s (one group per clip, outermost first,
/// shared by consecutive shapes). Everything sits in one group named ``groupName`` whose pivot
/// is the logo's anchor (the document box's centre unless another is given), which the animated
/// icon scales and turns.
///
/// Gradients go in as `<gradient>` elements (``AndroidVectorGradient``). What a vector drawable
/// cannot say is approximated and listed in ``notes``: a pattern is flattened to the mean colour
/// of the logo's pixels under the shape; a radial gradient loses its focal point; dashes are
/// drawn solid; a stretched pen gets its mean width; an even-odd clip is
/// applied non-zero.
///
/// A translucent group's opacity is folded into its shapes' alpha where that is exact
/// (``AndroidGroupFold``: no two of its shapes overlap); elsewhere the outline is not exact.
///
/// Some of these change the art itself (``artChanges``: parts missing, a pattern's colours, a
/// pen's width, dashes): `assets` then writes the splash icon as a picture instead
/// (``AndroidSplashPicture``). The others (a gradient's focal point, a round radial gradient on
/// a stroke, an even-odd clip) move colours or edges by less than the hand-off's tolerance on
/// the real-world logos and keep the vector.
public struct AndroidVectorDrawable: Sendable {
    /// The name of the group holding the logo (the animated icon's target).
    public static let groupName = "logo"

    /// The notes that mean the drawable is not the logo's art (their opening words).
    static let artChangingNotes = [
        "the outline is not exact", "patterns are flattened", "a stretched or skewed pen", "dashed strokes are drawn solid",
    ]

    /// The XML text, ending in a newline.
    public var text: String
    /// The approximations made, one sentence each, sorted; empty when the drawable is exact.
    public var notes: [String]
    /// The notes under which the drawable is not the logo's art (parts missing, other colours
    /// or widths): when not empty, the splash icon should be a picture.
    public var artChanges: [String] {
        notes.filter { note in Self.artChangingNotes.contains { note.hasPrefix($0) } }
    }
    /// The group's pivot (the anchor) in viewport dp.
    public var pivot: Point

    /// The drawable of `logo` placed by `fit`. `pixels`, the logo drawn at `pixelsPerDp` pixels a
    /// dp on the canvas (the xxxhdpi PNG), gives the colour a pattern is flattened to; without
    /// it a pattern is drawn in black. `anchor` (document units; nil: the document box's centre)
    /// is the pivot.
    public init(
        logo: VectorLogo, fit: AndroidIconFit, pixels: RasterImage?, pixelsPerDp: Double, anchor: Point? = nil
    ) throws(LogoMaskError) {
        let outline = try logo.outline.mapped(by: fit.transform)
        let name = URL(fileURLWithPath: logo.name).lastPathComponent
        pivot = fit.transform.apply(to: anchor ?? logo.documentBox.center)
        var notes = Set<String>()
        var body = ""
        var open: [LogoOutline.Clip] = []
        let base = "        "
        for shape in outline.shapes {
            guard !shape.path.isEmpty else { continue }
            var common = 0
            while common < open.count, common < shape.clips.count, open[common] == shape.clips[common] { common += 1 }
            while open.count > common {
                open.removeLast()
                body += base + String(repeating: "    ", count: open.count) + "</group>\n"
            }
            for clip in shape.clips[common...] {
                let indent = base + String(repeating: "    ", count: open.count)
                body += indent + "<group>\n"
                body += indent + "    <clip-path android:pathData=\"\(Self.pathData(clip.path))\" />\n"
                if clip.fillRule == .evenOdd { notes.insert("an even-odd clip is applied with the non-zero rule (a clip-path has no fill type)") }
                open.append(clip)
            }
            var indent = base + String(repeating: "    ", count: open.count)
            let color = Self.color(of: shape, outline: outline, pixels: pixels, pixelsPerDp: pixelsPerDp, notes: &notes)
            let gradient = shape.paint.gradient.map {
                AndroidVectorGradient($0, attribute: shape.stroke == nil ? "android:fillColor" : "android:strokeColor", stroke: shape.stroke != nil)
            }
            notes.formUnion(gradient?.notes ?? [])
            // A stretched radial gradient: the path in its space, inside groups mapping it back.
            let wrappers = gradient?.space.map(AndroidVectorGradient.groups) ?? []
            for line in wrappers {
                body += indent + line + "\n"
                indent += "    "
            }
            let path = gradient?.space?.inverted.map { shape.path.mapped(by: $0) } ?? shape.path
            var attributes = ["android:pathData=\"\(Self.pathData(path))\""]
            switch shape.kind {
            case let .fill(rule):
                if gradient == nil { attributes.append("android:fillColor=\"\(Self.hex(color))\"") }
                if shape.paint.opacity < 1 { attributes.append("android:fillAlpha=\"\(formatNumber(shape.paint.opacity, decimals: 4))\"") }
                if rule == .evenOdd { attributes.append("android:fillType=\"evenOdd\"") }
            case let .stroke(stroke):
                let width: Double
                if let exact = stroke.documentWidth {
                    width = exact
                } else {
                    width = stroke.meanDocumentWidth
                    notes.insert("a stretched or skewed pen is drawn at its mean width")
                }
                if !stroke.dashes.isEmpty { notes.insert("dashed strokes are drawn solid (a vector drawable has no dashes)") }
                if gradient == nil { attributes.append("android:strokeColor=\"\(Self.hex(color))\"") }
                if shape.paint.opacity < 1 { attributes.append("android:strokeAlpha=\"\(formatNumber(shape.paint.opacity, decimals: 4))\"") }
                attributes.append("android:strokeWidth=\"\(formatNumber(width, decimals: 4))\"")
                attributes.append("android:strokeLineCap=\"\(stroke.cap.rawValue)\"")
                attributes.append("android:strokeLineJoin=\"\(stroke.join.rawValue)\"")
                if stroke.join == .miter { attributes.append("android:strokeMiterLimit=\"\(formatNumber(stroke.miterLimit, decimals: 4))\"") }
            }
            body += indent + "<path\n" + attributes.map { indent + "    " + $0 }.joined(separator: "\n")
            if let gradient {
                body += ">\n" + gradient.lines.map { indent + "    " + $0 + "\n" }.joined() + indent + "</path>\n"
            } else {
                body += " />\n"
            }
            for _ in wrappers {
                indent.removeLast(4)
                body += indent + "</group>\n"
            }
        }
        while !open.isEmpty {
            open.removeLast()
            body += base + String(repeating: "    ", count: open.count) + "</group>\n"
        }
        if outline.inexactReasons == [.groupOpacity], try AndroidGroupFold.folds(outline, canvas: fit.canvas) {
            // Exact: no two shapes of a translucent group overlap.
            notes.insert("translucent groups are drawn with their opacity in each shape's alpha (a vector drawable has no group alpha; no two shapes of a group overlap, so this is exact)")
        } else if !outline.isExact {
            var note = "the outline is not exact (\(outline.inexactReasons.map { "\($0)" }.joined(separator: ", "))): parts of the logo are missing or approximated"
            if outline.inexactReasons.contains(.filter) {
                // A filter result is pixels; a vector drawable has no image element to hold them.
                note += "; a vector drawable holds no picture, and its filter effects are pictures"
                    + (FilteredElements.list(of: logo).map { " (the results of the filters on \($0))" } ?? "")
            }
            if outline.inexactReasons.contains(.groupOpacity) {
                // Folding into each shape's alpha would darken where the group's shapes overlap.
                note += "; a vector drawable has no group alpha, and shapes of a translucent group overlap"
            }
            notes.insert(note)
        }
        let canvas = formatNumber(fit.canvas)
        text = """
            <?xml version="1.0" encoding="utf-8"?>
            <!-- \(Self.escape(name)): Android 12 splash icon, \(canvas) dp canvas, \(fit.mode == .circle ? "ink fitted inside the \(formatNumber(fit.safeRadius * 2)) dp circle" : "document box filling the canvas"). Written by logo-mask. -->
            <vector xmlns:android="http://schemas.android.com/apk/res/android"
                xmlns:aapt="http://schemas.android.com/aapt"
                android:width="\(canvas)dp"
                android:height="\(canvas)dp"
                android:viewportWidth="\(canvas)"
                android:viewportHeight="\(canvas)">
                <group
                    android:name="\(Self.groupName)"
                    android:pivotX="\(formatNumber(pivot.x, decimals: 4))"
                    android:pivotY="\(formatNumber(pivot.y, decimals: 4))">

            """ + body + """
                </group>
            </vector>

            """
        self.notes = notes.sorted()
    }

    /// The `<vector>` element alone (no XML declaration), each line indented by `indent`, for
    /// embedding in an animated vector drawable.
    public func element(indent: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("<?xml") }
            .map { $0.isEmpty ? "" : indent + $0 }
            .joined(separator: "\n")
    }

    // MARK: - Pieces

    /// The paint's colour; a pattern's is the mean colour of the logo's pixels inside the shape's
    /// bounds (a gradient's is unused: it goes in as a `<gradient>`).
    private static func color(
        of shape: LogoOutline.Shape, outline: LogoOutline, pixels: RasterImage?, pixelsPerDp: Double, notes: inout Set<String>
    ) -> RGBAColor {
        if case let .flat(color, _) = shape.paint { return color }
        if shape.paint.gradient != nil { return .black }
        notes.insert("patterns are flattened to the mean colour of the logo under each shape")
        guard let pixels else { return .black }
        let box = shape.path.bounds
        let x0 = max(0, Int((box.minX * pixelsPerDp).rounded(.down))), x1 = min(pixels.width, Int((box.maxX * pixelsPerDp).rounded(.up)))
        let y0 = max(0, Int((box.minY * pixelsPerDp).rounded(.down))), y1 = min(pixels.height, Int((box.maxY * pixelsPerDp).rounded(.up)))
        // Premultiplied ARGB32 (bytes B, G, R, A): the sums of premultiplied channels over the
        // sum of alphas are the alpha-weighted mean of the straight colours.
        var sum = (r: 0.0, g: 0.0, b: 0.0, a: 0.0)
        if x0 < x1, y0 < y1, pixels.format == .premultipliedARGB {
            pixels.bytes.withUnsafeBufferPointer { bytes in
                for y in y0..<y1 {
                    var i = y * pixels.stride + 4 * x0
                    for _ in x0..<x1 {
                        sum.b += Double(bytes[i])
                        sum.g += Double(bytes[i + 1])
                        sum.r += Double(bytes[i + 2])
                        sum.a += Double(bytes[i + 3])
                        i += 4
                    }
                }
            }
        }
        sum = (sum.r * 255, sum.g * 255, sum.b * 255, sum.a)
        guard sum.a > 0 else { return .black }
        func byte(_ v: Double) -> UInt8 { UInt8(max(0, min(255, (v / sum.a).rounded()))) }
        return RGBAColor(red: byte(sum.r), green: byte(sum.g), blue: byte(sum.b))
    }

    /// `#RRGGBB` (the alpha goes in `fillAlpha` / `strokeAlpha`).
    static func hex(_ color: RGBAColor) -> String {
        "#" + [color.red, color.green, color.blue].map { formatHex($0, digits: 2) }.joined()
    }

    /// Path data in dp with three decimals (a thousandth of a dp, a quarter of a pixel at 250x).
    static func pathData(_ path: LogoOutline.Path) -> String {
        path.svgPathData(decimals: 3)
    }

    /// Escapes text for XML content or attributes (and `--`, which may not appear in a comment).
    static func escape(_ text: String) -> String {
        text.replacing("&", with: "&amp;").replacing("<", with: "&lt;")
            .replacing(">", with: "&gt;").replacing("\"", with: "&quot;")
            .replacing("--", with: "&#45;&#45;")
    }
}
