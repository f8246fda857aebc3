import CZlib

/// zlib's inflater over raw deflate bytes (no zlib header): the reference the tests hold
/// logo-mask's own deflate encoder to. Nil when zlib reports the stream invalid or incomplete.
func inflateRaw(_ deflated: [UInt8], expectedLength: Int) -> [UInt8]? {
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
