import FoundationEssentials

/// The vector formats a logo can come in. Decided from the content, never the file name.
public enum LogoFormat: String, Sendable, Codable {
    /// SVG (or gzip-compressed SVGZ), drawn by librsvg.
    case svg
    /// PDF, drawn by poppler.
    case pdf

    /// Sniffs the format from the first bytes; throws `notALogo` naming what the bytes look like.
    static func sniff(_ data: Data, name: String) throws(LogoMaskError) -> LogoFormat {
        let head = Array(data.prefix(4096))
        if head.isEmpty {
            throw LogoMaskError.notALogo(file: name, reason: "the file is empty")
        }
        if data.prefix(1024).firstRange(of: Data("%PDF-".utf8)) != nil {
            return .pdf
        }
        if head.starts(with: [0x1F, 0x8B]) { return .svg }  // SVGZ: librsvg inflates it itself
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            throw LogoMaskError.notALogo(file: name, reason: "it is a PNG image, not a vector logo; export the logo as SVG or PDF")
        }
        if head.starts(with: [0xFF, 0xD8, 0xFF]) {
            throw LogoMaskError.notALogo(file: name, reason: "it is a JPEG image, not a vector logo; export the logo as SVG or PDF")
        }
        // Skip a UTF-8 byte order mark and white space; SVG text starts with "<".
        var index = head.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < head.count, [0x20, 0x09, 0x0A, 0x0D].contains(head[index]) { index += 1 }
        if index < head.count, head[index] == UInt8(ascii: "<") {
            // Usually in the first 4 KiB; the <svg root may come after a long prologue (comments,
            // DOCTYPE): then search the first MiB (lower-casing a whole large logo cost a
            // millisecond of a 512 px render).
            let svgTag = Array("<svg".utf8)
            func hasSVGTag<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
                bytes.lazy.map { $0 | 0x20 }.firstRange(of: svgTag) != nil  // lower-case ASCII letters
            }
            if hasSVGTag(head) || hasSVGTag(data.prefix(1 << 20)) { return .svg }
            throw LogoMaskError.notALogo(file: name, reason: "it is XML or HTML but has no <svg> element")
        }
        throw LogoMaskError.notALogo(file: name, reason: "it is neither SVG nor PDF (it starts with neither \"<\" nor \"%PDF-\")")
    }
}
