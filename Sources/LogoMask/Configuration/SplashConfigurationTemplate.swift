import FoundationEssentials
import MaskGeometry

/// A commented `logo-mask.yml` for one logo, with the defaults computed from it: the comments
/// are a fixed template, the values are the configuration's (so the text reads back as
/// ``configuration``), and the comments give the numbers behind them.
public struct SplashConfigurationTemplate: Sendable {
    /// The values the file holds.
    public var configuration: SplashConfiguration
    /// The logo's document size (document units).
    public var documentSize: Size
    /// The device the anchor was searched on (the first of the configuration's devices).
    public var searchDevice: String
    /// The cover search's scale at the anchor; nil when nothing covers the screen or the
    /// search ran out of time.
    public var coverScale: Double?
    /// True when the hole covers the screen from the document's centre, so the file keeps the
    /// default anchor (`center-or-auto`) rather than a searched point.
    public var centreCovers = false
    /// True when the search passed its deadline and the file keeps the default anchor.
    public var searchTimedOut = false

    /// Computes the defaults for `logo`, loaded from `logoPath`, for a file to be written at
    /// `configurationPath` (the logo is written relative to its folder): the anchor is the
    /// commands' default when the centre covers the first device, else the point the cover
    /// search picks there (two decimals); every platform's logo width the shared one.
    public static func make(
        logo: VectorLogo, logoPath: String, configurationPath: String, deadline: Deadline = .none
    ) throws(LogoMaskError) -> SplashConfigurationTemplate {
        let folder = URL(fileURLWithPath: configurationPath).deletingLastPathComponent().path
        var configuration = SplashConfiguration(logo: relativePath(of: logoPath, from: folder))
        let width = configuration.logoWidth
        configuration.ios.logoWidth = width
        configuration.android.logoWidth = width
        configuration.web.logoWidth = width
        let device = configuration.devices[0]
        let placement = Placement(documentSize: logo.documentSize, viewport: device.viewport(), logoWidth: width)
        var scale: Double?
        var timedOut = false
        var centreCovers = false
        do {
            // The commands' own default (the centre when it covers, else the best point), so
            // `generate` places the reveal as `reveal` alone would; a searched point is written
            // out, so every device and output shares it.
            let found = try CoverScale.compute(logo: logo, placement: placement, anchor: .centerOrBest, deadline: deadline)
            if found.anchorChoice == .center {
                configuration.reveal.anchor = .centerOrBest
                centreCovers = true
            } else {
                let rounded = Point(x: (found.anchor.x * 100).rounded() / 100, y: (found.anchor.y * 100).rounded() / 100)
                configuration.reveal.anchor = .point(rounded)
            }
            scale = found.scale
        } catch .noCoverScale, .noCoveringAnchor {
            // A logo with no opaque point: the centre, and the comment says no scale covers.
            configuration.reveal.anchor = .center
        } catch .deadlineExceeded {
            configuration.reveal.anchor = .centerOrBest
            timedOut = true
        }
        return SplashConfigurationTemplate(
            configuration: configuration, documentSize: logo.documentSize, searchDevice: device.name, coverScale: scale,
            centreCovers: centreCovers, searchTimedOut: timedOut)
    }

    /// `path` relative to `folder` (`../art/logo.svg`), both made absolute first.
    static func relativePath(of path: String, from folder: String) -> String {
        let target = URL(fileURLWithPath: path).standardizedFileURL.pathComponents
        let base = URL(fileURLWithPath: folder).standardizedFileURL.pathComponents
        var common = 0
        while common < min(target.count - 1, base.count), target[common] == base[common] { common += 1 }
        let parts = Array(repeating: "..", count: base.count - common) + target[common...]
        return parts.joined(separator: "/")
    }

    /// Writes ``text`` to `path` atomically (written aside, renamed into place).
    public func write(to path: String) throws(LogoMaskError) {
        let file = try AtomicFile(path: path)
        try file.write(Array(text.utf8))
        try file.commit()
    }

