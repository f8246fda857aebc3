import FoundationEssentials

/// A ZIP archive built in memory (PKWARE APPNOTE 6.3: local headers, central directory, end
/// record; no ZIP64, no data descriptors), for small containers such as a `.lottie`. Entries are
/// deflated (raw deflate through zlib) when that makes them smaller, else stored. Every header
/// carries the same fixed time (1980-01-01 00:00, the first DOS date) and no extra fields, so
/// the same entries in the same order give the same bytes.
struct ZIPArchive {
    /// One entry as the central directory lists it.
    private struct Entry {
        var name: [UInt8]
        var method: UInt16
        var crc: UInt32
        var compressedSize: Int
        var size: Int
        var offset: Int
    }

    /// The archive so far: local headers and data.
    private var body: [UInt8] = []
    private var entries: [Entry] = []
    private var names = Set<String>()

    /// ZIP's 32-bit sizes and offsets; past them an archive would need ZIP64.
    private static let limit = Int(UInt32.max)
    /// Flag bit 11: the name is UTF-8.
    private static let utf8Names: UInt16 = 0x0800
    /// 1980-01-01 in DOS date format (day 1, month 1, year 0 = 1980); the time is 00:00:00.
    private static let dosDate: UInt16 = (1 << 5) | 1

    /// Adds `bytes` under `name` (a relative path with `/` separators).
    ///
    /// - Throws: ``LogoMaskError/invalidRequest(_:)`` for an empty, absolute or repeated name;
    ///   ``LogoMaskError/inputLimitExceeded(file:reason:)`` past ZIP's 4 GB limits.
    mutating func add(_ name: String, bytes: [UInt8]) throws(LogoMaskError) {
        guard !name.isEmpty, !name.hasPrefix("/"), !names.contains(name), name.utf8.count <= Int(UInt16.max),
              entries.count < Int(UInt16.max) else {
            throw LogoMaskError.invalidRequest("\(name): a ZIP entry needs a relative name that is not already in the archive.")
        }
        let crc = bytes.withUnsafeBytes { crc32Update(0, $0) }
        var data = bytes
        var method: UInt16 = 0
        if bytes.count > 64 {
            let deflater = try StripDeflater(level: 9)
            let deflated = try bytes.withUnsafeBytes { buffer in
                Result { () throws(LogoMaskError) in try deflater.compress(buffer, isLast: true).bytes }
            }.get()
            if deflated.count < bytes.count {
                data = deflated
                method = 8
            }
        }
        guard body.count + 30 + name.utf8.count + data.count < Self.limit, bytes.count < Self.limit else {
            throw LogoMaskError.inputLimitExceeded(file: name, reason: "a ZIP archive without ZIP64 holds at most 4 GB; make the content smaller.")
        }
        let entry = Entry(
            name: Array(name.utf8), method: method, crc: crc, compressedSize: data.count, size: bytes.count, offset: body.count)
        names.insert(name)
        entries.append(entry)
        append32(0x0403_4b50, to: &body)
        append16(20, to: &body)  // version needed: 2.0 (deflate)
        appendCommon(entry, to: &body)
        append16(0, to: &body)  // no extra field
        body += entry.name
        body += data
    }

    /// The archive's bytes: the entries, the central directory and the end record.
    var bytes: [UInt8] {
        var out = body
        let directoryStart = out.count
        for entry in entries {
            append32(0x0201_4b50, to: &out)
            append16(20, to: &out)  // made by: MS-DOS attributes, spec 2.0
            append16(20, to: &out)  // version needed
            appendCommon(entry, to: &out)
            append16(0, to: &out)  // extra
            append16(0, to: &out)  // comment
            append16(0, to: &out)  // disk
            append16(0, to: &out)  // internal attributes
            append32(0, to: &out)  // external attributes
            append32(UInt32(entry.offset), to: &out)
            out += entry.name
        }
        let directorySize = out.count - directoryStart
        append32(0x0605_4b50, to: &out)
        append16(0, to: &out)  // this disk
        append16(0, to: &out)  // the directory's disk
        append16(UInt16(entries.count), to: &out)
        append16(UInt16(entries.count), to: &out)
        append32(UInt32(directorySize), to: &out)
        append32(UInt32(directoryStart), to: &out)
        append16(0, to: &out)  // comment
        return out
    }

    /// The fields local and central headers share, from the flags to the name's length.
    private func appendCommon(_ entry: Entry, to out: inout [UInt8]) {
        append16(Self.utf8Names, to: &out)
        append16(entry.method, to: &out)
        append16(0, to: &out)  // time 00:00:00
        append16(Self.dosDate, to: &out)
        append32(entry.crc, to: &out)
        append32(UInt32(entry.compressedSize), to: &out)
        append32(UInt32(entry.size), to: &out)
        append16(UInt16(entry.name.count), to: &out)
    }

    private func append16(_ value: UInt16, to out: inout [UInt8]) {
        out += [UInt8(value & 0xFF), UInt8(value >> 8)]
    }

    private func append32(_ value: UInt32, to out: inout [UInt8]) {
        out += [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF), UInt8((value >> 16) & 0xFF), UInt8(value >> 24)]
    }
}
