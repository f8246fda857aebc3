import FoundationEssentials
import MaskGeometry

/// A raster picture embedded in a Lottie: PNG bytes as a `data:` URL in an image asset
/// (`{"id", "w", "h", "u": "", "p": "data:image/png;base64,…", "e": 1}`), so the file needs
/// nothing beside it.
struct LottiePicture {
    /// The PNG file's bytes.
    let png: [UInt8]
    /// Width in pixels.
    let width: Int
    /// Height in pixels.
    let height: Int

    /// A picture of a PNG file's bytes; nil when they are not a PNG.
    init?(png: [UInt8]) {
        // The signature, then IHDR's length and type, then width and height (big-endian).
        guard png.count >= 24, png[0] == 0x89, png[1] == 0x50, png[2] == 0x4E, png[3] == 0x47 else { return nil }
        func word(_ at: Int) -> Int { png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        width = word(16)
        height = word(20)
        guard width > 0, height > 0 else { return nil }
        self.png = png
    }

    /// `image` encoded as a PNG by the library's writer, in memory.
    init(image: RasterImage) throws(LogoMaskError) {
        guard let picture = LottiePicture(png: try image.pngData()) else {
            throw LogoMaskError.drawingFailed(file: "embedded picture", reason: "the PNG writer returned no PNG")
        }
        self = picture
    }

    /// A picture file: a PNG read whole, any other picture re-encoded as PNG.
    init(contentsOf path: String) throws(LogoMaskError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw LogoMaskError.unreadableInput(file: path, reason: "no such file, or not readable")
        }
        // A PNG is embedded as it is; another picture (JPEG, WebP...) as the PNG of its pixels.
        if let picture = LottiePicture(png: Array(data)) {
            self = picture
        } else {
            self = try LottiePicture(image: try RasterImage(contentsOfPicture: path))
        }
    }

    /// The image asset `id`.
    func asset(id: String, name: String) -> LottieJSON {
        .object([
            "id": .string(id), "nm": .string(name), "w": .int(width), "h": .int(height), "u": .string(""),
            "p": .string("data:image/png;base64," + Data(png).base64EncodedString()), "e": .int(1),
        ])
    }
}
