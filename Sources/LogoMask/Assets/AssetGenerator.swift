import Crypto
import Foundation
import MaskGeometry

/// Writes everything an app needs for its splash from one logo, into one folder that appears
/// whole or not at all:
///
/// ```
/// DIR/ios/Assets.xcassets/{LaunchLogo,LaunchLogoVector,SplashHole}.imageset, SplashBackground.colorset
/// DIR/ios/LaunchStills/<device>-<orientation>.png      (when a still renderer is given)
/// DIR/android/res/drawable[-night]-{mdpi..xxxhdpi}/splash_logo.png, values[-night]/colors.xml
/// DIR/web/logo[@2x,@3x,@4x].png, splash-hole.svg
/// DIR/manifest.json
/// ```
public enum AssetGenerator {
    /// Android densities: resource qualifier and scale over mdpi.
    public static let androidDensities: [(name: String, scale: Double)] = [
        ("mdpi", 1), ("hdpi", 1.5), ("xhdpi", 2), ("xxhdpi", 3), ("xxxhdpi", 4),
    ]
    /// Android 12's splash icon canvas, in dp (the icon is masked to a circle of 2/3 of it).
    public static let androidCanvas = 288.0

    /// What a run produced: the manifest and warnings for people (e.g. Android 12's circle).
    public struct Report: Sendable {
        /// The manifest written as `manifest.json`.
        public var manifest: AssetManifest
        /// Warnings, one sentence each.
        public var warnings: [String]
    }

