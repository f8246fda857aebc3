/// Deflate's bit stream: values are packed least significant bit first into bytes.
struct DeflateBitWriter {
    private(set) var bytes: [UInt8] = []
    private var buffer: UInt64 = 0
    private var count = 0

    mutating func reset() {
        bytes.removeAll(keepingCapacity: true)
        buffer = 0
        count = 0
    }

    /// Makes room for `byteCount` more bytes, so that writes do not grow the array one at a time.
    mutating func reserve(_ byteCount: Int) {
        bytes.reserveCapacity(bytes.count + byteCount)
    }

    /// Appends the low `bits` (at most 32) bits of `value`, whose higher bits must be zero.
    @inline(__always)
    mutating func write(_ value: UInt32, bits: Int) {
        buffer |= UInt64(value) << UInt64(count)
        count += bits
        if count >= 32 {
            let word = UInt32(truncatingIfNeeded: buffer)
            bytes.append(UInt8(truncatingIfNeeded: word))
            bytes.append(UInt8(truncatingIfNeeded: word >> 8))
            bytes.append(UInt8(truncatingIfNeeded: word >> 16))
            bytes.append(UInt8(truncatingIfNeeded: word >> 24))
            buffer >>= 32
            count -= 32
        }
    }

    /// Pads with zero bits to the next byte boundary and flushes every whole byte.
    mutating func alignToByte() {
        while count > 0 {
            bytes.append(UInt8(truncatingIfNeeded: buffer))
            buffer >>= 8
            count = max(0, count - 8)
        }
        buffer = 0
    }
}
