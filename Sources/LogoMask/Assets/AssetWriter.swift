import FoundationEssentials
import MaskGeometry

/// Writes files into the aside folder of an asset run and lists each one with its purpose,
/// size and hash (the manifest's ``AssetManifest/files``).
struct AssetWriter {
    let output: AtomicFolder.Paths
    var files: [AssetManifest.File] = []

    init(output: AtomicFolder) { self.output = output.paths }

    /// A writer of its own for one thread, into the same folder.
    init(paths: AtomicFolder.Paths) { output = paths }

    /// The path to write `relative` at (its folders made).
    func prepare(_ relative: String) throws(LogoMaskError) -> String { try output.path(relative) }

    /// Draws `logo` at `size` into a PNG. The same logo at the same size is drawn once a run
    /// (``VectorLogo/launchPNGs``): the web's logo at 1x-3x is the iOS launch logo's file.
    mutating func png(_ logo: VectorLogo, size: RenderSize, to relative: String, scale: Double, purpose: String) throws(LogoMaskError) {
        let path = try prepare(relative)
        var wrote = false
        let made = try logo.launchPNGs.value(size) { () throws(LogoMaskError) -> LaunchPNG in
            let raster = try Rasterizer.writePNG(of: logo, size: size, to: path)
            wrote = true
            guard let data = FileManager.default.contents(atPath: path) else {
                throw LogoMaskError.cannotWriteOutput(file: path, reason: "it vanished while being written")
            }
            return LaunchPNG(bytes: Array(data), width: raster.width, height: raster.height)
        }
        if !wrote { try write(Data(made.bytes), to: relative, purpose: nil) }
        try list(relative, scale: scale, pixels: (made.width, made.height), purpose: purpose)
    }

    /// Writes an asset catalog `Contents.json`.
    mutating func json(_ object: AssetCatalog.JSON, to relative: String, purpose: String) throws(LogoMaskError) {
        try write(try AssetCatalog.encode(object), to: relative, purpose: purpose)
    }

    /// Writes bytes; `purpose` nil leaves the file out of the list (the manifest itself).
    mutating func write(_ data: Data, to relative: String, purpose: String?) throws(LogoMaskError) {
        let path = try prepare(relative)
        do {
            try data.write(to: URL(fileURLWithPath: path))
        } catch {
            throw LogoMaskError.cannotWriteOutput(file: path, reason: SystemErrorText.describe(error))
        }
        if let purpose { try list(relative, scale: nil, pixels: nil, purpose: purpose) }
    }

    /// Records a file already written at `relative`.
    mutating func list(_ relative: String, scale: Double?, pixels: (Int, Int)?, purpose: String) throws(LogoMaskError) {
        let path = URL(fileURLWithPath: output.temporaryPath).appendingPathComponent(relative).path
        guard let data = FileManager.default.contents(atPath: path) else {
            throw LogoMaskError.cannotWriteOutput(file: path, reason: "it vanished while being written")
        }
        let digest = try SHA256Digest.hex(of: data)
        files.append(AssetManifest.File(
            path: relative, purpose: purpose, pixelWidth: pixels?.0, pixelHeight: pixels?.1, scale: scale,
            bytes: data.count, sha256: digest))
    }
}
