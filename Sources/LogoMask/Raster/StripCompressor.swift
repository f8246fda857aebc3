import Foundation

/// One strip of a PNG's pixel data, deflated: its bytes continue the image's deflate stream.
struct CompressedStrip: Sendable {
    /// Raw deflate bytes (no zlib header), ending byte-aligned.
    let bytes: [UInt8]
    /// Adler-32 of the strip's filtered scanlines, for the zlib trailer.
    let adler: UInt32
    /// Bytes of filtered scanlines the strip holds.
    let rawLength: Int
}

/// Turns strips of Cairo rows into deflated PNG scanlines, one worker's strips after another.
///
/// Each strip's first row gets the Sub filter and the others the Up filter (see
/// ``PNGRowPacker``), so a strip decodes on its own terms. With ``PNGCompression/fast`` the rows
/// are filtered one at a time into a small buffer and run-length coded (``RunLengthDeflater``),
/// and a row equal to the one above it, most rows of logo art, is coded as zeros without being
/// converted at all; the other levels pack the whole strip and hand it to zlib.
final class StripCompressor {
    private let width: Int
    private let layout: PixelLayout
    private let channels: PNGChannels
    private let compression: PNGCompression
    /// Bytes of one row of Cairo pixels that are image (the stride may pad them).
    private let sourceRowBytes: Int
    /// Bytes of one filtered scanline, filter byte included.
    private let scanline: Int

    // The fast path's rows: pixel bytes of the row above (kept up to date chunk by chunk), the
    // changed chunks of this row, the filtered scanline.
    private let current: UnsafeMutablePointer<UInt8>
    private let previous: UnsafeMutablePointer<UInt8>
    private let filtered: UnsafeMutablePointer<UInt8>
    /// An Up-filtered scanline of zeros: what a row equal to the one above becomes.
    private let zeroRow: UnsafeMutablePointer<UInt8>
    private let runLength: RunLengthDeflater?

    // The zlib path: the whole strip's scanlines, packed.
    private var packed: UnsafeMutablePointer<UInt8>?
    private var packedCapacity = 0
    private let zlib: StripDeflater?

    init(width: Int, layout: PixelLayout, channels: PNGChannels, compression: PNGCompression) throws(LogoMaskError) {
        self.width = width
        self.layout = layout
        self.channels = channels
        self.compression = compression
        sourceRowBytes = width * layout.bytesPerPixel
        scanline = PNGRowPacker.scanlineLength(width: width, channels: channels)
        let fast = compression == .fast
        let rowCapacity = fast ? scanline : 0
        current = .allocate(capacity: rowCapacity)
        previous = .allocate(capacity: rowCapacity)
        filtered = .allocate(capacity: rowCapacity)
        zeroRow = .allocate(capacity: rowCapacity)
        if fast {
            zeroRow.initialize(repeating: 0, count: scanline)
            zeroRow[0] = 2
        }
        runLength = fast ? RunLengthDeflater() : nil
        zlib = fast ? nil : try StripDeflater(level: compression.level, strategy: compression.strategy)
    }

    deinit {
        current.deallocate()
        previous.deallocate()
        filtered.deallocate()
        zeroRow.deallocate()
        packed?.deallocate()
    }

    /// Compresses `rows` rows of Cairo pixels (`stride` bytes apart) as the next strip;
    /// `isLast` ends the deflate stream.
    func compress(_ source: UnsafePointer<UInt8>, stride: Int, rows: Int, isLast: Bool) throws(LogoMaskError) -> CompressedStrip {
        if let runLength {
            return compressRows(source, stride: stride, rows: rows, isLast: isLast, into: runLength)
        }
        return try compressPacked(source, stride: stride, rows: rows, isLast: isLast)
    }

