import Foundation

/// A picture encoded as PNG bytes in memory, for a `data:` URL in an exported page: RGBA with
/// straight (un-premultiplied) colour, coded as the PNG writer codes its files
/// (``PNGCompression/fast``). No time or text chunks, so the same pixels give the same bytes.
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
        // The PNG writer's own coder, the whole picture as one strip: rows equal to the row
        // above cost nothing, the others get the Up or Paeth filter and run-length coding.
        let compressor = try StripCompressor(width: width, layout: .argb32, channels: .rgba, compression: .fast)
        let strip = try compressor.compress(
            UnsafeRawPointer(pixels).assumingMemoryBound(to: UInt8.self), stride: width * 4, rows: height, isLast: true)
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header = [UInt8]()
        Self.appendBigEndian(UInt32(width), to: &header)
        Self.appendBigEndian(UInt32(height), to: &header)
        header += [8, PNGChannels.rgba.colorType, 0, 0, 0]  // depth 8, RGBA, deflate, filters, no interlace
        Self.appendChunk("IHDR", header, to: &file)
        var data: [UInt8] = [0x78, 0x01]  // zlib header: deflate, 32 KiB window
        data += strip.bytes
        Self.appendBigEndian(strip.adler, to: &data)
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
