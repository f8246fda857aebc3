import FoundationEssentials
import MaskGeometry

/// Writes the paint and launch-screen parts of RevealGeometry.swift: the types of a shape's
/// paint, the shape lists (light and dark) and the launch rect as the iOS launch screen draws it.
enum SwiftPaintWriter {
    private static func d(_ value: Double) -> String { CodeText.double(value) }
    private static func point(_ p: Point) -> String { "(x: \(d(p.x)), y: \(d(p.y)))" }
    private static func numbers(_ values: [Double]) -> String { "[" + values.map { d($0) }.joined(separator: ", ") + "]" }

    /// A paint as a Swift expression of RevealGeometry.Paint.
    static func paint(_ paint: CodePaint) -> String {
        let stops = "[" + paint.stops.map { "Stop(offset: \(d($0.offset)), rgba: \(numbers($0.rgba)))" }.joined(separator: ", ") + "]"
        let t = paint.transform, b = paint.box
        let space = "GradientSpace(box: (x: \(d(b.x)), y: \(d(b.y)), width: \(d(b.width)), height: \(d(b.height))), transform: \(numbers([t.a, t.b, t.c, t.d, t.tx, t.ty])))"
        switch paint.kind {
        case let .color(rgb): return ".color(\(numbers(rgb)))"
        case let .linear(start, end): return ".linear(start: \(point(start)), end: \(point(end)), stops: \(stops), space: \(space))"
        case let .radial(center, radius, focal):
            let off = focal == center ? "" : ", focal: \(point(focal))"
            return ".radial(center: \(point(center)), radius: \(d(radius))\(off), stops: \(stops), space: \(space))"
        }
    }

    /// The elements of a `[Shape]` literal, one a line.
    static func shapes(_ shapes: [RevealCodeModel.Shape], _ paints: [CodePaint]) -> String {
        zip(shapes, paints).map { shape, paint in
            var pen = ""
            if shape.strokeWidth > 0 {
                pen = ", lineCap: \(CodeText.quoted(shape.cap.rawValue)), lineJoin: \(CodeText.quoted(shape.join.rawValue)), miterLimit: \(d(shape.miterLimit))"
                if !shape.dashes.isEmpty { pen += ", dashes: \(numbers(shape.dashes)), dashOffset: \(d(shape.dashOffset))" }
            }
            let clips = shape.clips.isEmpty ? "" : ", clips: [" + shape.clips.map {
                "Clip(pathData: \(CodeText.quoted($0.pathData)), evenOdd: \($0.evenOdd))"
            }.joined(separator: ", ") + "]"
            let groups = shape.groups.isEmpty ? "" : ", groups: [" + shape.groups.map {
                "Group(id: \($0.id), opacity: \(d($0.opacity)))"
            }.joined(separator: ", ") + "]"
            return "        Shape(pathData: \(CodeText.quoted(shape.pathData)), evenOdd: \(shape.evenOdd), strokeWidth: \(d(shape.strokeWidth)), opacity: \(d(shape.opacity))\(pen), paint: \(self.paint(paint))\(clips)\(groups)),\n"
        }.joined()
    }

    /// The translucent group type, for a logo that has groups (else nothing, so that other
    /// logos' code stays as it was).
    private static func groupDeclaration(_ model: RevealCodeModel) -> String {
        guard model.hasGroups else { return "" }
        return """


                /// A translucent group around shapes (the logo's `<g opacity>`): its shapes, consecutive in
                /// `shapes`, are composited as one picture, which is drawn at `opacity`. A shape's own
                /// opacity and paint are inside its groups.
                public struct Group: Sendable {
                    /// Tells groups apart within one list of shapes.
                    public let id: Int
                    /// The opacity the composited group is drawn at, 0...1.
                    public let opacity: Double
                }
            """
    }

