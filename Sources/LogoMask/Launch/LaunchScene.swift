import FoundationEssentials
import MaskGeometry

/// What a platform draws before the app runs: the background colour and the logo's exact rect
/// in points, as the platform places it. The one model of the launch screen: the launch files
/// (storyboard, image set, Android theme and icon, stills) and frame 0 of every reveal output
/// (frames, Lottie, page, code) are made from it, so the reveal starts where the launch screen
/// left the logo.
///
/// - ``Platform/ios``: the `LaunchLogo` image set's image at its point size (its PNG's pixel size
///   over its scale, so 311 px / 3 for a 310.55 px logo), centred on the screen over the colour.
///   UIKit lays views out on whole device pixels, so the image's origin is the centred origin
///   rounded to the nearest device pixel (halves up).
/// - ``Platform/android``: Android 12+'s splash icon, a canvas of 288 dp (240 with an icon
///   background) made `round(side x density)` pixels, centred in the window's pixels by integer
///   halving (`Gravity.CENTER`), with the logo where ``AndroidIconFit`` puts it on that canvas.
/// - ``Platform/web``: the web launch files' placement: the document box `logoWidth` CSS pixels
///   wide, centred, not rounded.
public struct LaunchScene: Sendable, Hashable {
    /// The platform whose launch screen this is.
    public enum Platform: String, Sendable, Hashable, Codable, CaseIterable {
        /// A `LaunchScreen.storyboard` or `UILaunchScreen`.
        case ios
        /// Android 12+'s splash screen (and core-splashscreen's back-port).
        case android
        /// A web page's splash.
        case web
    }

    /// Light or dark mode (which colour and logo the caller passes).
    public enum Appearance: String, Sendable, Hashable, Codable, CaseIterable {
        /// The light appearance.
        case light
        /// The dark appearance.
        case dark
    }

    /// The platform.
    public let platform: Platform
    /// The screen.
    public let viewport: Viewport
    /// The appearance the colour and logo belong to.
    public let appearance: Appearance
    /// The background colour (the colour set, `windowSplashScreenBackground`, the page's).
    public let background: RGBAColor
    /// The logo's document box on the screen, in points, as the platform draws it.
    public let logoFrame: Rect
    /// iOS: the image set's scale the device picks (1, 2 or 3); nil elsewhere.
    public let imageScale: Int?
    /// iOS: the picked PNG's size in pixels (and its pixels per document unit); nil elsewhere.
    public let imagePixels: RasterSize?
    /// Android: the icon canvas on the screen, in points; nil elsewhere.
    public let iconCanvas: Rect?

    /// The launch screen of `logo` on `viewport`: `logoWidth` points wide as the iOS image set
    /// and the web files write it; on Android the icon fit decides the size (`canvas` dp, 288 or
    /// 240, and `fit`).
    ///
    /// - Throws: ``LogoMaskError/invalidParameter(_:_:)`` for a width that is not a positive
    ///   number, ``LogoMaskError/noVisibleInk(file:)`` when Android has nothing to fit.
    public init(
        platform: Platform, logo: VectorLogo, viewport: Viewport, logoWidth: Double, background: RGBAColor,
        appearance: Appearance = .light, androidCanvas: Double = 288, androidFit: AndroidIconFit.Mode = .circle
    ) throws(LogoMaskError) {
        guard logoWidth.isFinite, logoWidth > 0 else {
            throw LogoMaskError.invalidParameter(.logoWidth, "must be a positive number of points, not \(logoWidth).")
        }
        let document = logo.documentSize
        guard document.isUsable else { throw LogoMaskError.noVisibleInk(file: logo.name) }
        self.platform = platform
        self.viewport = viewport
        self.appearance = appearance
        self.background = background
        let d = viewport.density
        switch platform {
        case .ios:
            let scale = Self.imageScale(density: d)
            let pixels = try Self.imagePixels(logo: logo, logoWidth: logoWidth, scale: scale)
            let k = Double(scale)
            let size = Size(width: Double(pixels.width) / k, height: Double(pixels.height) / k)
            let x = ((viewport.size.width - size.width) / 2 * d).rounded(.toNearestOrAwayFromZero) / d
            let y = ((viewport.size.height - size.height) / 2 * d).rounded(.toNearestOrAwayFromZero) / d
            // The PNG draws the document box from its top-left corner, `pixels.width` wide.
            let perUnit = Double(pixels.width) / document.width / k
            logoFrame = Rect(x: x, y: y, width: document.width * perUnit, height: document.height * perUnit)
            imageScale = scale
            imagePixels = pixels
            iconCanvas = nil
        case .android:
            let fit = try AndroidIconFit(logo: logo, canvas: androidCanvas, mode: androidFit)
            let side = Self.androidCanvasPixels(canvas: androidCanvas, density: d)
            let x0 = (viewport.pixelWidth - side) / 2, y0 = (viewport.pixelHeight - side) / 2
            // The drawable's viewport (canvas dp) is stretched over the view's whole pixels.
            let f = Double(side) / androidCanvas
            logoFrame = Rect(
                x: (Double(x0) + fit.offset.x * f) / d, y: (Double(y0) + fit.offset.y * f) / d,
                width: document.width * fit.scale * f / d, height: document.height * fit.scale * f / d)
            iconCanvas = Rect(x: Double(x0) / d, y: Double(y0) / d, width: Double(side) / d, height: Double(side) / d)
            imageScale = nil
            imagePixels = nil
        case .web:
            let height = logoWidth * document.height / document.width
            logoFrame = Rect(
                x: (viewport.size.width - logoWidth) / 2, y: (viewport.size.height - height) / 2, width: logoWidth, height: height)
            imageScale = nil
            imagePixels = nil
            iconCanvas = nil
        }
    }

    /// The image set scale iOS picks for a screen of `density` (the nearest of 1, 2 and 3).
    public static func imageScale(density: Double) -> Int {
        min(3, max(1, Int(density.rounded())))
    }

    /// The pixel size of the image set's PNG at `scale`: `logoWidth x scale` rounded, the height
    /// as the PNG writer makes it (aspect kept, rounded up).
    public static func imagePixels(logo: VectorLogo, logoWidth: Double, scale: Int) throws(LogoMaskError) -> RasterSize {
        let width = max(1, Int((logoWidth * Double(scale)).rounded()))
        return try RenderSize.width(width).resolve(documentSize: logo.documentSize, unitsPerInch: logo.unitsPerInch)
    }

    /// The Android icon view's side in pixels: `canvas` dp at `density`, rounded.
    public static func androidCanvasPixels(canvas: Double, density: Double) -> Int {
        max(1, Int((canvas * density).rounded()))
    }

    /// The logo's placement at launch (scale 1, no rotation): the same document box.
    public func placement(documentSize: Size) -> Placement {
        Placement(
            documentSize: documentSize, viewport: viewport, logoWidth: logoFrame.width,
            center: logoFrame.center)
    }
}
