import Foundation
import LogoMaskTestSupport
import MaskGeometry
import Testing
@testable import LogoMask

/// The PNGs Cairo's SVG surface writes inside the outline's read-back are deflated fast
/// (CPNGWriteSpeed: level 1, no row filters), and only those: the library reads them straight
/// back, while an SVG it writes for a user keeps libpng's defaults.
@Suite("Fast PNG writes in the outline's read-back", .serialized)
struct FastPNGWritesTests {
    @Test("a filtered logo's read-back writes its filter pictures fast (zlib's fastest level, every row unfiltered), at their size; an SVG export for a user writes none fast")
    func readBackOnly() throws {
        let glow = try VectorLogo(contentsOf: TestPaths.sample("glow.svg"))
        let before = CairoSVGStream.fastPNGWrites
        let outline = try OutlineExtractor.outline(of: glow)
        let fast = CairoSVGStream.fastPNGWrites - before
        // One picture per filter result, each written fast (the process's other threads may add more).
        #expect(!outline.pictures.isEmpty)
        #expect(fast >= UInt(outline.pictures.count), "\(fast) fast writes for \(outline.pictures.count) pictures")
        // Level 1 without filters: IDAT rows start with filter byte 0; the pixels are libpng's
        // whatever the settings (checked against a copy re-encoded by the library's own writer).
        for picture in outline.pictures {
            let image = try RasterImage(pngBytes: picture.png, name: "a filter picture")
            #expect(image.width == picture.width && image.height == picture.height)
            // zlib's header says the fastest level (FLEVEL 0); every row is unfiltered (type 0).
            let written = try Self.written(picture.png)
            #expect(written.fastestLevel)
            #expect(written.rowFilters == [0])
        }
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let exported = CairoSVGStream.fastPNGWrites
        try VectorExporter.write(glow, to: folder.appendingPathComponent("glow.svg").path)
        #expect(CairoSVGStream.fastPNGWrites == exported)
    }

    /// Whether a PNG's zlib stream says it was deflated at the fastest level, and the distinct
    /// filter types of its rows (non-interlaced).
    static func written(_ png: [UInt8]) throws -> (fastestLevel: Bool, rowFilters: Set<UInt8>) {
        var index = 8, idat: [UInt8] = [], width = 0, height = 0, channels = 4
        while index + 8 <= png.count {
            let length = png[index..<index + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: png[index + 4..<index + 8], as: UTF8.self)
            let body = Array(png[index + 8..<index + 8 + length])
            if type == "IHDR" {
                width = body[0..<4].reduce(0) { $0 << 8 | Int($1) }
                height = body[4..<8].reduce(0) { $0 << 8 | Int($1) }
                channels = [0: 1, 2: 3, 4: 2, 6: 4][Int(body[9])] ?? 4
            }
            if type == "IDAT" { idat += body }
            index += 12 + length
        }
        try #require(idat.count > 6)
        let row = 1 + width * channels
        // The zlib header's two bytes and the Adler-32's four around the deflate stream.
        let raw = try #require(inflateRaw(Array(idat[2..<(idat.count - 4)]), expectedLength: row * height))
        return (idat[1] >> 6 == 0, Set(stride(from: 0, to: raw.count, by: row).map { raw[$0] }))
    }
}
