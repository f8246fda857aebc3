import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Turns strips of Cairo rows into deflated PNG scanlines, one worker's strips after another.
///
/// Each strip's first row gets the Sub filter, so a strip decodes on its own terms (see
/// ``PNGRowPacker``). With ``PNGCompression/fast`` the rows are filtered one at a time into small
/// buffers and run-length coded (`RunLengthDeflater`): a row equal to the one above it, most
/// rows of logo art, is coded as Up-filtered zeros without being converted at all; any other row
/// is compared with the row above in chunks of 16 pixels, only the chunks that changed are
/// converted, and the row gets the Up or the Paeth filter, whichever leaves the smaller residuals
/// there (libpng's heuristic; Paeth follows antialiased diagonal edges and took debridlink at
/// 1024 px from 20.5 to 16.1 KB). The other levels also pack the whole strip for zlib's LZ77
/// and keep whichever coding is smaller.
final class StripCompressor {
    private let width: Int
    private let layout: PixelLayout
    private let channels: PNGChannels
    private let compression: PNGCompression
    /// Bytes of one row of Cairo pixels that are image (the stride may pad them).
    private let sourceRowBytes: Int
    /// Bytes of one filtered scanline, filter byte included.
    private let scanline: Int

    // The fast path's rows: the pixel bytes of the row above (whole) and of this row (valid in
    // the changed spans only), and the scanline filtered each way, filter byte first. The two
    // filtered lines are zeros outside the spans being written, and are put back to zeros after
    // each row, so an unchanged pixel costs no write at all.
    private let current: UnsafeMutablePointer<UInt8>
    private let previous: UnsafeMutablePointer<UInt8>
    private let upLine: UnsafeMutablePointer<UInt8>
    private let paethLine: UnsafeMutablePointer<UInt8>
    /// The changed spans of the row being filtered: byte ranges `[start, end)` of its pixel
    /// bytes, in pairs, made of whole chunks that differ from the row above.
    private let spans: UnsafeMutablePointer<Int>
    private var spanCount = 0
    private let runLength: RunLengthDeflater

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
        let rowCapacity = scanline
        current = .allocate(capacity: rowCapacity)
        previous = .allocate(capacity: rowCapacity)
        upLine = .allocate(capacity: rowCapacity)
        paethLine = .allocate(capacity: rowCapacity)
        upLine.initialize(repeating: 0, count: rowCapacity)
        paethLine.initialize(repeating: 0, count: rowCapacity)
        spans = .allocate(capacity: 2 * (width / Self.chunkPixels + 2))
        runLength = RunLengthDeflater()
        zlib = try compression.zlibLevel.map { (level: Int32) throws(LogoMaskError) in try StripDeflater(level: level) }
    }

    deinit {
        current.deallocate()
        previous.deallocate()
        upLine.deallocate()
        paethLine.deallocate()
        spans.deallocate()
        packed?.deallocate()
    }

    /// Compresses `rows` rows of Cairo pixels (`stride` bytes apart) as the next strip;
    /// `isLast` ends the deflate stream.
    func compress(_ source: UnsafePointer<UInt8>, stride: Int, rows: Int, isLast: Bool) throws(LogoMaskError) -> CompressedStrip {
        try compress(source, stride: stride, rows: rows, isLast: isLast, clearing: nil)
    }

    /// The same, leaving the rows at `source` all zeros (`stride` bytes each), ready for the
    /// next strip to be drawn into: each row is cleared as soon as the row below it has been
    /// filtered, while it is still in the cache, instead of in a pass of its own over a strip
    /// that does not fit in it. Rows known to be zeros already (a run of rows equal to a first
    /// all-zero one) are not written, so pages that never held ink stay the kernel's.
    func compressAndClear(_ source: UnsafeMutablePointer<UInt8>, stride: Int, rows: Int, isLast: Bool) throws(LogoMaskError) -> CompressedStrip {
        try compress(source, stride: stride, rows: rows, isLast: isLast, clearing: source)
    }

    private func compress(
        _ source: UnsafePointer<UInt8>, stride: Int, rows: Int, isLast: Bool, clearing: UnsafeMutablePointer<UInt8>?
    ) throws(LogoMaskError) -> CompressedStrip {
        runLength.begin()
        guard let zlib else {
            let adler = filterRows(source, stride: stride, rows: rows, into: .runLength(runLength), clearing: clearing)
            return CompressedStrip(bytes: runLength.finish(isLast: isLast), adler: adler, rawLength: rows * scanline)
        }
        // The slower levels: the same scanlines through zlib's LZ77 too, keeping the smaller.
        let packed = try packedScanlines(rows: rows)
        _ = filterRows(source, stride: stride, rows: rows, into: .buffer(packed), clearing: clearing)
        return try compressPacked(zlib, rows: rows, isLast: isLast)
    }

    /// Compresses `rows` fully transparent rows (all zeros) as the next strip, without pixels to
    /// read: the bytes ``compress(_:stride:rows:isLast:)`` gives for such rows. The first row is
    /// Sub-filtered zeros, the others Up-filtered zeros, as ``filterRows`` makes them.
    func compressTransparent(rows: Int, isLast: Bool) throws(LogoMaskError) -> CompressedStrip {
        runLength.begin()
        let pixelBytes = scanline - 1
        guard let zlib else {
            var adler = adler32Empty
            var filter: [UInt8] = [1, 2]  // Sub, then Up
            filter.withUnsafeMutableBufferPointer { filter in
                guard let sub = filter.baseAddress else { return }
                for row in 0..<rows {
                    let type = row == 0 ? sub : sub + 1
                    adler = adler32Update(adler, UnsafeRawBufferPointer(start: type, count: 1))
                    runLength.append(type, count: 1)
                    adler = adler32AppendingZeros(adler, count: pixelBytes)
                    runLength.appendZeros(pixelBytes)
                }
            }
            return CompressedStrip(bytes: runLength.finish(isLast: isLast), adler: adler, rawLength: rows * scanline)
        }
        let packed = try packedScanlines(rows: rows)
        packed.update(repeating: 0, count: rows * scanline)
        for row in 0..<rows { packed[row * scanline] = row == 0 ? 1 : 2 }
        return try compressPacked(zlib, rows: rows, isLast: isLast)
    }

    /// The buffer for `rows` packed scanlines (the zlib levels), grown when needed.
    private func packedScanlines(rows: Int) throws(LogoMaskError) -> UnsafeMutablePointer<UInt8> {
        let count = rows * scanline
        if packedCapacity < count {
            packed?.deallocate()
            packed = .allocate(capacity: count)
            packedCapacity = count
        }
        guard let packed else { throw LogoMaskError.drawingFailed(file: "zlib", reason: "no strip buffer") }
        return packed
    }

    /// Deflates the `rows` scanlines in the packed buffer both ways (the run-length coder has
    /// begun) and keeps the smaller.
    private func compressPacked(_ zlib: StripDeflater, rows: Int, isLast: Bool) throws(LogoMaskError) -> CompressedStrip {
        let count = rows * scanline
        guard let packed else { throw LogoMaskError.drawingFailed(file: "zlib", reason: "no strip buffer") }
        let (zlibBytes, adler) = try zlib.compress(UnsafeRawBufferPointer(start: packed, count: count), isLast: isLast)
        runLength.append(packed, count: count)
        let runLengthBytes = runLength.finish(isLast: isLast)
        return CompressedStrip(
            bytes: runLengthBytes.count <= zlibBytes.count ? runLengthBytes : zlibBytes, adler: adler, rawLength: count)
    }

    /// Where filtered scanlines go: straight into the run-length coder (which is told which
    /// bytes are zeros), or one after another into a buffer for zlib.
    private enum Destination {
        case runLength(RunLengthDeflater)
        case buffer(UnsafeMutablePointer<UInt8>)
    }

    /// Filters the rows into `destination`; returns the Adler-32 of the filtered scanlines when
    /// the destination is the run-length coder (zlib computes its own). With `clearing` (the
    /// same rows as `source`), each row is set to zeros once the row below it has been filtered
    /// (its last read), unless it is known to be zeros already.
    private func filterRows(
        _ source: UnsafePointer<UInt8>, stride: Int, rows: Int, into destination: Destination,
        clearing: UnsafeMutablePointer<UInt8>?
    ) -> UInt32 {
        let pixelBytes = scanline - 1
        var adler = adler32Empty
        // Whether the row above is all zeros: then so is a row equal to it.
        var aboveIsZero = false
        for row in 0..<rows {
            let pixels = source + row * stride
            let line: UnsafeMutablePointer<UInt8>
            var isZero = false
            if row == 0 {
                // Sub; `previous` gets the row's pixel bytes for the rows below.
                PNGRowPacker.packPixels(pixels, layout: layout, width: width, channels: channels, into: previous)
                upLine[0] = 1
                PNGRowPacker.subFilter(previous, into: upLine + 1, count: pixelBytes, bytesPerPixel: channels.bytesPerPixel)
                spans[0] = 0
                spans[1] = pixelBytes
                spanCount = 1
                line = upLine
                if clearing != nil { isZero = Self.isZero(pixels, count: sourceRowBytes) }
            } else if memcmp(pixels, pixels - stride, sourceRowBytes) == 0 {
                // Same pixels as the row above: Up-filtered, all zeros; `previous` stays right.
                upLine[0] = 2
                spanCount = 0
                line = upLine
                isZero = aboveIsZero
            } else {
                line = filterChangedRow(pixels, above: pixels - stride)
            }
            if let clearing {
                if row > 0, !aboveIsZero { (clearing + (row - 1) * stride).update(repeating: 0, count: stride) }
                if row == rows - 1, !isZero { (clearing + row * stride).update(repeating: 0, count: stride) }
                aboveIsZero = isZero
            }
            switch destination {
            case let .runLength(deflater):
                // The checksum reads only the spans too: a run of zeros moves it by arithmetic.
                adler = adler32Update(adler, UnsafeRawBufferPointer(start: line, count: 1))
                deflater.append(line, count: 1)
                var written = 0
                for k in 0..<spanCount {
                    let start = spans[2 * k], end = spans[2 * k + 1]
                    adler = adler32AppendingZeros(adler, count: start - written)
                    adler = adler32Update(adler, UnsafeRawBufferPointer(start: line + 1 + start, count: end - start))
                    deflater.appendZeros(start - written)
                    deflater.append(line + 1 + start, count: end - start)
                    written = end
                }
                adler = adler32AppendingZeros(adler, count: pixelBytes - written)
                deflater.appendZeros(pixelBytes - written)
            case let .buffer(buffer):
                (buffer + row * scanline).update(from: line, count: scanline)
            }
            // Back to zeros (row 0 wrote its whole line).
            for k in 0..<spanCount {
                (line + 1 + spans[2 * k]).update(repeating: 0, count: spans[2 * k + 1] - spans[2 * k])
            }
        }
        return adler
    }

    /// Whether `count` bytes are all zeros.
    private static func isZero(_ bytes: UnsafePointer<UInt8>, count: Int) -> Bool {
        let raw = UnsafeRawPointer(bytes)
        var bits: UInt64 = 0
        var i = 0
        while i + 8 <= count {
            bits |= raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            i += 8
        }
        while i < count {
            bits |= UInt64(bytes[i])
            i += 1
        }
        return bits == 0
    }

    /// Pixels per chunk of the comparison with the row above.
    private static let chunkPixels = 16

    /// Filters a row that differs from the row above (Cairo rows `pixels` and `above`, whose
    /// pixel bytes `previous` holds) with the Up and the Paeth filter and returns the line with
    /// the smaller residuals, with `spans` set to the byte ranges it wrote; `previous` becomes
    /// this row. Only the chunks that differ from the row above are converted and filtered:
    /// elsewhere both filters give zeros, except Paeth's first pixel after a changed span.
    @inline(__always)
    private func filterChangedRow(_ pixels: UnsafePointer<UInt8>, above: UnsafePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        let sourceBPP = layout.bytesPerPixel, bpp = channels.bytesPerPixel
        let pixelBytes = scanline - 1
        spanCount = 0
        var x = 0
        while x < width {
            let n = min(Self.chunkPixels, width - x)
            let s = x * sourceBPP, o = x * bpp
            if !Self.bytesEqual(pixels + s, above + s, count: n * sourceBPP) {
                PNGRowPacker.packPixels(pixels + s, layout: layout, width: n, channels: channels, into: current + o)
                if spanCount > 0, spans[2 * spanCount - 1] == o {
                    spans[2 * spanCount - 1] = o + n * bpp
                } else {
                    spans[2 * spanCount] = o
                    spans[2 * spanCount + 1] = o + n * bpp
                    spanCount += 1
                }
            }
            x += n
        }
        let up = upLine + 1, paeth = paethLine + 1
        var upCost = 0, paethCost = 0
        for k in 0..<spanCount {
            let start = spans[2 * k], end = spans[2 * k + 1], paethEnd = min(end + bpp, pixelBytes)
            // Paeth reads this row's pixel left of the span and writes the one right of it:
            // both are unchanged, so they are the row above's.
            if start >= bpp { (current + start - bpp).update(from: previous + start - bpp, count: bpp) }
            if end < paethEnd { (current + end).update(from: previous + end, count: paethEnd - end) }
            PNGRowPacker.difference(current + start, minus: previous + start, into: up + start, count: end - start)
            upCost += Self.residualCost(up + start, count: end - start)
            paethCost += Self.paethFilter(current, above: previous, from: start, count: paethEnd - start, bpp: bpp, into: paeth)
        }
        let usePaeth = paethCost < upCost
        for k in 0..<spanCount {
            let start = spans[2 * k], end = spans[2 * k + 1], paethEnd = min(end + bpp, pixelBytes)
            (previous + start).update(from: current + start, count: end - start)
            // The filter not chosen goes back to zeros now; the chosen one after it is written.
            if usePaeth {
                (up + start).update(repeating: 0, count: end - start)
                spans[2 * k + 1] = paethEnd
            } else {
                (paeth + start).update(repeating: 0, count: paethEnd - start)
            }
        }
        upLine[0] = 2
        paethLine[0] = 4
        return usePaeth ? paethLine : upLine
    }

    // The SIMD code below avoids `replacing(with:where:)`, which Swift 6.3 compiles to a loop
    // over the lanes: comparisons are signs of differences, selections are bit masks.
    private typealias Lanes = SIMD16<Int16>

    /// 16-byte steps after which 16-bit lane sums of magnitudes (at most 128 each) must be
    /// added up before they can overflow.
    private static let stepsPerSum = 255

    /// libpng's measure of a filtered run: the sum of the residuals as signed bytes, in magnitude.
    @inline(__always)
    private static func residualCost(_ bytes: UnsafePointer<UInt8>, count: Int) -> Int {
        var sum = 0
        var sums = Lanes()
        var steps = 0
        var i = 0
        let raw = UnsafeRawPointer(bytes)
        while i + 16 <= count {
            sums &+= magnitudes(raw.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self))
            i += 16
            steps += 1
            if steps == stepsPerSum {
                sum += Self.total(sums)
                sums = Lanes()
                steps = 0
            }
        }
        sum += Self.total(sums)
        while i < count {
            sum += Int(Int8(bitPattern: bytes[i]).magnitude)
            i += 1
        }
        return sum
    }

    /// The sum of the lanes, in 32 bits (sixteen lanes of up to 32,640 would wrap 16).
    @inline(__always)
    private static func total(_ sums: Lanes) -> Int { Int(SIMD16<Int32>(truncatingIfNeeded: sums).wrappedSum()) }

    /// Sixteen residuals' magnitudes as signed bytes.
    @inline(__always)
    private static func magnitudes(_ residuals: SIMD16<UInt8>) -> Lanes {
        absolute(Lanes(truncatingIfNeeded: SIMD16<Int8>(truncatingIfNeeded: residuals)))
    }

    @inline(__always)
    private static func absolute(_ x: Lanes) -> Lanes {
        let sign = x &>> 15
        return (x ^ sign) &- sign
    }

    /// All ones in the lanes where `x <= y`, zeros elsewhere (`y - x` cannot overflow here).
    @inline(__always)
    private static func lessOrEqual(_ x: Lanes, _ y: Lanes) -> Lanes { ~((y &- x) &>> 15) }

    /// The Paeth filter (PNG 9.4) of bytes `from..<from+count` of row `row` over row `above`, into
    /// `out` at the same offsets; returns ``residualCost(_:count:)`` of what it wrote. Sixteen
    /// bytes at a time in 16-bit lanes, where the predictor's sums cannot overflow.
    @inline(__always)
    private static func paethFilter(
        _ row: UnsafePointer<UInt8>, above: UnsafePointer<UInt8>, from start: Int, count: Int, bpp: Int,
        into out: UnsafeMutablePointer<UInt8>
    ) -> Int {
        var cost = 0
        let end = start + count
        var i = start
        func scalar(_ i: Int) {
            let b = Int(above[i])
            let a = i >= bpp ? Int(row[i - bpp]) : 0
            let c = i >= bpp ? Int(above[i - bpp]) : 0
            let pa = abs(b - c), pb = abs(a - c), pc = abs(a + b - 2 * c)
            let predictor = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
            let residual = UInt8(truncatingIfNeeded: Int(row[i]) - predictor)
            out[i] = residual
            cost += Int(Int8(bitPattern: residual).magnitude)
        }
        while i < end, i < bpp {  // the row's first pixel has no left neighbour
            scalar(i)
            i += 1
        }
        let r = UnsafeRawPointer(row), u = UnsafeRawPointer(above), o = UnsafeMutableRawPointer(out)
        var sums = Lanes()
        var steps = 0
        while i + 16 <= end {
            func lanes(_ base: UnsafeRawPointer, _ offset: Int) -> Lanes {
                Lanes(truncatingIfNeeded: base.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self))
            }
            let a = lanes(r, i - bpp), b = lanes(u, i), c = lanes(u, i - bpp)
            let pa = absolute(b &- c), pb = absolute(a &- c), pc = absolute(a &+ b &- c &- c)
            let useB = lessOrEqual(pb, pc)
            let useA = lessOrEqual(pa, pb) & lessOrEqual(pa, pc)
            let bOrC = c ^ ((b ^ c) & useB)
            let predictor = bOrC ^ ((a ^ bOrC) & useA)
            let residual = SIMD16<UInt8>(truncatingIfNeeded: lanes(r, i) &- predictor)
            o.storeBytes(of: residual, toByteOffset: i, as: SIMD16<UInt8>.self)
            sums &+= magnitudes(residual)
            i += 16
            steps += 1
            if steps == stepsPerSum {
                cost += Self.total(sums)
                sums = Lanes()
                steps = 0
            }
        }
        cost += Self.total(sums)
        while i < end {
            scalar(i)
            i += 1
        }
        return cost
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
}
