import Glibc

/// Pixels in memory, in Cairo's layouts (rows of `stride` bytes).
public struct RasterImage: Sendable, Equatable {
    /// The two layouts.
    public enum Format: Sendable, Equatable {
        /// 4 bytes a pixel: native-endian 32-bit words 0xAARRGGBB, colour premultiplied by alpha.
        case premultipliedARGB
        /// 1 byte a pixel: coverage (alpha) only.
        case coverage
    }

    /// Pixels across.
    public let width: Int
    /// Pixels down.
    public let height: Int
    /// The layout.
    public let format: Format
    /// Bytes from one row to the next.
    public let stride: Int
    /// The pixel bytes, `stride * height`.
    public var bytes: [UInt8]

    /// Creates an image over its bytes.
    public init(width: Int, height: Int, format: Format, stride: Int, bytes: [UInt8]) {
        self.width = width; self.height = height; self.format = format; self.stride = stride; self.bytes = bytes
    }

    /// The coverage (alpha) at a pixel, 0...255.
    public func alpha(x: Int, y: Int) -> UInt8 {
        switch format {
        case .coverage: return bytes[y * stride + x]
        case .premultipliedARGB: return bytes[y * stride + 4 * x + 3]  // little-endian words: B, G, R, A
        }
    }

    /// The straight (un-premultiplied) colour at a pixel, rounded as Cairo's PNG writer does.
    public func color(x: Int, y: Int) -> RGBAColor {
        switch format {
        case .coverage:
            let a = bytes[y * stride + x]
            return RGBAColor(red: 0, green: 0, blue: 0, alpha: a)
        case .premultipliedARGB:
            let i = y * stride + 4 * x
            let a = UInt32(bytes[i + 3])
            guard a > 0 else { return .clear }
            func straight(_ c: UInt8) -> UInt8 { UInt8(min(255, (UInt32(c) * 255 + a / 2) / a)) }
            return RGBAColor(red: straight(bytes[i + 2]), green: straight(bytes[i + 1]), blue: straight(bytes[i]), alpha: UInt8(a))
        }
    }

    /// Reads a PNG file (through Cairo) as premultiplied ARGB.
    public init(contentsOfPNG path: String) throws(LogoMaskError) {
        try self.init(surface: try CairoSurface.png(path: path), path: path)
    }

    /// Reads a picture file as premultiplied ARGB: PNG (exactly as ``init(contentsOfPNG:)``),
    /// JPEG, WebP (where this machine's gdk-pixbuf has its loader), GIF (the first frame), TIFF
    /// or BMP, told from the content. An unknown or corrupt picture throws
    /// ``LogoMaskError/unreadableInput(file:reason:)`` naming the file.
    public init(contentsOfPicture path: String) throws(LogoMaskError) {
        try self.init(surface: try CairoSurface.picture(path: path), path: path)
    }

    /// True when the file at `path` starts like a picture ``init(contentsOfPicture:)`` reads
    /// (PNG, JPEG, WebP, GIF, TIFF, BMP) rather than a vector logo. A file that cannot be opened
    /// counts as a picture when ``PNGSignature/isPNGFile(atPath:)`` says so (by its name).
    public static func isPictureFile(atPath path: String) -> Bool {
        if PNGSignature.isPNGFile(atPath: path) { return true }
        guard let fd = FileDescriptorReader.open(path) else { return false }
        defer { close(fd) }
        let head = (try? FileDescriptorReader.read(fd, upTo: 16).get()) ?? []
        return PictureFileFormat.sniff(head) != nil
    }

    /// The pixels of a PNG held in memory (premultiplied ARGB32); `name` stands for the file in errors.
    init(pngBytes: [UInt8], name: String) throws(LogoMaskError) {
        try self.init(surface: try CairoSurface.png(bytes: pngBytes, name: name), path: name)
    }

    private init(surface: CairoSurface, path: String) throws(LogoMaskError) {
        surface.flush()
        let width = surface.imageWidth, height = surface.imageHeight, stride = surface.imageStride
        guard let data = surface.imageData, width > 0, height > 0 else {
            throw LogoMaskError.unreadableInput(file: path, reason: "the picture has no pixels")
        }
        var bytes = Array(UnsafeBufferPointer(start: data, count: stride * height))
        if !surface.isARGB32 {
            // RGB24 leaves the top byte undefined: make it opaque.
            for y in 0..<height { for x in 0..<width { bytes[y * stride + 4 * x + 3] = 255 } }
        }
        self.init(width: width, height: height, format: .premultipliedARGB, stride: stride, bytes: bytes)
    }

    /// Writes the image as a PNG (RGBA for colour, grey for coverage), atomically, in strips on
    /// every core.
    public func writePNG(to path: String, compression: PNGCompression = .fast) throws(LogoMaskError) {
        let layout: PixelLayout = format == .coverage ? .a8 : .argb32
        let channels: PNGChannels = format == .coverage ? .gray : .rgba
        let image = self
        try PNGWriter.write(
            path: path, width: width, height: height, layout: layout, channels: channels, compression: compression
        ) { () throws(LogoMaskError) in
            return { (canvas: StripCanvas, y0: Int, rows: Int) throws(LogoMaskError) in
                let rowBytes = min(canvas.stride, image.stride)
                image.bytes.withUnsafeBufferPointer { source in
                    guard let base = source.baseAddress else { return }
                    for row in 0..<rows {
                        (canvas.buffer + row * canvas.stride).update(from: base + (y0 + row) * image.stride, count: rowBytes)
                    }
                }
            }
        }
    }

    /// The image as a PNG file's bytes in memory (RGBA for colour, grey for coverage), for a
    /// picture embedded in another file (a `data:` URL). Deterministic: no time or text chunks.
    public func pngData(compression: PNGCompression = .balanced) throws(LogoMaskError) -> [UInt8] {
        let layout: PixelLayout = format == .coverage ? .a8 : .argb32
        let channels: PNGChannels = format == .coverage ? .gray : .rgba
        guard bytes.count >= stride * height, stride >= width * layout.bytesPerPixel else {
            throw LogoMaskError.invalidRequest("a \(width)x\(height) picture with \(bytes.count) bytes cannot be encoded")
        }
        let writer = try PNGWriter(width: width, height: height, layout: layout, channels: channels, compression: compression)
        return try bytes.withUnsafeBufferPointer { (source) throws(LogoMaskError) -> [UInt8] in
            guard let base = source.baseAddress else { return [] }
            return try writer.encode(rows: base, stride: stride)
        }
    }
}
