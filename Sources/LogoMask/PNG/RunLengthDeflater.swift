/// Raw deflate (RFC 1951) of PNG scanlines using run-length matches only: a run of one byte
/// value becomes a literal and copies of distance 1, everything else stays literal, and each
/// block of symbols gets its own Huffman codes.
///
/// This is what zlib's `Z_RLE` strategy produces, without zlib's general machinery: filtered logo
/// art is almost all zeros (99.8% at 4096 px for a typical logo), and the runs are found eight
/// bytes at a time, so the encoder costs little more than reading its input. zlib's level-1 RLE
/// spent about 26 instructions a byte on the same data and was half of a render's time.
///
/// Used strip by strip (see ``StripCompressor``): ``begin()``, then the scanlines' bytes through
/// ``append(_:count:)`` and ``appendZeros(_:)`` (known zeros are never read), then
/// ``finish(isLast:)``. A strip that is not the last ends byte-aligned with an empty stored
/// block (what `Z_SYNC_FLUSH` writes), so strips compressed on different threads concatenate into
/// one stream. The first byte of a strip is always a literal (a PNG filter type), so no match
/// reaches back into the previous strip.
final class RunLengthDeflater {
    /// Symbols per block: enough that the block header (about 80 bytes) is noise, few enough that
    /// the codes follow the image's changes.
    static let blockSymbols = 1 << 15

    /// Symbols of the current block: 0...255 a literal, 256 + (length - 3) a match of distance 1.
    private let symbols: UnsafeMutablePointer<UInt16>
    // Unchecked: these are touched for every symbol, and a class's stored properties otherwise
    // pay a dynamic exclusivity check per access (6% of a render's time). Each deflater is
    // used by one thread at a time and never hands out references to them.
    @exclusivity(unchecked) private var symbolCount = 0
    /// Literal/length frequencies of the current block (deflate's alphabet of 286).
    private let frequencies: UnsafeMutablePointer<UInt32>
    @exclusivity(unchecked) private var writer = DeflateBitWriter()

    init() {
        symbols = .allocate(capacity: Self.blockSymbols)
        frequencies = .allocate(capacity: 286)
        frequencies.initialize(repeating: 0, count: 286)
    }

    deinit {
        symbols.deallocate()
        frequencies.deallocate()
    }

    /// The last byte appended (-1 at the start of a strip, where no match may reach back).
    @exclusivity(unchecked) private var lastByte = -1
    /// Copies of `lastByte` appended but not yet written as matches: a run may continue over
    /// several calls (a row's zero spans, the next row's filter byte aside).
    @exclusivity(unchecked) private var pendingRun = 0

    /// Starts a strip: empties the output.
    func begin() {
        writer.reset()
        symbolCount = 0
        frequencies.update(repeating: 0, count: 286)
        lastByte = -1
        pendingRun = 0
    }

    /// Appends bytes (a scanline, or a piece of one).
    func append(_ bytes: UnsafePointer<UInt8>, count: Int) {
        var i = 0
        while i < count {
            let byte = bytes[i]
            if Int(byte) == lastByte {
                let run = Self.runLength(of: byte, in: bytes, from: i, to: count)
                pendingRun += run
                i += run
            } else {
                flushRun()
                literal(byte)
                lastByte = Int(byte)
                i += 1
            }
        }
    }

    /// Appends `count` zero bytes without reading them.
    func appendZeros(_ count: Int) {
        guard count > 0 else { return }
        if lastByte != 0 {
            flushRun()
            literal(0)
            lastByte = 0
            pendingRun += count - 1
        } else {
            pendingRun += count
        }
    }

    /// Writes the pending run as matches.
    @inline(__always)
    private func flushRun() {
        guard pendingRun > 0 else { return }
        repeatPrevious(UInt8(truncatingIfNeeded: lastByte), count: pendingRun)
        pendingRun = 0
    }

    /// Ends the strip and returns its deflate bytes: the final block when `isLast`, else
    /// byte-aligned by an empty stored block.
    func finish(isLast: Bool) -> [UInt8] {
        flushRun()
        writeBlock(isFinal: isLast)
        if !isLast {
            writer.write(0, bits: 3)  // not final, stored
            writer.alignToByte()
            writer.write(0xFFFF_0000, bits: 32)  // LEN 0, NLEN 0xFFFF
        }
        writer.alignToByte()
        return writer.bytes
    }

    // MARK: Symbols

    @inline(__always)
    private func literal(_ byte: UInt8) {
        if symbolCount == Self.blockSymbols { writeBlock(isFinal: false) }
        symbols[symbolCount] = UInt16(byte)
        symbolCount += 1
        frequencies[Int(byte)] += 1
    }

    /// `count` more copies of `byte`, which was the last byte appended.
    @inline(__always)
    private func repeatPrevious(_ byte: UInt8, count: Int) {
        var left = count
        while left >= 3 {
            let length = min(left, 258)
            if symbolCount == Self.blockSymbols { writeBlock(isFinal: false) }
            symbols[symbolCount] = UInt16(256 + length - 3)
            symbolCount += 1
            frequencies[257 + Int(DeflateLengths.symbolIndex[length - 3])] += 1
            left -= length
        }
        while left > 0 {
            literal(byte)
            left -= 1
        }
    }

