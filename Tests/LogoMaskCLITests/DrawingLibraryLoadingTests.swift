import Foundation
import Testing
import LogoMaskTestSupport

/// librsvg, Cairo, gdk-pixbuf and GLib/GObject/GIO are loaded on first use (Sources/CDrawingLibraries):
/// the executable names none of them as DT_NEEDED, `--version` and `--help` map none of them, a
/// render loads them with dlopen, and a library that cannot be loaded is one line naming it and
/// the Debian package to install, status 69, nothing written. The hidden test hook
/// `LOGO_MASK_TEST_MISSING_LIBRARY=SONAME` makes the loader behave as if that library were missing.
@Suite("Drawing libraries loaded on first use")
struct DrawingLibraryLoadingTests {
    /// The sonames CDrawingLibraries loads, with the Debian package its message names.
    static let libraries: [(soname: String, package: String)] = [
        ("libglib-2.0.so.0", "libglib2.0-0"), ("libgobject-2.0.so.0", "libglib2.0-0"),
        ("libgio-2.0.so.0", "libglib2.0-0"), ("libgdk_pixbuf-2.0.so.0", "libgdk-pixbuf-2.0-0"),
        ("libcairo.so.2", "libcairo2"), ("librsvg-2.so.2", "librsvg2-2"),
    ]

    /// Name prefixes of the drawing libraries and of what they bring (Pango, HarfBuzz, fontconfig).
    static let drawingPrefixes = [
        "librsvg", "libcairo", "libgdk_pixbuf", "libgio", "libgobject", "libglib", "libpango", "libharfbuzz",
        "libfontconfig", "libpixman",
    ]

    static func isDrawingLibrary(_ name: String) -> Bool {
        drawingPrefixes.contains { name.hasPrefix($0) }
    }

    @Test("the executable has no DT_NEEDED on a drawing library")
    func noDrawingLibraryNeeded() throws {
        let needed = try ELFDynamicSection.neededLibraries(ofFile: CLI.binary)
        #expect(needed.contains("libc.so.6"), "DT_NEEDED read wrong: \(needed)")
        #expect(needed.filter(Self.isDrawingLibrary).isEmpty, "drawing libraries linked again: \(needed)")
    }

    @Test("--version and --help map no drawing library", arguments: [["--version"], ["--help"], ["help", "render"]])
    func startMapsNoDrawingLibrary(arguments: [String]) throws {
        let result = try CLI.run(arguments, environment: ["LD_DEBUG": "files"])
        #expect(result.status == 0, "\(arguments): status \(result.status)")
        let loaded = Self.loadedFiles(result.stderr)
        #expect(loaded.contains("libc.so.6"), "LD_DEBUG=files gave no list: \(result.stderr.prefix(300))")
        #expect(loaded.filter(Self.isDrawingLibrary).isEmpty, "\(arguments) mapped: \(loaded.filter(Self.isDrawingLibrary))")
    }

    @Test("a render loads librsvg and Cairo with dlopen and draws")
    func renderLoadsOnFirstUse() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("kotlin.png").path
        let result = try CLI.run(
            ["render", CLI.fixture("kotlin.svg"), "-o", out, "--width", "64", "-q"], environment: ["LD_DEBUG": "files"])
        #expect(result.status == 0, "status \(result.status)")
        for soname in ["librsvg-2.so.2", "libcairo.so.2", "libglib-2.0.so.0"] {
            #expect(result.stderr.contains("file=\(soname) [0];  dynamically loaded by"), "\(soname) not loaded with dlopen")
        }
        let picture = try PNGPicture(contentsOf: out)
        #expect(picture.width == 64 && picture.height == 64)
        let opaque = stride(from: 3, to: picture.rgba.count, by: 4).filter { picture.rgba[$0] == 255 }.count
        #expect(opaque > 64 * 64 / 4, "only \(opaque) opaque pixels of 4,096: nothing drawn?")
    }

    @Test("a missing drawing library is one line, status 69, nothing written")
    func missingLibrary() throws {
        for library in Self.libraries {
            let folder = try CLI.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let result = try CLI.run(
                ["render", CLI.fixture("kotlin.svg"), "-o", folder.appendingPathComponent("kotlin.png").path, "--width", "64"],
                environment: ["LOGO_MASK_TEST_MISSING_LIBRARY": library.soname])
            #expect(result.status == 69, "\(library.soname): status \(result.status)\n\(result.stderr)")
            let lines = result.stderr.split(separator: "\n")
            #expect(lines.count == 1, "\(library.soname): \(result.stderr)")
            let expected = "logo-mask: \(library.soname): cannot be loaded (hidden by LOGO_MASK_TEST_MISSING_LIBRARY); install the Debian package \(library.package)"
            #expect(lines.first.map(String.init) == expected, "\(library.soname): \(result.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty, "\(library.soname): output left")
        }
    }

    /// The files the dynamic loader reports with `LD_DEBUG=files` ("file=NAME [0];  needed by ...").
    static func loadedFiles(_ log: String) -> Set<String> {
        var names = Set<String>()
        for line in log.split(separator: "\n") {
            guard let start = line.range(of: "file=") else { continue }
            let name = line[start.upperBound...].prefix { $0 != " " }
            names.insert((name as Substring).split(separator: "/").last.map(String.init) ?? String(name))
        }
        return names
    }
}

/// The DT_NEEDED entries of a 64-bit little-endian ELF file, read from its `.dynamic` section and
/// the string table that section links to.
enum ELFDynamicSection {
    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }

    static func neededLibraries(ofFile path: String) throws -> [String] {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        func integer(_ offset: Int, _ size: Int) throws -> Int {
            guard offset >= 0, offset + size <= bytes.count else { throw Malformed(description: "\(path): read past the end") }
            var value: UInt64 = 0
            for index in (0..<size).reversed() { value = value << 8 | UInt64(bytes[offset + index]) }
            return Int(truncatingIfNeeded: value)
        }
        guard bytes.starts(with: [0x7F, 0x45, 0x4C, 0x46, 2, 1]) else {
            throw Malformed(description: "\(path): not a 64-bit little-endian ELF file")
        }
        let sectionTable = try integer(0x28, 8), entrySize = try integer(0x3A, 2), count = try integer(0x3C, 2)
        let sections = try (0..<count).map { index in
            let base = sectionTable + index * entrySize
            return (type: try integer(base + 4, 4), offset: try integer(base + 0x18, 8), size: try integer(base + 0x20, 8),
                    link: try integer(base + 0x28, 4))
        }
        guard let dynamic = sections.first(where: { $0.type == 6 }), dynamic.link < sections.count else {
            throw Malformed(description: "\(path): no .dynamic section")
        }
        let strings = sections[dynamic.link].offset
        var needed: [String] = []
        for entry in stride(from: dynamic.offset, to: dynamic.offset + dynamic.size, by: 16) {
            let tag = try integer(entry, 8)
            if tag == 0 { break }
            guard tag == 1 else { continue }  // DT_NEEDED
            let start = strings + (try integer(entry + 8, 8))
            guard start < bytes.count, let end = bytes[start...].firstIndex(of: 0) else { throw Malformed(description: "\(path): bad name") }
            needed.append(String(decoding: bytes[start..<end], as: UTF8.self))
        }
        return needed
    }
}
