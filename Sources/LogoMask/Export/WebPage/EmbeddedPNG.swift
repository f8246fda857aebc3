import Foundation

/// A picture encoded as PNG bytes in memory, for a `data:` URL in an exported page: RGB when
/// every pixel is opaque (the app content, a background picture), else RGBA with straight
/// (un-premultiplied) colour. No time or text chunks, so the same pixels give the same bytes.
struct EmbeddedPNG {
    /// The PNG file's bytes.
    let bytes: [UInt8]
    /// Pixels across.
    let width: Int
    /// Pixels down.
    let height: Int

    /// Encodes `plane` (premultiplied ARGB32).
    init(plane: PixelPlane) throws(LogoMaskError) {
        try self.init(pixels: UnsafePointer(plane.pixels), width: plane.width, height: plane.height)
    }

    /// Encodes `width` x `height` premultiplied ARGB32 words, rows packed.
    init(pixels: UnsafePointer<UInt32>, width: Int, height: Int) throws(LogoMaskError) {
        guard width > 0, height > 0 else {
            throw LogoMaskError.invalidRequest("an embedded picture must have pixels, not \(width)x\(height).")
        }
        self.width = width
        self.height = height
        let count = width * height
        var opaque = true
        for i in 0..<count where pixels[i] >> 24 != 0xFF {
            opaque = false
            break
        }
        let channels = opaque ? 3 : 4
        let rowBytes = 1 + width * channels
        // Each row: filter type 0 (none), then the samples. Flat pictures (the placeholder,
        // colour fields) deflate to a small fraction of this.
        var raw = [UInt8](repeating: 0, count: rowBytes * height)
        raw.withUnsafeMutableBufferPointer { out in
            guard let base = out.baseAddress else { return }
            for y in 0..<height {
                var o = base + y * rowBytes + 1
                let row = pixels + y * width
                for x in 0..<width {
                    let p = row[x]
                    let a = p >> 24
                    var r = (p >> 16) & 0xFF, g = (p >> 8) & 0xFF, b = p & 0xFF
                    if a != 0xFF, a > 0 {
                        r = min(255, (r * 255 + a / 2) / a)
                        g = min(255, (g * 255 + a / 2) / a)
                        b = min(255, (b * 255 + a / 2) / a)
                    }
                    o[0] = UInt8(r); o[1] = UInt8(g); o[2] = UInt8(b)
                    if channels == 4 { o[3] = UInt8(a) }
                    o += channels
                }
            }
        }
        let deflater = try StripDeflater(level: 6)
        let result: Result<(bytes: [UInt8], adler: UInt32), LogoMaskError> = raw.withUnsafeBytes { buffer in
            do throws(LogoMaskError) { return .success(try deflater.compress(buffer, isLast: true)) } catch { return .failure(error) }
        }
        let (compressed, adler) = try result.get()
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header = [UInt8]()
        Self.appendBigEndian(UInt32(width), to: &header)
        Self.appendBigEndian(UInt32(height), to: &header)
        header += [8, opaque ? 2 : 6, 0, 0, 0]  // depth 8, RGB or RGBA, deflate, filters, no interlace
        Self.appendChunk("IHDR", header, to: &file)
        var data: [UInt8] = [0x78, 0x01]  // zlib header: deflate, 32 KiB window
        data += compressed
        Self.appendBigEndian(adler, to: &data)
        Self.appendChunk("IDAT", data, to: &file)
        Self.appendChunk("IEND", [], to: &file)
        bytes = file
    }

    /// `data:image/png;base64,…`.
    var dataURL: String {
        "data:image/png;base64," + Data(bytes).base64EncodedString()
    }

    private static func appendChunk(_ type: String, _ data: [UInt8], to file: inout [UInt8]) {
        let typeBytes = Array(type.utf8)
        appendBigEndian(UInt32(data.count), to: &file)
        file += typeBytes
        file += data
        appendBigEndian(data.withUnsafeBytes { pngCRC(type: typeBytes, data: $0) }, to: &file)
    }

    private static func appendBigEndian(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes += [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}
