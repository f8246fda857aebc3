import FoundationEssentials
import MaskGeometry

extension SplashConfiguration {
    /// The top-level keys, in the order the template writes them.
    static let topKeys = [
        "logo", "darkLogo", "background", "darkBackground", "logoWidth", "platforms", "devices", "output", "into",
        "ios", "android", "web", "reveal", "code",
    ]
    static let androidKeys = ["logoWidth", "iconFit", "iconBackground", "animatedIcon"]
    static let revealKeys = ["preset", "spec", "duration", "anchor", "fps", "content", "margin"]

    /// Reads the configuration file at `path`; relative paths in it are read from its folder.
    ///
    /// - Throws: ``LogoMaskError/unreadableInput(file:reason:)`` when the file cannot be read,
    ///   ``LogoMaskError/invalidConfiguration(file:line:key:problem:)`` for a syntax error, an
    ///   unknown key or a bad value.
    public static func load(path: String) throws(LogoMaskError) -> SplashConfiguration {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw LogoMaskError.unreadableInput(file: path, reason: SystemErrorText.describe(error))
        }
        var configuration = try decode(String(decoding: data, as: UTF8.self), file: path)
        configuration.baseFolder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        return configuration
    }

    /// Reads a configuration from YAML text; `file` names it in errors. Paths stay as written
    /// (``baseFolder`` is empty).
    public static func decode(_ text: String, file: String) throws(LogoMaskError) -> SplashConfiguration {
        let reader = ConfigurationReader(file: file)
        let root = try YAMLDocument.parse(text, file: file)
        let entries = try reader.entries(root, path: "", allowed: topKeys)
        guard let logoEntry = entries.first(where: { $0.key == "logo" }) else {
            throw LogoMaskError.invalidConfiguration(
                file: file, line: root.line, key: "logo", problem: "missing; give the logo's SVG or PDF file (relative to this file's folder)")
        }
        var configuration = SplashConfiguration(logo: try reader.text(logoEntry.value, path: "logo", expecting: "a path to an SVG or PDF file"))
        for entry in entries {
            try configuration.read(entry, reader)
        }
        return configuration
    }

    private mutating func read(_ entry: YAMLEntry, _ reader: ConfigurationReader) throws(LogoMaskError) {
        let node = entry.value, path = entry.key
        switch entry.key {
        case "darkLogo": darkLogo = try reader.optionalText(node, path: path, expecting: "a path to an SVG or PDF file")
        case "background": background = try reader.background(node, path: path)
        case "darkBackground":
            darkBackground = try reader.optionalText(node, path: path, expecting: "a colour") == nil ? nil : try reader.background(node, path: path)
        case "logoWidth": logoWidth = try reader.positiveNumber(node, path: path, of: "points")
        case "platforms":
            platforms = []
            for item in try reader.list(node, path: path, expecting: AssetPlatform.names) {
                guard let platform = AssetPlatform(rawValue: item.text) else {
                    throw reader.fail(item.node, path, "\"\(item.text)\" is not one of \(AssetPlatform.names)")
                }
                if !platforms.contains(platform) { platforms.append(platform) }
            }
            if platforms.isEmpty { throw reader.fail(node, path, "is empty; give at least one of \(AssetPlatform.names)") }
        case "devices":
            devices = []
            let known = Device.builtIn.map(\.name).joined(separator: ", ")
            for item in try reader.list(node, path: path, expecting: "device names") {
                guard let device = Device.named(item.text) else {
                    throw reader.fail(item.node, path, "\"\(item.text)\" is not a built-in device; the devices are \(known)")
                }
                devices.append(device)
            }
            if devices.isEmpty { throw reader.fail(node, path, "is empty; give at least one of \(known)") }
        case "output": output = try reader.text(node, path: path, expecting: "a folder")
        case "into": into = try reader.optionalText(node, path: path, expecting: "an app project's folder")
        case "ios": ios = try Self.platformSize(node, path: path, reader)
        case "web": web = try Self.platformSize(node, path: path, reader)
        case "android": try readAndroid(node, reader)
        case "reveal": try readReveal(node, reader)
        case "code":
            for item in try reader.entries(node, path: path, allowed: ["kotlinPackage"]) {
                code.kotlinPackage = try reader.text(item.value, path: "code.kotlinPackage", expecting: "a Kotlin package name")
            }
        default: break  // logo, read first
        }
    }

    private static func platformSize(_ node: YAMLNode, path: String, _ reader: ConfigurationReader) throws(LogoMaskError) -> PlatformSize {
        var size = PlatformSize()
        for entry in try reader.entries(node, path: path, allowed: ["logoWidth"]) {
            size.logoWidth = try reader.positiveNumber(entry.value, path: reader.join(path, entry.key), of: "points")
        }
        return size
    }

    private mutating func readAndroid(_ node: YAMLNode, _ reader: ConfigurationReader) throws(LogoMaskError) {
        for entry in try reader.entries(node, path: "android", allowed: Self.androidKeys) {
            let path = "android.\(entry.key)"
            switch entry.key {
            case "logoWidth": android.logoWidth = try reader.positiveNumber(entry.value, path: path, of: "dp")
            case "iconFit": android.iconFit = try reader.choice(entry.value, path: path, of: AndroidIconFit.Mode.self)
            case "iconBackground":
                android.iconBackground = try reader.optionalText(entry.value, path: path, expecting: "a colour") == nil
                    ? nil : try reader.color(entry.value, path: path)
            default:
                guard try reader.optionalText(entry.value, path: path, expecting: "twitter or yula") != nil else {
                    android.animatedIcon = nil
                    continue
                }
                let preset = try reader.choice(entry.value, path: path, of: RevealPreset.self)
                guard preset == .twitter || preset == .yula else {
                    throw reader.fail(entry.value, path, "\"\(preset.rawValue)\" moves no hole; an animated icon plays twitter or yula")
                }
                android.animatedIcon = preset
            }
        }
    }

    private mutating func readReveal(_ node: YAMLNode, _ reader: ConfigurationReader) throws(LogoMaskError) {
        let entries = try reader.entries(node, path: "reveal", allowed: Self.revealKeys)
        if entries.contains(where: { $0.key == "preset" }), let spec = entries.first(where: { $0.key == "spec" }) {
            throw reader.fail(spec.value, "reveal.spec", "give reveal.preset or reveal.spec, not both")
        }
        for entry in entries {
            let path = "reveal.\(entry.key)"
            switch entry.key {
            case "preset": reveal.preset = try reader.choice(entry.value, path: path, of: RevealPreset.self)
            case "spec": reveal.spec = try reader.text(entry.value, path: path, expecting: "a JSON spec file")
            case "duration":
                reveal.duration = try reader.optionalText(entry.value, path: path, expecting: "seconds") == nil
                    ? nil : try reader.positiveNumber(entry.value, path: path, of: "seconds")
            case "fps": reveal.fps = try reader.positiveNumber(entry.value, path: path, of: "frames per second", atMost: 240)
            case "margin": reveal.margin = try reader.positiveNumber(entry.value, path: path, of: "times the cover scale")
            case "content": reveal.content = try reader.optionalText(entry.value, path: path, expecting: "a picture file")
            default:
                let expecting = "center-or-auto, center, auto or X,Y in document units"
                guard let text = try reader.optionalText(entry.value, path: path, expecting: expecting) else {
                    reveal.anchor = nil
                    continue
                }
                guard let anchor = Anchor(parsing: text) else { throw reader.fail(entry.value, path, "\"\(text)\" is not \(expecting)") }
                reveal.anchor = anchor
            }
        }
    }
}
