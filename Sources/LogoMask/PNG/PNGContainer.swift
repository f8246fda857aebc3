import FoundationEssentials

/// The chunks of a PNG file around pixel data that arrives as already-deflated strips, in order
/// (``PNGWriter`` makes them), so that the image never needs to be in memory whole: signature,
/// IHDR, one IDAT a strip, the zlib trailer, IEND. No time or text chunks: same pixels, same
/// bytes. A file appears at its path only when ``finish()`` succeeds; in memory (a picture
/// embedded in an exported page or animation) the bytes are in ``bytes`` after it.
final class PNGContainer {
    /// A file written aside and renamed into place, or nil for bytes in memory.
    private let file: AtomicFile?
    /// The PNG so far, when it is made in memory.
    private(set) var bytes: [UInt8] = []
    private var adler = adler32Empty
    private var wroteHeader = false

    /// Opens the temporary (or, with `path` nil, a buffer in memory) and writes the signature and IHDR.
    init(path: String?, width: Int, height: Int, channels: PNGChannels) throws(LogoMaskError) {
        guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max) else {
            throw LogoMaskError.invalidRequest("\(path ?? "picture"): a PNG must be 1...2147483647 pixels a side, not \(width)x\(height).")
        }
        file = try path.map { (path: String) throws(LogoMaskError) in try AtomicFile(path: path) }
        try write([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var ihdr = [UInt8]()
        ihdr.appendBigEndian(UInt32(width))
        ihdr.appendBigEndian(UInt32(height))
        ihdr += [8, channels.colorType, 0, 0, 0]  // depth, colour type, deflate, adaptive filters, no interlace
        try writeChunk("IHDR", ihdr)
    }

    /// Appends one strip (raw deflate bytes with the Adler-32 and length of the filtered rows
    /// they hold) as an IDAT chunk.
    func append(_ strip: CompressedStrip) throws(LogoMaskError) {
        var data = [UInt8]()
        data.reserveCapacity(strip.bytes.count + 2)
        if !wroteHeader {
            data += [0x78, 0x01]  // zlib header: deflate, 32 KiB window, no dictionary
            wroteHeader = true
        }
        data += strip.bytes
        adler = adler32Combine(adler, strip.adler, secondLength: strip.rawLength)
        try writeChunk("IDAT", data)
    }

    /// Writes the zlib trailer and IEND, then renames the file into place.
    func finish() throws(LogoMaskError) {
        var trailer = [UInt8]()
        trailer.appendBigEndian(adler)
        try writeChunk("IDAT", trailer)
        try writeChunk("IEND", [])
        try file?.commit()
    }

    private func write(_ data: [UInt8]) throws(LogoMaskError) {
        if let file { try file.write(data) } else { bytes += data }
    }

    /// Writes a chunk, splitting data over 2^31 - 1 bytes is never needed: strips are small.
    private func writeChunk(_ type: String, _ data: [UInt8]) throws(LogoMaskError) {
        let typeBytes = Array(type.utf8)
        var head = [UInt8]()
        head.appendBigEndian(UInt32(data.count))
        head += typeBytes
        try write(head)
        try write(data)
        var tail = [UInt8]()
        tail.appendBigEndian(data.withUnsafeBytes { pngCRC(type: typeBytes, data: $0) })
        try write(tail)
    }
}

extension Array where Element == UInt8 {
    fileprivate mutating func appendBigEndian(_ value: UInt32) {
        append(UInt8(value >> 24)); append(UInt8((value >> 16) & 0xFF))
        append(UInt8((value >> 8) & 0xFF)); append(UInt8(value & 0xFF))
    }
}
