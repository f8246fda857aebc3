import FoundationEssentials
import LogoAnimation
import MaskGeometry

extension AssetGenerator {
    /// What the Android part will write, worked out before the output folder exists so that an
    /// unusable logo or preset fails with nothing written.
    struct AndroidPlan {
        /// The light logo's placement on the canvas.
        var light: AndroidIconFit
        /// The dark logo's, when there is one.
        var dark: AndroidIconFit?
        /// The canvas side in dp.
        var canvas: Double
        /// The animated icon's scene (the reveal on the reference phone), when asked and every
        /// appearance's icon is a vector.
        var motionScene: RevealScene?
        /// The light logo's vector drawable; nil when its icon is a picture.
        var lightDrawable: AndroidVectorDrawable?
        /// The dark logo's vector drawable; nil when its icon is a picture or there is no dark logo.
        var darkDrawable: AndroidVectorDrawable?
        /// Why each appearance's icon is a picture (the drawable's art-changing notes; empty when
        /// the outline holds no shape), by dark or not; absent for a vector icon.
        var pictureReasons: [Bool: [String]] = [:]

        /// The anchor the icon's group turns and scales about (document units).
        var anchor: Point

        init(logo: VectorLogo, options: AssetOptions, anchor: Point) throws(LogoMaskError) {
            self.anchor = anchor
            canvas = AssetGenerator.androidCanvas(iconBackground: options.androidIconBackground)
            light = try AndroidIconFit(logo: logo, canvas: canvas, mode: options.androidFit)
            if let darkLogo = options.darkLogo {
                dark = try AndroidIconFit(logo: darkLogo, canvas: canvas, mode: options.androidFit)
            }
            for (night, source, fit) in [(false, logo, Optional(light)), (true, options.darkLogo, dark)] {
                guard let source, let fit else { continue }
                let icon = try AndroidSplashPicture.icon(of: source, fit: fit, anchor: anchor)
                pictureReasons[night] = icon.pictureReasons
                if night { darkDrawable = icon.drawable } else { lightDrawable = icon.drawable }
            }
            if let preset = options.animatedIcon, pictureReasons.isEmpty {
                // The icon's version of the reveal: the final scale is 1, so the hole's growth past
                // the screen becomes a return to the logo's size on the same curve and times.
                var iconOptions = options
                iconOptions.devices = [AssetGenerator.androidReferenceDevice(options)]
                let scene = try AssetGenerator.launchScene(
                    logo: logo, options: iconOptions, preset: preset, device: iconOptions.devices[0], landscape: false,
                    covers: [AssetManifest.Cover(device: iconOptions.devices[0].name, orientation: "portrait", viewport: "", scale: 1, note: nil)],
                    anchor: anchor)
                let motion = AssetGenerator.iconMotions(scene.exportedTimeline)
                try AndroidAnimatedVectorDrawable.check(preset: preset.rawValue, scale: motion.scale)
                motionScene = scene
            }
        }
    }

    /// The phone whose reveal the animated icon plays: the first Android device of the options
    /// (the Pixel 8 by default), else the first device, else a 412x915 pt phone. Only the hole's
    /// rotation (yula turns towards the top-left corner) depends on it.
    static func androidReferenceDevice(_ options: AssetOptions) -> Device {
        options.devices.first { platform(of: $0) == .android } ?? options.devices.first
            ?? Device(name: "Android phone", width: 412, height: 915, density: 2.625)
    }

    /// The hole's scale and rotation tracks as motions (nil when the reveal does not move them).
    static func iconMotions(_ timeline: ExportedTimeline) -> (scale: AndroidAnimatedVectorDrawable.Motion?, rotation: AndroidAnimatedVectorDrawable.Motion?) {
        func motion(_ track: ExportedTrack<Double>?) -> AndroidAnimatedVectorDrawable.Motion? {
            guard let track, !track.isConstant, track.keyframes.count >= 2 else { return nil }
            return AndroidAnimatedVectorDrawable.Motion(times: track.times, values: track.values, curves: track.curves)
        }
        return (motion(timeline.holeScale), motion(timeline.holeRotation))
    }

