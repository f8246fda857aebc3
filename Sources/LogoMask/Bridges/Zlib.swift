// zlib: raw deflate for the PNG writer's strips (zlib can end a strip without a final block),
// CRC-32 and the Adler-32 combination. libdeflate's Adler-32 is in Deflate.swift.
internal import CZlib
import FoundationEssentials

/// Compresses independent strips as raw deflate that concatenate into one valid stream
/// (the approach of pigz): each strip starts from an empty window (`deflateReset`) and ends
/// with `Z_SYNC_FLUSH` (byte-aligned, no final block) except the last, which ends with
/// `Z_FINISH`. Strips can therefore be compressed on several threads and written in order.
final class StripDeflater {
    private var stream = z_stream()
    private var output: [UInt8] = []

    /// `level` 0...9, zlib's default strategy (LZ77 matches plus Huffman; the run-length coding
    /// is `RunLengthDeflater`'s).
    init(level: Int32) throws(LogoMaskError) {
        let status = deflateInit2_(
            &stream, level, Z_DEFLATED, -15, 9, Z_DEFAULT_STRATEGY,
            ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else {
            throw LogoMaskError.drawingFailed(file: "zlib", reason: "deflateInit2 failed (\(status))")
        }
    }

    deinit { deflateEnd(&stream) }

    /// Deflates `input` as one strip; returns the compressed bytes and the Adler-32 of `input`.
    func compress(_ input: UnsafeRawBufferPointer, isLast: Bool) throws(LogoMaskError) -> (bytes: [UInt8], adler: UInt32) {
        deflateReset(&stream)
        let bound = Int(deflateBound(&stream, uLong(input.count))) + 16
        if output.count < bound {
            // Uninitialised: zeroing it would make all of it resident, though a strip of logo art
            // compresses to a small fraction of the bound.
            output = [UInt8](unsafeUninitializedCapacity: bound) { _, count in count = bound }
        }
        let base = input.baseAddress.map { UnsafeMutablePointer(mutating: $0.assumingMemoryBound(to: UInt8.self)) }
        let produced: Int = output.withUnsafeMutableBufferPointer { out in
            stream.next_in = base
            stream.avail_in = uInt(input.count)
            stream.next_out = out.baseAddress
            stream.avail_out = uInt(out.count)
            let status = deflate(&stream, isLast ? Z_FINISH : Z_SYNC_FLUSH)
            guard status == Z_OK || status == Z_STREAM_END, stream.avail_in == 0 else { return -1 }
            return out.count - Int(stream.avail_out)
        }
        guard produced >= 0 else {
            throw LogoMaskError.drawingFailed(file: "zlib", reason: "deflate did not finish a strip")
        }
        return (Array(output[0..<produced]), adler32Of(input))
    }
}

/// The Adler-32 of two concatenated buffers from each one's checksum and the second's length.
func adler32Combine(_ first: UInt32, _ second: UInt32, secondLength: Int) -> UInt32 {
    UInt32(adler32_combine(uLong(first), uLong(second), off_t(secondLength)))
}

/// CRC-32 of a chunk's type and data, as PNG wants it.
func pngCRC(type: [UInt8], data: UnsafeRawBufferPointer) -> UInt32 {
    var crc = crc32(0, nil, 0)
    crc = type.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, uInt($0.count)) }
    if let base = data.baseAddress, data.count > 0 {
        crc = crc32_z(crc, base.assumingMemoryBound(to: Bytef.self), data.count)
    }
    return UInt32(crc)
}
