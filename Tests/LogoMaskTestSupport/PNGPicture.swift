import Foundation

/// A PNG's width and height.
public struct PNGSize: Hashable, Sendable, CustomStringConvertible {
    /// Pixels across.
    public let width: Int
    /// Pixels down.
    public let height: Int

    /// A size of `width` x `height` pixels.
    public init(_ width: Int, _ height: Int) {
        self.width = width
        self.height = height
    }

    /// WIDTHxHEIGHT.
    public var description: String { "\(width)x\(height)" }
}

/// Width and height from a PNG file's IHDR, read without decoding; nil when it is not a PNG.
public func pngSize(_ path: String) -> PNGSize? {
    guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
    defer { try? handle.close() }
    let head = [UInt8](handle.readData(ofLength: 24))
    guard head.count == 24, head[0..<8].elementsEqual(PNGPicture.signature), head[12...15].elementsEqual(Array("IHDR".utf8))
    else { return nil }
    return PNGSize(PNGPicture.bigEndian(head, 16), PNGPicture.bigEndian(head, 20))
}

/// A PNG decoded to straight 8-bit RGBA, independently of the library under test (zlib
/// inflates; the filters are undone here), and written back for diff pictures. Reads the
/// non-interlaced 8-bit PNGs logo-mask, rsvg-convert and ffmpeg write: grey, grey+alpha, RGB,
/// RGBA and palette, with tRNS.
public struct PNGPicture: Equatable, Sendable {
    /// Pixels across.
    public let width: Int
    /// Pixels down.
    public let height: Int
    /// Row after row, 4 bytes a pixel, straight (not premultiplied) R, G, B, A.
    public var rgba: [UInt8]

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// A picture of `width` x `height` pixels, all `fill`.
    public init(width: Int, height: Int, fill: [UInt8] = [0, 0, 0, 0]) {
        self.width = width
        self.height = height
        self.rgba = [UInt8](repeating: 0, count: width * height * 4)
        if fill != [0, 0, 0, 0] {
            for q in stride(from: 0, to: rgba.count, by: 4) { rgba.replaceSubrange(q..<(q + 4), with: fill) }
        }
    }

    /// Decodes the PNG file at `path`.
    public init(contentsOf path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else { throw PNGReadError(path, "cannot be read") }
        let bytes = [UInt8](data)
        guard bytes.count > 8, bytes[0..<8].elementsEqual(Self.signature) else { throw PNGReadError(path, "is not a PNG") }
        var offset = 8
        var header: [UInt8] = [], palette: [UInt8] = [], transparency: [UInt8] = [], compressed: [UInt8] = []
        while offset + 12 <= bytes.count {
            let length = Self.bigEndian(bytes, offset)
            guard length >= 0, offset + 12 + length <= bytes.count else { throw PNGReadError(path, "has a truncated chunk") }
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let body = Array(bytes[(offset + 8)..<(offset + 8 + length)])
            switch type {
            case "IHDR": header = body
            case "PLTE": palette = body
            case "tRNS": transparency = body
            case "IDAT": compressed += body
            default: break
            }
            offset += 12 + length
            if type == "IEND" { break }
        }
        guard header.count == 13 else { throw PNGReadError(path, "has no IHDR") }
        let width = Self.bigEndian(header, 0), height = Self.bigEndian(header, 4)
        let depth = header[8], colorType = header[9]
        guard depth == 8, header[12] == 0 else {
            throw PNGReadError(path, "is \(depth)-bit or interlaced; only 8-bit non-interlaced PNGs are read")
        }
        let channels: Int
        switch colorType {
        case 0, 3: channels = 1
        case 4: channels = 2
        case 2: channels = 3
        case 6: channels = 4
        default: throw PNGReadError(path, "has colour type \(colorType)")
        }
        let stride = width * channels
        guard width > 0, height > 0,
              let raw = inflateZlib(compressed, length: height * (stride + 1)) else {
            throw PNGReadError(path, "has image data that does not inflate to \(width)x\(height)")
        }
        let rows = try Self.unfilter(raw, stride: stride, height: height, bytesPerPixel: channels, path: path)
        self.init(width: width, height: height)
        for index in 0..<(width * height) {
            let p = index * channels, q = index * 4
            switch colorType {
            case 0:
                let grey = rows[p]
                let transparent = transparency.count == 2 && Self.bigEndian16(transparency, 0) == Int(grey)
                rgba[q] = grey; rgba[q + 1] = grey; rgba[q + 2] = grey; rgba[q + 3] = transparent ? 0 : 255
            case 4:
                rgba[q] = rows[p]; rgba[q + 1] = rows[p]; rgba[q + 2] = rows[p]; rgba[q + 3] = rows[p + 1]
            case 2:
                rgba[q] = rows[p]; rgba[q + 1] = rows[p + 1]; rgba[q + 2] = rows[p + 2]
                let transparent = transparency.count == 6 && Self.bigEndian16(transparency, 0) == Int(rows[p])
                    && Self.bigEndian16(transparency, 2) == Int(rows[p + 1]) && Self.bigEndian16(transparency, 4) == Int(rows[p + 2])
                rgba[q + 3] = transparent ? 0 : 255
            case 3:
                let entry = Int(rows[p])
                guard entry * 3 + 2 < palette.count else { throw PNGReadError(path, "uses palette entry \(entry) it lacks") }
                rgba[q] = palette[entry * 3]; rgba[q + 1] = palette[entry * 3 + 1]; rgba[q + 2] = palette[entry * 3 + 2]
                rgba[q + 3] = entry < transparency.count ? transparency[entry] : 255
            default:
                rgba[q] = rows[p]; rgba[q + 1] = rows[p + 1]; rgba[q + 2] = rows[p + 2]; rgba[q + 3] = rows[p + 3]
            }
        }
    }