    /// Writes the splash icon (vector, animated, or a picture of the PNG densities), themes,
    /// colours and stills.
    static func writeAndroid(
        plan: AndroidPlan, logo: VectorLogo, options: AssetOptions, covers: [AssetManifest.Cover], anchor: Point,
        writer: inout AssetWriter
    ) throws(LogoMaskError) -> (notes: [String], animated: AssetManifest.AnimatedIcon?) {
        var notes: [String] = []
        var animated: AssetManifest.AnimatedIcon?
        let canvas = formatNumber(plan.canvas)
        let circle = formatNumber(plan.canvas * 2 / 3)
        let placed = options.androidFit == .circle ? "the ink fitted inside the \(circle) dp circle" : "the document box filling the canvas"
        for (night, source, fit) in [(false, logo, Optional(plan.light)), (true, options.darkLogo, plan.dark)] {
            guard let source, let fit else { continue }
            let suffix = night ? "-night" : ""
            let appearance = night ? " in dark mode" : ""
            for density in androidDensities {
                let side = Int((plan.canvas * density.scale).rounded())
                let transform = fit.transform.concatenating(.scale(density.scale))
                var image = try Rasterizer.image(of: source, width: side, height: side, transform: transform)
                // What the reveal's frames draw of the logo (its painted region, +2 px), so
                // whatever lies past it is cut as frame 0 cuts it.
                clear(&image, outside: FrameCompositor.region(of: source.paintedRegion, under: transform, width: side, height: side))
                let name = "android/res/drawable\(suffix)-\(density.name)/splash_logo.png"
                try image.writePNG(to: try writer.prepare(name))
                try writer.list(name, scale: density.scale, pixels: (side, side),
                                purpose: "The splash icon as a \(density.name) PNG (\(canvas) dp canvas, \(placed))\(appearance), for launchers before Android 12 or a pre-12 splash drawable.")
            }
            let iconPath = "android/res/drawable\(suffix)/splash_icon.xml"
            guard let drawable = night ? plan.darkDrawable : plan.lightDrawable else {
                // A picture: a <bitmap> of the PNGs just written (see AndroidSplashPicture).
                let picture = AndroidSplashPicture(logoName: source.name, canvas: plan.canvas, placed: placed)
                try writer.write(Data(picture.text.utf8), to: iconPath,
                                 purpose: "The Android 12+ splash icon as a picture\(appearance): a <bitmap> of the density PNGs splash_logo.png (\(canvas) dp canvas, \(placed)); the theme's windowSplashScreenAnimatedIcon.")
                notes.append(AndroidSplashPicture.note(path: iconPath, reasons: plan.pictureReasons[night] ?? []))
                continue
            }
            try writer.write(Data(drawable.text.utf8), to: iconPath,
                             purpose: "The Android 12+ splash icon, a vector drawable on the \(canvas) dp canvas with \(placed)\(appearance); the theme's windowSplashScreenAnimatedIcon.")
            notes += drawable.notes.map { "\(iconPath): \($0)." }
            if let scene = plan.motionScene, let preset = options.animatedIcon {
                let motion = iconMotions(scene.exportedTimeline)
                let icon = try AndroidAnimatedVectorDrawable(
                    drawable: drawable, preset: preset.rawValue, scale: motion.scale, rotation: motion.rotation)
                let path = "android/res/drawable\(suffix)/splash_icon_animated.xml"
                try writer.write(Data(icon.text.utf8), to: path,
                                 purpose: "The splash icon animated as the \(preset.rawValue) reveal's hole (\(icon.durationMilliseconds) ms)\(appearance); the theme's windowSplashScreenAnimatedIcon.")
                notes += icon.notes.map { "\(path): \($0)." }
                animated = AssetManifest.AnimatedIcon(
                    preset: preset.rawValue, durationMilliseconds: icon.durationMilliseconds,
                    handOffTime: icon.handOffTime, handOffRotation: icon.handOffRotation)
            }
        }
        if let preset = options.animatedIcon, !plan.pictureReasons.isEmpty {
            // One animated icon for both appearances or none: the Kotlin hand-off reads one.
            notes.append("android/res/drawable/splash_icon_animated.xml: not written (the animated icon \(preset.rawValue) was asked): the splash icon\(plan.pictureReasons[false] == nil ? " in dark mode" : "") is a picture, which an animated vector drawable cannot move (it animates vector groups); the theme shows the still splash_icon and the exit animation starts from the logo at rest.")
        }

        let icon = animated != nil ? "splash_icon_animated" : "splash_icon"
        for appearance in appearances(options) {
            let night = appearance == .dark
            try writer.write(
                AndroidThemes.themes(icon: icon, iconBackground: options.androidIconBackground != nil,
                                     animationMilliseconds: animated?.durationMilliseconds ?? 0,
                                     background: night ? (options.darkBackground ?? options.background) : options.background, night: night),
                to: "android/res/" + (night ? AndroidThemes.nightThemePath : AndroidThemes.themePath),
                purpose: night
                    ? "The starting theme in dark mode: the same items, the status bar's icons shaded for the dark background (before Android 12)."
                    : "The starting theme Theme.App.Starting for every Android version (androidx core-splashscreen, API 23+): set it on the launcher activity.")
        }
        try writer.write(AndroidThemes.colors(background: options.background, iconBackground: options.androidIconBackground),
                         to: "android/res/values/colors.xml", purpose: "The splash background (and icon background) colours.")
        try writer.write(AndroidThemes.colors(background: options.darkBackground ?? options.background, iconBackground: options.androidIconBackground),
                         to: "android/res/values-night/colors.xml", purpose: "The splash colours in dark mode.")
        try writeStills(logo: logo, options: options, covers: covers, anchor: anchor, platform: .android, writer: &writer)
        return (notes, animated)
    }

    /// Makes every pixel of `image` (premultiplied ARGB32) outside `box` transparent (all of
    /// them when `box` is nil): the same as drawing it clipped to that whole-pixel box.
    private static func clear(_ image: inout RasterImage, outside box: PixelBox?) {
        let box = box ?? PixelBox(x0: 0, y0: 0, x1: 0, y1: 0)
        let stride = image.stride, width = image.width, height = image.height
        image.bytes.withUnsafeMutableBufferPointer { bytes in
            func zero(_ range: Range<Int>) {
                guard !range.isEmpty else { return }
                UnsafeMutableBufferPointer(rebasing: bytes[range]).update(repeating: 0)
            }
            for y in 0..<height {
                let row = y * stride
                guard y >= box.y0, y < box.y1 else {
                    zero(row..<(row + 4 * width))
                    continue
                }
                zero(row..<(row + 4 * max(0, box.x0)))
                zero((row + 4 * min(width, max(0, box.x1)))..<(row + 4 * width))
            }
        }
    }
}