    /// How many bytes from `start` (before `end`) equal `byte`; eight at a time.
    @inline(__always)
    private static func runLength(of byte: UInt8, in bytes: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
        let pattern = UInt64(byte) &* 0x0101_0101_0101_0101
        let raw = UnsafeRawPointer(bytes)
        var i = start
        while i + 8 <= end {
            // Little-endian: the first differing byte is the lowest set byte of the difference.
            let difference = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) ^ pattern
            if difference != 0 { return i + difference.trailingZeroBitCount / 8 - start }
            i += 8
        }
        while i < end, bytes[i] == byte { i += 1 }
        return i - start
    }

    // MARK: Blocks

    /// Writes the pending symbols as one block with dynamic Huffman codes (RFC 1951, 3.2.7).
    private func writeBlock(isFinal: Bool) {
        frequencies[256] = 1  // end of block
        let literals = HuffmanCode(frequencies: Array(UnsafeBufferPointer(start: frequencies, count: 286)), limit: 15)
        var literalCount = 286
        while literalCount > 257, literals.lengths[literalCount - 1] == 0 { literalCount -= 1 }
        // Every match has distance 1 (distance code 0); a second code of the same length makes
        // the distance code complete.
        let distanceLengths: [UInt8] = [1, 1]

        // The code lengths, run-length coded with the code-length alphabet (symbols 16, 17, 18).
        let allLengths = Array(literals.lengths[0..<literalCount]) + distanceLengths
        var lengthSymbols: [(symbol: Int, extra: UInt32)] = []
        var i = 0
        while i < allLengths.count {
            let value = allLengths[i]
            var run = 1
            while i + run < allLengths.count, allLengths[i + run] == value { run += 1 }
            if value == 0, run >= 11 {
                let n = min(run, 138)
                lengthSymbols.append((18, UInt32(n - 11)))
                i += n
            } else if value == 0, run >= 3 {
                lengthSymbols.append((17, UInt32(run - 3)))
                i += run
            } else if value != 0, run >= 4 {
                lengthSymbols.append((Int(value), 0))
                var left = run - 1
                while left >= 3 {
                    let n = min(left, 6)
                    lengthSymbols.append((16, UInt32(n - 3)))
                    left -= n
                }
                i += run - left
            } else {
                lengthSymbols.append((Int(value), 0))
                i += 1
            }
        }
        var lengthFrequencies = [UInt32](repeating: 0, count: 19)
        for entry in lengthSymbols { lengthFrequencies[entry.symbol] += 1 }
        let lengthCode = HuffmanCode(frequencies: lengthFrequencies, limit: 7)
        var lengthCodeCount = 19
        while lengthCodeCount > 4, lengthCode.lengths[DeflateLengths.codeLengthOrder[lengthCodeCount - 1]] == 0 {
            lengthCodeCount -= 1
        }

        // Room for the header (under 400 bytes) and every symbol at its longest (15 + 5 + 1 bits).
        writer.reserve(512 + symbolCount * 3)
        writer.write(isFinal ? 1 : 0, bits: 1)
        writer.write(2, bits: 2)  // dynamic Huffman codes
        writer.write(UInt32(literalCount - 257), bits: 5)
        writer.write(UInt32(distanceLengths.count - 1), bits: 5)
        writer.write(UInt32(lengthCodeCount - 4), bits: 4)
        for index in 0..<lengthCodeCount {
            writer.write(UInt32(lengthCode.lengths[DeflateLengths.codeLengthOrder[index]]), bits: 3)
        }
        for entry in lengthSymbols {
            writer.write(lengthCode.codes[entry.symbol], bits: Int(lengthCode.lengths[entry.symbol]))
            switch entry.symbol {
            case 16: writer.write(entry.extra, bits: 2)
            case 17: writer.write(entry.extra, bits: 3)
            case 18: writer.write(entry.extra, bits: 7)
            default: break
            }
        }

        // Each match length as one bit string: its length code, extra bits, distance code 0 (one 0 bit).
        var matchBits = [UInt32](repeating: 0, count: 256)
        var matchBitCount = [UInt8](repeating: 0, count: 256)
        for index in 0..<256 where frequencies[257 + Int(DeflateLengths.symbolIndex[index])] > 0 {
            let symbol = Int(DeflateLengths.symbolIndex[index])
            let codeBits = Int(literals.lengths[257 + symbol])
            let extraBits = Int(DeflateLengths.extraBits[symbol])
            let extra = UInt32(index + 3 - Int(DeflateLengths.base[symbol]))
            matchBits[index] = literals.codes[257 + symbol] | extra << codeBits
            matchBitCount[index] = UInt8(codeBits + extraBits + 1)
        }
        literals.codes.withUnsafeBufferPointer { codes in
            literals.lengths.withUnsafeBufferPointer { lengths in
                for k in 0..<symbolCount {
                    let symbol = Int(symbols[k])
                    if symbol < 256 {
                        writer.write(codes[symbol], bits: Int(lengths[symbol]))
                    } else {
                        writer.write(matchBits[symbol - 256], bits: Int(matchBitCount[symbol - 256]))
                    }
                }
                writer.write(codes[256], bits: Int(lengths[256]))
            }
        }
        symbolCount = 0
        frequencies.update(repeating: 0, count: 286)
    }
}
