import FoundationEssentials
import MaskGeometry

/// Everything an app's splash is made from, in one place: the model of a `logo-mask.yml`
/// configuration file (``decode(_:file:)``, ``load(path:)``), written with its computed defaults
/// by ``SplashConfigurationTemplate`` and played in full by ``SplashGenerator``.
///
/// Paths are stored as the file gives them, relative to ``baseFolder`` (the file's folder);
/// ``resolve(_:)`` gives the path to open.
public struct SplashConfiguration: Sendable, Equatable {
    /// The file name the tools look for when none is given.
    public static let defaultFileName = "logo-mask.yml"

    /// The logo: an SVG or PDF file.
    public var logo: String
    /// A second logo for dark mode; nil writes no dark logo.
    public var darkLogo: String?
    /// The splash background.
    public var background: SplashBackground = SplashBackground(text: "white")
    /// The splash background in dark mode; nil writes no dark variants.
    public var darkBackground: SplashBackground?
    /// The logo's width in points (iOS), dp (Android) and CSS pixels (web), unless a platform
    /// gives its own.
    public var logoWidth: Double = Placement.defaultLogoWidth
    /// The platforms to write for, in order.
    public var platforms: [AssetPlatform] = [.ios, .android, .web]
    /// The devices of the launch stills, cover scales and previews; the first one is the screen
    /// of the Lottie and the web page.
    public var devices: [Device] = Device.builtIn
    /// The folder ``SplashGenerator`` writes (replaced whole).
    public var output: String = "splash"
    /// An app project to also write the launch files into, where its tools expect them
    /// (``ProjectInstaller``); nil writes only ``output``.
    public var into: String?
    /// iOS settings.
    public var ios = PlatformSize()
    /// Android settings.
    public var android = Android()
    /// Web settings.
    public var web = PlatformSize()
    /// The reveal animation.
    public var reveal = Reveal()
    /// The generated Swift and Kotlin code.
    public var code = Code()
    /// The folder relative paths are read from: the configuration file's folder ("" for the
    /// working folder).
    public var baseFolder: String = ""

    /// A configuration of `logo` with every other key at its default.
    public init(logo: String) {
        self.logo = logo
    }

    /// The logo size of a platform that has nothing but a width.
    public struct PlatformSize: Sendable, Equatable {
        /// The logo's width on this platform; nil takes ``SplashConfiguration/logoWidth``.
        public var logoWidth: Double?
        /// No width of its own.
        public init(logoWidth: Double? = nil) { self.logoWidth = logoWidth }
    }

    /// Android's splash icon.
    public struct Android: Sendable, Equatable {
        /// The logo's width in dp on the launch stills; nil takes ``SplashConfiguration/logoWidth``.
        public var logoWidth: Double?
        /// Where the logo goes on the Android 12 icon canvas.
        public var iconFit: AndroidIconFit.Mode = .circle
        /// The icon's background colour (the canvas becomes 240 dp); nil for none.
        public var iconBackground: RGBAColor?
        /// The reveal whose hole motion an animated splash icon plays (twitter or yula); nil for none.
        public var animatedIcon: RevealPreset?
        /// The defaults: the icon inside the safe circle, no icon background, no animated icon.
        public init() {}
    }

    /// The reveal: a preset or a spec file, and what changes it.
    public struct Reveal: Sendable, Equatable {
        /// The built-in animation (ignored when ``spec`` is given).
        public var preset: RevealPreset = .twitter
        /// A JSON spec file (the reveal command's format) played instead of the preset.
        public var spec: String?
        /// The whole animation's length in seconds; nil keeps the spec's own.
        public var duration: Double?
        /// The centre of scaling and rotation; nil takes the reveal's default.
        public var anchor: Anchor?
        /// Frames per second of the Lottie and the previews.
        public var fps: Double = 60
        /// The app's first screen under the reveal (a picture); nil draws a placeholder.
        public var content: String?
        /// The final scale is the cover scale times this.
        public var margin: Double = 1
        /// The defaults: twitter at 60 fps, its own duration, covering exactly.
        public init() {}
    }

    /// The generated code.
    public struct Code: Sendable, Equatable {
        /// The Kotlin package of the Android files.
        public var kotlinPackage: String = RevealCode.defaultKotlinPackage
        /// The default package.
        public init() {}
    }

    /// The logo width on `platform`: its own, or the shared one.
    public func logoWidth(for platform: AssetPlatform) -> Double {
        switch platform {
        case .ios: ios.logoWidth ?? logoWidth
        case .android: android.logoWidth ?? logoWidth
        case .web, .pwa: web.logoWidth ?? logoWidth
        case .flutter, .reactNative, .expo, .capacitor, .cordova: logoWidth
        }
    }

    /// The path to open for a path of the file: itself when absolute, else under ``baseFolder``.
    public func resolve(_ path: String) -> String {
        if path.hasPrefix("/") || baseFolder.isEmpty { return path }
        return URL(fileURLWithPath: baseFolder).appendingPathComponent(path).path
    }
}

/// A splash background as the configuration file writes it: a colour (`#RGB`, `#RRGGBB`,
/// `#RRGGBBAA` or a CSS name) or a linear gradient `FROM,TO[,DEG]`.
public struct SplashBackground: Sendable, Hashable, CustomStringConvertible {
    /// The text, as ``RGBAColor/init(parsing:)`` or ``LinearGradient/init(parsing:)`` reads it.
    public var text: String

    /// A background of this text; ``init(parsing:)`` checks it.
    init(text: String) { self.text = text }

    /// Reads a colour or a gradient; nil for anything else.
    public init?(parsing text: String) {
        guard RGBAColor(parsing: text) != nil || LinearGradient(parsing: text) != nil else { return nil }
        self.text = text
    }

    /// The gradient, nil for a flat colour.
    public var gradient: LinearGradient? { RGBAColor(parsing: text) == nil ? LinearGradient(parsing: text) : nil }

    /// The one colour of places that take no gradient (launch-screen colours, the reveal's
    /// background): the colour, or a gradient's first colour.
    public var flatColor: RGBAColor {
        RGBAColor(parsing: text) ?? LinearGradient(parsing: text)?.colors.first ?? .white
    }

    /// The hole's background.
    public var holeBackground: HoleBackground {
        gradient.map { .linearGradient($0) } ?? .color(flatColor)
    }

    /// The text.
    public var description: String { text }
}