    /// SplashReveal's function for a radial gradient whose focal point is off its centre, for a
    /// logo that has one (others' code stays as it was). CAGradientLayer's radial gradient has no
    /// focal point; Core Graphics' two-circle gradient from a point at the focal point to the
    /// circle is SVG's (and Cairo's) exactly. It is drawn once into a bitmap over the gradient
    /// space's box, as fine as a 3x screen shows the launch logo twice over (the reveal's start
    /// magnifies it; a gradient magnifies smoothly), at most 1024 pixels a side (4 MiB).
    static let focalGradientFunction = """


            /// A radial gradient with its focal point off its centre, masked by its shape: drawn by Core
            /// Graphics from a point at the focal point to the circle, padded past both, into a bitmap.
            private static func focalGradientLayer(
                center: (x: Double, y: Double), radius: Double, focal: (x: Double, y: Double),
                _ stops: [RevealGeometry.Stop], _ space: RevealGeometry.GradientSpace, _ shape: RevealGeometry.Shape
            ) -> CALayer {
                let box = space.box, t = space.transform
                let all = stops.count == 1 ? stops + stops : stops
                let format = UIGraphicsImageRendererFormat()
                format.opaque = false
                let pointsPerUnit = abs(t[0] * t[3] - t[1] * t[2]).squareRoot()
                format.scale = CGFloat(min(6 * pointsPerUnit, 1024 / max(box.width, box.height, 1e-9)))
                let size = CGSize(width: box.width, height: box.height)
                let image = UIGraphicsImageRenderer(size: size, format: format).image { context in
                    guard let gradient = CGGradient(
                        colorSpace: CGColorSpaceCreateDeviceRGB(), colorComponents: all.flatMap { $0.rgba.map { CGFloat($0) } },
                        locations: all.map { CGFloat($0.offset) }, count: all.count)
                    else { return }
                    context.cgContext.drawRadialGradient(
                        gradient, startCenter: CGPoint(x: focal.x - box.x, y: focal.y - box.y), startRadius: 0,
                        endCenter: CGPoint(x: center.x - box.x, y: center.y - box.y), endRadius: CGFloat(radius),
                        options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
                }
                let layer = CALayer()
                layer.contents = image.cgImage
                return masked(layer, in: space, shape)
            }
        """

    /// Pixel sizes at scales 1, 2, 3 as a literal.
    private static func pixels(_ sizes: [RasterSize]) -> String {
        "[" + sizes.map { "(width: \(d(Double($0.width))), height: \(d(Double($0.height))))" }.joined(separator: ", ") + "]"
    }