    /// The pixel at (`x`, `y`): R, G, B, A.
    public func pixel(x: Int, y: Int) -> [UInt8] {
        let q = (y * width + x) * 4
        return Array(rgba[q..<(q + 4)])
    }

    /// Sets the pixel at (`x`, `y`).
    public mutating func setPixel(x: Int, y: Int, _ value: [UInt8]) {
        let q = (y * width + x) * 4
        rgba.replaceSubrange(q..<(q + 4), with: value)
    }

    /// Writes the picture as an 8-bit RGBA PNG.
    public func write(to path: String) throws {
        var raw: [UInt8] = []
        raw.reserveCapacity(height * (width * 4 + 1))
        for y in 0..<height {
            raw.append(0)
            raw += rgba[(y * width * 4)..<((y + 1) * width * 4)]
        }
        var file = Self.signature
        func chunk(_ type: String, _ body: [UInt8]) {
            let typed = Array(type.utf8) + body
            file += Self.bigEndianBytes(UInt32(body.count)) + typed + Self.bigEndianBytes(pngCRC(typed))
        }
        chunk("IHDR", Self.bigEndianBytes(UInt32(width)) + Self.bigEndianBytes(UInt32(height)) + [8, 6, 0, 0, 0])
        chunk("IDAT", deflateZlib(raw))
        chunk("IEND", [])
        try Data(file).write(to: URL(fileURLWithPath: path))
    }

    /// Undoes the five PNG filters, row by row.
    private static func unfilter(_ raw: [UInt8], stride: Int, height: Int, bytesPerPixel bpp: Int, path: String) throws -> [UInt8] {
        var out = [UInt8](repeating: 0, count: stride * height)
        for y in 0..<height {
            let filter = raw[y * (stride + 1)]
            let source = y * (stride + 1) + 1, row = y * stride, above = row - stride
            for i in 0..<stride {
                let a = i >= bpp ? Int(out[row + i - bpp]) : 0
                let b = y > 0 ? Int(out[above + i]) : 0
                let c = i >= bpp && y > 0 ? Int(out[above + i - bpp]) : 0
                let predictor: Int
                switch filter {
                case 0: predictor = 0
                case 1: predictor = a
                case 2: predictor = b
                case 3: predictor = (a + b) / 2
                case 4:
                    let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                    predictor = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                default: throw PNGReadError(path, "has filter type \(filter) on row \(y)")
                }
                out[row + i] = UInt8(truncatingIfNeeded: Int(raw[source + i]) + predictor)
            }
        }
        return out
    }

    static func bigEndian(_ bytes: [UInt8], _ offset: Int) -> Int {
        Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
    }

    private static func bigEndian16(_ bytes: [UInt8], _ offset: Int) -> Int {
        Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
    }

    private static func bigEndianBytes(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}

/// A file that is not a PNG this reader can decode.
public struct PNGReadError: Error, CustomStringConvertible {
    /// The file and what is wrong with it.
    public let description: String
    init(_ path: String, _ problem: String) { description = "\(path) \(problem)" }
}