    private func compressRows(
        _ source: UnsafePointer<UInt8>, stride: Int, rows: Int, isLast: Bool, into deflater: RunLengthDeflater
    ) -> CompressedStrip {
        let pixelBytes = scanline - 1
        var adler = adler32Empty
        deflater.begin()
        for row in 0..<rows {
            let pixels = source + row * stride
            if row == 0 {
                // Sub filter; `previous` holds the row's pixel bytes for the Up filter below.
                PNGRowPacker.packPixels(pixels, layout: layout, width: width, channels: channels, into: previous)
                filtered[0] = 1
                PNGRowPacker.subFilter(previous, into: filtered + 1, count: pixelBytes, bytesPerPixel: channels.bytesPerPixel)
            } else if memcmp(pixels, pixels - stride, sourceRowBytes) == 0 {
                // Same pixels as the row above: Up-filtered, all zeros; `previous` stays right.
                adler = adler32Update(adler, UnsafeRawBufferPointer(start: zeroRow, count: scanline))
                deflater.appendZeroRow(filterType: 2, zeros: pixelBytes)
                continue
            } else {
                filtered[0] = 2
                filterUp(pixels, above: pixels - stride)
            }
            adler = adler32Update(adler, UnsafeRawBufferPointer(start: filtered, count: scanline))
            deflater.append(filtered, count: scanline)
        }
        return CompressedStrip(bytes: deflater.finish(isLast: isLast), adler: adler, rawLength: rows * scanline)
    }

    /// Pixels per chunk of the Up filter's comparison with the row above.
    private static let chunkPixels = 16

    /// The Up-filtered bytes of `pixels` into `filtered + 1`, given the Cairo row `above` whose
    /// pixel bytes `previous` holds, and `previous` updated to this row. Only the chunks of
    /// pixels that differ from the row above are converted: an edge crossing a row touches a few
    /// chunks, and equal chunks filter to zeros.
    @inline(__always)
    private func filterUp(_ pixels: UnsafePointer<UInt8>, above: UnsafePointer<UInt8>) {
        let sourceBPP = layout.bytesPerPixel, outBPP = channels.bytesPerPixel
        let out = filtered + 1
        var x = 0
        while x < width {
            let n = min(Self.chunkPixels, width - x)
            let s = x * sourceBPP, o = x * outBPP
            if Self.bytesEqual(pixels + s, above + s, count: n * sourceBPP) {
                (out + o).update(repeating: 0, count: n * outBPP)
            } else {
                PNGRowPacker.packPixels(pixels + s, layout: layout, width: n, channels: channels, into: current + o)
                PNGRowPacker.difference(current + o, minus: previous + o, into: out + o, count: n * outBPP)
                (previous + o).update(from: current + o, count: n * outBPP)
            }
            x += n
        }
    }

    @inline(__always)
    private static func bytesEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, count: Int) -> Bool {
        let ra = UnsafeRawPointer(a), rb = UnsafeRawPointer(b)
        var difference: UInt64 = 0
        var i = 0
        while i + 8 <= count {
            difference |= ra.loadUnaligned(fromByteOffset: i, as: UInt64.self) ^ rb.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            i += 8
        }
        while i < count {
            difference |= UInt64(a[i] ^ b[i])
            i += 1
        }
        return difference == 0
    }

    private func compressPacked(
        _ source: UnsafePointer<UInt8>, stride: Int, rows: Int, isLast: Bool
    ) throws(LogoMaskError) -> CompressedStrip {
        guard let zlib else { throw LogoMaskError.drawingFailed(file: "zlib", reason: "no deflater for \(compression)") }
        let count = rows * scanline
        if packedCapacity < count {
            packed?.deallocate()
            packed = .allocate(capacity: count)
            packedCapacity = count
        }
        guard let packed else { throw LogoMaskError.drawingFailed(file: "zlib", reason: "no strip buffer") }
        PNGRowPacker.pack(source: source, stride: stride, layout: layout, width: width, rows: rows, channels: channels, into: packed)
        let raw = UnsafeRawBufferPointer(start: packed, count: count)
        let (bytes, adler) = try zlib.compress(raw, isLast: isLast)
        return CompressedStrip(bytes: bytes, adler: adler, rawLength: count)
    }
}