    /// The file's text.
    public var text: String {
        let c = configuration
        let size = "\(formatNumber(documentSize.width, decimals: 2)) x \(formatNumber(documentSize.height, decimals: 2))"
        let anchorNote = coverScale.map {
            centreCovers
                ? "the centre covers \(searchDevice) (cover scale \(formatNumber($0, decimals: 3)))"
                : "the centre is in a gap of the logo; the cover search's point on \(searchDevice) (cover scale \(formatNumber($0, decimals: 3)))"
        } ?? (searchTimedOut ? "the cover search on \(searchDevice) ran out of time, so each command searches itself" : "no point of the logo covers \(searchDevice): the centre")
        let known = Device.builtIn.map(\.name).joined(separator: ", ")
        var lines = [
            "# logo-mask.yml: the one source of every splash output (`logo-mask generate`).",
            "# Paths are relative to this file's folder. Every command can read it as its configuration;",
            "# a value given on the command line wins over the key here. Empty means none.",
            "",
            "# The logo, SVG or PDF (document size \(size) units).",
            "logo: \(quote(c.logo))",
            "# A second logo for dark mode.",
            "darkLogo: \(optional(c.darkLogo))",
            "# A colour (#RGB, #RRGGBB, #RRGGBBAA, quoted; or a CSS name) or a linear gradient",
            "# \"FROM,TO[,DEG]\" (CSS angle, default 180). Launch screens take one colour: a gradient's first.",
            "background: \(quote(c.background.text))",
            "# The background in dark mode (writes the dark variants).",
            "darkBackground: \(optional(c.darkBackground?.text))",
            "# The logo's width at launch, unless a platform below gives its own.",
            "logoWidth: \(formatNumber(c.logoWidth))",
            "# Any of \(AssetPlatform.names).",
            "platforms: [\(c.platforms.map(\.rawValue).joined(separator: ", "))]",
            "# Screens of the launch stills, cover scales and previews; the first is the Lottie's and",
            "# the web page's. Built in: \(known).",
            "devices:",
        ]
        lines += c.devices.map { "  - \(quote($0.name))" }
        lines += [
            "# The folder `generate` writes (replaced whole).",
            "output: \(quote(c.output))",
            "# An app project to also write the launch files into, where its tools read them.",
            "into: \(optional(c.into))",
            "",
            "ios:",
            "  # The logo's width on the launch screen, in points.",
            "  logoWidth: \(formatNumber(c.logoWidth(for: .ios)))",
            "android:",
            "  # The logo's width on the launch stills, in dp.",
            "  logoWidth: \(formatNumber(c.logoWidth(for: .android)))",
            "  # circle: the ink inside Android 12's safe circle; canvas: the document box fills the icon canvas.",
            "  iconFit: \(c.android.iconFit.rawValue)",
            "  # The splash icon's background colour (the icon canvas becomes 240 dp).",
            "  iconBackground: \(optional(c.android.iconBackground?.hexString))",
            "  # An animated splash icon playing the reveal's hole motion: twitter or yula.",
            "  animatedIcon: \(c.android.animatedIcon?.rawValue ?? "")",
            "web:",
            "  # The logo's width on the web splash, in CSS pixels.",
            "  logoWidth: \(formatNumber(c.logoWidth(for: .web)))",
            "",
            "reveal:",
            "  # \(RevealPreset.allCases.map(\.rawValue).joined(separator: ", ")); or `spec: mine.json` instead",
            "  # (the JSON format the reveal command prints for a preset's spec).",
        ]
        lines.append(c.reveal.spec.map { "  spec: \(quote($0))" } ?? "  preset: \(c.reveal.preset.rawValue)")
        lines += [
            "  # The whole animation's length in seconds (empty: the preset's own).",
            "  duration: \(c.reveal.duration.map { formatNumber($0) } ?? "")",
            "  # The centre of scaling: center-or-auto (the default: the centre when it covers, else the best point), center, auto, or X,Y in document units; here \(anchorNote).",
            "  anchor: \(optional(c.reveal.anchor?.description))",
            "  # Frames per second of the Lottie and the previews.",
            "  fps: \(formatNumber(c.reveal.fps))",
            "  # The app's first screen under the reveal, a picture (empty: a placeholder).",
            "  content: \(optional(c.reveal.content))",
            "  # The final scale is the cover scale times this.",
            "  margin: \(formatNumber(c.reveal.margin))",
            "",
            "code:",
            "  # The package of the Kotlin files.",
            "  kotlinPackage: \(quote(c.code.kotlinPackage))",
        ]
        // An empty value is written `key:`, with no space after the colon.
        return lines.map { $0.hasSuffix(": ") ? String($0.dropLast()) : $0 }.joined(separator: "\n") + "\n"
    }

    /// A double-quoted YAML scalar.
    private func quote(_ text: String) -> String {
        "\"" + text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
    }

    private func optional(_ text: String?) -> String { text.map(quote) ?? "" }
}
