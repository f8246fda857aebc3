import CZlib

/// zlib's inflater over raw deflate bytes (no zlib header): the reference the tests hold
/// logo-mask's own deflate encoder to. Nil when zlib reports the stream invalid or incomplete.
public func inflateRaw(_ deflated: [UInt8], expectedLength: Int) -> [UInt8]? {
    var stream = z_stream()
    guard inflateInit2_(&stream, -15, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
    defer { inflateEnd(&stream) }
    var output = [UInt8](repeating: 0, count: expectedLength + 64)
    var input = deflated
    let status: Int32 = input.withUnsafeMutableBufferPointer { inBuffer in
        output.withUnsafeMutableBufferPointer { outBuffer in
            stream.next_in = inBuffer.baseAddress
            stream.avail_in = uInt(inBuffer.count)
            stream.next_out = outBuffer.baseAddress
            stream.avail_out = uInt(outBuffer.count)
            return inflate(&stream, Z_FINISH)
        }
    }
    guard status == Z_STREAM_END else { return nil }
    return Array(output[0..<Int(stream.total_out)])
}

/// zlib's inflater over a zlib stream (a PNG's joined IDAT data) that inflates to exactly
/// `length` bytes. Nil when it is invalid or of another length.
func inflateZlib(_ compressed: [UInt8], length: Int) -> [UInt8]? {
    var output = [UInt8](repeating: 0, count: length)
    var produced = uLongf(length)
    let status = output.withUnsafeMutableBufferPointer { out in
        compressed.withUnsafeBufferPointer { input in
            uncompress(out.baseAddress, &produced, input.baseAddress, uLong(input.count))
        }
    }
    return status == Z_OK && Int(produced) == length ? output : nil
}

/// zlib's deflater (a zlib stream), for the pictures the tests write.
func deflateZlib(_ bytes: [UInt8]) -> [UInt8] {
    var capacity = compressBound(uLong(bytes.count))
    var output = [UInt8](repeating: 0, count: Int(capacity))
    let status = output.withUnsafeMutableBufferPointer { out in
        bytes.withUnsafeBufferPointer { input in
            compress2(out.baseAddress, &capacity, input.baseAddress, uLong(input.count), 6)
        }
    }
    precondition(status == Z_OK, "zlib's compress2 failed: \(status)")
    return Array(output[0..<Int(capacity)])
}

/// The CRC-32 of a PNG chunk's type and data, from zlib.
func pngCRC(_ bytes: [UInt8]) -> UInt32 {
    UInt32(bytes.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) })
}