    /// Writes the assets of `logo` into `folder` (replaced whole if it exists).
    public static func write(
        logo: VectorLogo, options: AssetOptions, to folder: String, deadline: Deadline = .none,
        progress: ProgressHandler? = nil
    ) throws(LogoMaskError) -> Report {
        guard options.logoWidth.isFinite, options.logoWidth > 0 else {
            throw LogoMaskError.invalidParameter(.logoWidth, "must be a positive number of points, not \(options.logoWidth).")
        }
        guard !logo.inkBounds.isEmpty else { throw LogoMaskError.noVisibleInk(file: logo.name) }
        let output = try AtomicFolder(path: folder)
        var writer = Writer(output: output)
        var warnings: [String] = []
        let steps = Double(options.platforms.count + 2)
        var done = 0.0
        func step() throws(LogoMaskError) {
            done += 1
            progress?(done / steps)
            try deadline.check(logo.name)
        }

        let android12 = try AlphaBounds.androidSplash(of: logo)
        let covers = coverScales(logo: logo, options: options, deadline: deadline)
        try step()
        if options.platforms.contains(.ios) {
            try writeIOS(logo: logo, options: options, covers: covers, writer: &writer)
            try step()
        }
        if options.platforms.contains(.android) {
            try writeAndroid(logo: logo, options: options, writer: &writer)
            if !android12.fits {
                warnings.append(
                    "\(logo.name): the ink reaches \(formatNumber(android12.ratio, decimals: 3))x the radius of Android 12's splash circle "
                        + "(2/3 of the icon box); the launcher will cut it off. Add padding around the logo so the ratio is at most 1.")
            }
            try step()
        }
        if options.platforms.contains(.web) {
            try writeWeb(logo: logo, options: options, writer: &writer)
            try step()
        }
        let manifest = AssetManifest(
            logo: URL(fileURLWithPath: logo.name).lastPathComponent, documentSize: logo.documentSize,
            inkBounds: logo.inkBounds.nonEmpty, logicalBounds: logo.logicalBounds.nonEmpty,
            anchor: logo.documentBox.center, logoWidth: options.logoWidth,
            background: options.background.hexString, darkBackground: options.darkBackground?.hexString,
            android12: android12, coverScales: covers, files: writer.files.sorted { $0.path < $1.path })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            try writer.write(try encoder.encode(manifest) + Data([0x0A]), to: "manifest.json", listed: false)
        } catch let error as LogoMaskError {
            throw error
        } catch {
            throw LogoMaskError.drawingFailed(file: "manifest.json", reason: "\(error)")
        }
        try output.commit()
        progress?(1)
        return Report(manifest: manifest, warnings: warnings)
    }

    // MARK: - Platforms

    private static func writeIOS(
        logo: VectorLogo, options: AssetOptions, covers: [AssetManifest.Cover], writer: inout Writer
    ) throws(LogoMaskError) {
        let catalog = "ios/Assets.xcassets"
        try writer.json(AssetCatalog.root(), to: "\(catalog)/Contents.json")

        // LaunchLogo: the logo `logoWidth` points wide at @1x, @2x, @3x (dark variants with a dark logo).
        var images: [AssetCatalog.Image] = []
        for (variant, source) in [("", logo), ("-dark", options.darkLogo)] {
            guard let source else { continue }
            for scale in 1...3 {
                let name = "LaunchLogo\(variant)\(scale == 1 ? "" : "@\(scale)x").png"
                let width = Int((options.logoWidth * Double(scale)).rounded())
                try writer.png(source, size: .width(width), to: "\(catalog)/LaunchLogo.imageset/\(name)", scale: Double(scale))
                images.append(AssetCatalog.Image(filename: name, scale: "\(scale)x", dark: !variant.isEmpty))
            }
        }
        try writer.json(AssetCatalog.imageSet(images), to: "\(catalog)/LaunchLogo.imageset/Contents.json")

        // LaunchLogoVector: one PDF per appearance, marked to preserve vector data.
        var vectors: [AssetCatalog.Image] = []
        for (variant, source) in [("", logo), ("-dark", options.darkLogo)] {
            guard let source else { continue }
            let name = "LaunchLogo\(variant).pdf"
            let path = try writer.prepare("\(catalog)/LaunchLogoVector.imageset/\(name)")
            try VectorExporter.write(source, to: path, format: .pdf, scale: options.logoWidth / source.documentSize.width)
            try writer.list("\(catalog)/LaunchLogoVector.imageset/\(name)", scale: nil, pixels: nil)
            vectors.append(AssetCatalog.Image(filename: name, dark: !variant.isEmpty))
        }
        try writer.json(AssetCatalog.imageSet(vectors, preservesVector: true), to: "\(catalog)/LaunchLogoVector.imageset/Contents.json")

        try writer.json(
            AssetCatalog.colorSet(options.background, dark: options.darkBackground),
            to: "\(catalog)/SplashBackground.colorset/Contents.json")

        // SplashHole: the inverted overlay per device class (iPhone @2x and @3x, iPad @2x).
        let classes: [(idiom: String, scale: Int, device: Device)] = [
            ("iphone", 2, Device.named("iPhone SE")), ("iphone", 3, Device.named("iPhone 15")),
            ("ipad", 2, Device.named("iPad Pro 12.9\"")),
        ].compactMap { entry in entry.2.map { (entry.0, entry.1, $0) } }
        var holes: [AssetCatalog.Image] = []
        for (variant, background) in [("", Optional(options.background)), ("-dark", options.darkBackground)] {
            guard let background else { continue }
            let source = variant.isEmpty ? logo : (options.darkLogo ?? logo)
            for (idiom, scale, device) in classes {
                let name = "SplashHole-\(idiom)\(variant)@\(scale)x.png"
                let viewport = Viewport(width: device.width, height: device.height, density: Double(scale))
                let placement = Placement(documentSize: source.documentSize, viewport: viewport, logoWidth: options.logoWidth)
                let path = try writer.prepare("\(catalog)/SplashHole.imageset/\(name)")
                try LogoMasks.writeHolePNG(of: source, placement: placement, background: .color(background), to: path)
                try writer.list("\(catalog)/SplashHole.imageset/\(name)", scale: Double(scale),
                                pixels: (viewport.pixelWidth, viewport.pixelHeight))
                holes.append(AssetCatalog.Image(filename: name, idiom: idiom, scale: "\(scale)x", dark: !variant.isEmpty))
            }
        }
        try writer.json(AssetCatalog.imageSet(holes), to: "\(catalog)/SplashHole.imageset/Contents.json")

        // Launch stills: what the reveal shows at frame 0, for each device and orientation.
        if let preset = options.stillPreset {
            for device in options.devices {
                for landscape in [false, true] {
                    let player = try RevealFramePlayer(
                        scene: try launchScene(logo: logo, options: options, preset: preset, device: device, landscape: landscape,
                                               covers: covers))
                    try player.render(at: 0)
                    let image = player.image()
                    let name = "ios/LaunchStills/\(fileName(device.name))-\(landscape ? "landscape" : "portrait").png"
                    try image.writePNG(to: try writer.prepare(name))
                    try writer.list(name, scale: device.density, pixels: (image.width, image.height))
                }
            }
        }
    }

    /// The reveal scene whose frame 0 is a device's launch still (public so that tests and apps
    /// can render the same frames). The cover scale already computed for the manifest is reused
    /// as the final scale; frame 0 does not depend on it.
    public static func launchScene(
        logo: VectorLogo, options: AssetOptions, preset: RevealPreset, device: Device, landscape: Bool,
        covers: [AssetManifest.Cover] = []
    ) throws(LogoMaskError) -> RevealScene {
        var settings = RevealSettings(viewport: device.viewport(landscape: landscape))
        settings.background = options.background
        settings.logoWidth = options.logoWidth
        let orientation = landscape ? "landscape" : "portrait"
        settings.finalScale = covers.first { $0.device == device.name && $0.orientation == orientation }?.scale ?? 1
        return try RevealScene(logo: logo, spec: preset.spec, settings: settings)
    }

    private static func writeAndroid(logo: VectorLogo, options: AssetOptions, writer: inout Writer) throws(LogoMaskError) {
        for (night, source) in [(false, logo), (true, options.darkLogo)] {
            guard let source else { continue }
            for density in androidDensities {
                let side = Int((androidCanvas * density.scale).rounded())
                // The document box, made square, fills the canvas (the icon box of the Android 12 check).
                let unit = Double(side) / max(source.documentSize.width, source.documentSize.height)
                let transform = Transform.scale(unit).concatenating(.translation(
                    x: (Double(side) - source.documentSize.width * unit) / 2,
                    y: (Double(side) - source.documentSize.height * unit) / 2))
                let image = try Rasterizer.image(of: source, width: side, height: side, transform: transform)
                let name = "android/res/drawable\(night ? "-night" : "")-\(density.name)/splash_logo.png"
                try image.writePNG(to: try writer.prepare(name))
                try writer.list(name, scale: density.scale, pixels: (side, side))
            }
        }
        func colors(_ color: RGBAColor) -> Data {
            // Android writes #AARRGGBB.
            let argb = String(format: "#%02X%02X%02X%02X", color.alpha, color.red, color.green, color.blue)
            return Data("""
                <?xml version="1.0" encoding="utf-8"?>
                <resources>
                    <color name="splash_background">\(argb)</color>
                </resources>

                """.utf8)
        }
        try writer.write(colors(options.background), to: "android/res/values/colors.xml")
        try writer.write(colors(options.darkBackground ?? options.background), to: "android/res/values-night/colors.xml")
    }

    private static func writeWeb(logo: VectorLogo, options: AssetOptions, writer: inout Writer) throws(LogoMaskError) {
        for scale in 1...4 {
            let name = "web/logo\(scale == 1 ? "" : "@\(scale)x").png"
            try writer.png(logo, size: .width(Int((options.logoWidth * Double(scale)).rounded())), to: name, scale: Double(scale))
        }
        // The hole overlay on a phone-sized page (CSS pixels), to scale with `background-size: cover`.
        let viewport = Viewport(width: 393, height: 852, density: 1)
        let placement = Placement(documentSize: logo.documentSize, viewport: viewport, logoWidth: options.logoWidth)
        let path = try writer.prepare("web/splash-hole.svg")
        try VectorHole.write(of: logo, placement: placement, background: .color(options.background), format: .svg, to: path)
        try writer.list("web/splash-hole.svg", scale: nil, pixels: nil)
    }

    private static func coverScales(logo: VectorLogo, options: AssetOptions, deadline: Deadline) -> [AssetManifest.Cover] {
        var covers: [AssetManifest.Cover] = []
        for device in options.devices {
            for landscape in [false, true] {
                let viewport = device.viewport(landscape: landscape)
                let placement = Placement(documentSize: logo.documentSize, viewport: viewport, logoWidth: options.logoWidth)
                var entry = AssetManifest.Cover(
                    device: device.name, orientation: landscape ? "landscape" : "portrait",
                    viewport: viewport.description, scale: nil, note: nil)
                do {
                    entry.scale = try CoverScale.compute(logo: logo, placement: placement, deadline: deadline).scale
                } catch {
                    entry.note = error.description
                }
                covers.append(entry)
            }
        }
        return covers
    }

    private static func fileName(_ text: String) -> String {
        String(text.map { $0.isLetter || $0.isNumber ? $0 : "-" }).replacingOccurrences(of: "--", with: "-")
            .trimmingCharacters(in: CharacterSet(charactersIn: "-"))
    }

    /// Writes files into the aside folder and lists each one with its size and hash.
    private struct Writer {
        let output: AtomicFolder
        var files: [AssetManifest.File] = []

        init(output: AtomicFolder) { self.output = output }

        func prepare(_ relative: String) throws(LogoMaskError) -> String { try output.path(relative) }

        mutating func png(_ logo: VectorLogo, size: RenderSize, to relative: String, scale: Double) throws(LogoMaskError) {
            let raster = try Rasterizer.writePNG(of: logo, size: size, to: try prepare(relative))
            try list(relative, scale: scale, pixels: (raster.width, raster.height))
        }

        mutating func json(_ object: [String: Any], to relative: String) throws(LogoMaskError) {
            try write(try AssetCatalog.encode(object), to: relative)
        }

        mutating func write(_ data: Data, to relative: String, listed: Bool = true) throws(LogoMaskError) {
            let path = try prepare(relative)
            do {
                try data.write(to: URL(fileURLWithPath: path))
            } catch {
                throw LogoMaskError.cannotWriteOutput(file: path, reason: error.localizedDescription)
            }
            if listed { try list(relative, scale: nil, pixels: nil) }
        }

        /// Records a file already written at `relative`.
        mutating func list(_ relative: String, scale: Double?, pixels: (Int, Int)?) throws(LogoMaskError) {
            let path = URL(fileURLWithPath: output.temporaryPath).appendingPathComponent(relative).path
            guard let data = FileManager.default.contents(atPath: path) else {
                throw LogoMaskError.cannotWriteOutput(file: path, reason: "it vanished while being written")
            }
            let digest = SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
            files.append(AssetManifest.File(
                path: relative, pixelWidth: pixels?.0, pixelHeight: pixels?.1, scale: scale, bytes: data.count, sha256: digest))
        }
    }
}