    /// The declarations: paint types, dark mode, launch rect.
    static func declarations(_ model: RevealCodeModel) -> String {
        let dark = model.darkBackground.map { "[\(CodeText.list(CodeText.components($0), indent: ""))]" } ?? "nil"
        let darkShapes = model.darkShapes.map { "[\n" + shapes($0, model.darkPaints ?? []) + "    ]" } ?? "nil"
        func picture(_ picture: CodePicture?) -> String {
            picture.map {
                "(name: \(CodeText.quoted($0.iosName)), x: \(d($0.rect.x)), y: \(d($0.rect.y)), width: \(d($0.rect.width)), "
                    + "height: \(d($0.rect.height)), pixelWidth: \($0.pixelWidth), pixelHeight: \($0.pixelHeight))"
            } ?? "nil"
        }
        return """
                /// One clip path of a shape, in points about the anchor: the shape shows only inside it.
                public struct Clip: Sendable {
                    /// Absolute M, L, C and Z commands.
                    public let pathData: String
                    /// True for the even-odd rule, false for non-zero.
                    public let evenOdd: Bool
                }\(groupDeclaration(model))

                /// The logo as a picture where its vectors cannot carry it (filters, images, masks): the
                /// image set's name in the app's asset catalog (LogoReveal.imageset, written beside this
                /// file), its rect in points about the anchor (the shapes' space) and its size in pixels.
                /// Nil: the shapes draw the logo.
                public static let picture: Picture? = \(picture(model.picture))
                /// The dark logo's picture for dark mode (LogoRevealDark.imageset), in the same points;
                /// nil: dark mode draws darkShapes (or the light logo).
                public static let darkPicture: Picture? = \(picture(model.darkPicture))
                /// A picture's image set name, rect in points about the anchor and size in pixels.
                public typealias Picture = (name: String, x: Double, y: Double, width: Double, height: Double, pixelWidth: Int, pixelHeight: Int)\(CodeFilterPictureWriter.swiftDeclarations(model))

            \(BackgroundWriter.swift(model.backgroundGradient, picture: model.backgroundPicture))
                /// The launch screen's background in dark mode (the colour set's dark appearance); nil: none.
                public static let darkBackgroundColor: [Double]? = \(dark)
                /// True when the app has a dark appearance of the launch screen (a dark background or logo).
                public static let hasDarkMode = \(model.darkBackground != nil || model.darkShapes != nil)

                /// One colour stop of a gradient: its offset (0...1) and red, green, blue, alpha in 0...1.
                public struct Stop: Sendable {
                    /// Where along the gradient, 0...1.
                    public let offset: Double
                    /// Red, green, blue, alpha (the stop's opacity) in 0...1.
                    public let rgba: [Double]
                }

                /// Where a gradient is drawn: the rectangle of its gradient space that its layer fills (the
                /// shape's box mapped there) and the affine map (a, b, c, d, tx, ty) from that space to points
                /// about the anchor, so that a skewed or stretched gradient is drawn exactly.
                public struct GradientSpace: Sendable {
                    /// The layer's rectangle in gradient space.
                    public let box: (x: Double, y: Double, width: Double, height: Double)
                    /// Gradient space to points: x' = a x + c y + tx, y' = b x + d y + ty.
                    public let transform: [Double]
                }

                /// What a shape is painted with; the shape's opacity applies on top.
                public enum Paint: Sendable {
                    /// One colour: red, green, blue in 0...1.
                    case color([Double])
                    /// Colour varies along start → end (gradient space), constant across it; pads past the ends.
                    case linear(start: (x: Double, y: Double), end: (x: Double, y: Double), stops: [Stop], space: GradientSpace)
                    /// Colour varies from the focal point (nil: the centre) out to the circle about the centre
                    /// (gradient space; SVG's cone from a point at the focal point); pads past it.
                    case radial(
                        center: (x: Double, y: Double), radius: Double, focal: (x: Double, y: Double)? = nil,
                        stops: [Stop], space: GradientSpace)
                }

                /// The dark logo's shapes, about the same anchor in the same box (nil: the light shapes).
                public static let darkShapes: [Shape]? = \(darkShapes)

                /// The launch screen's logo image (the LaunchLogo image set) in pixels at scales 1, 2 and 3.
                public static let launchImagePixels: [(width: Double, height: Double)] = \(pixels(model.launchImagePixels))
                /// The dark logo's image set in pixels at scales 1, 2 and 3 (nil: no dark logo).
                public static let darkLaunchImagePixels: [(width: Double, height: Double)]? = \(model.darkLaunchImagePixels.map(pixels) ?? "nil")
                /// The dark logo's height over its width (nil: no dark logo).
                public static let darkLogoAspect: Double? = \(model.darkAspect.map(d) ?? "nil")

                /// The logo's document box as the launch screen draws it, in points: the image set's image at
                /// its point size (its pixels over the scale the device picks, 1, 2 or 3), centred, its origin
                /// on whole device pixels (UIKit's layout; halves away from zero), plus centerOffset.
                public static func launchFrame(
                    windowWidth: Double, windowHeight: Double, screenScale: Double, dark: Bool = false
                ) -> (x: Double, y: Double, width: Double, height: Double) {
                    let scale = min(3, max(1, Int(screenScale.rounded())))
                    let pixels = ((dark ? darkLaunchImagePixels : nil) ?? launchImagePixels)[scale - 1]
                    let aspect = (dark ? darkLogoAspect : nil) ?? logoHeight / logoWidth
                    let k = Double(scale), density = screenScale > 0 ? screenScale : Double(scale)
                    let width = pixels.width / k, imageHeight = pixels.height / k
                    let x = ((windowWidth - width) / 2 * density).rounded(.toNearestOrAwayFromZero) / density
                    let y = ((windowHeight - imageHeight) / 2 * density).rounded(.toNearestOrAwayFromZero) / density
                    return (x + centerOffset.x, y + centerOffset.y, width, width * aspect)
                }

            """
    }
}
