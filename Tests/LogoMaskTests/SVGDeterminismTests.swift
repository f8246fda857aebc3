import Foundation
@testable import LogoMask
import LogoMaskTestSupport
import Testing

/// Cairo names an SVG surface's groups after a counter the whole process shares; the SVG files
/// logo-mask writes through it must not depend on what the process drew before.
@Suite("SVG outputs deterministic within a process")
struct SVGDeterminismTests {
    @Test("the same SVG export twice in one process, other SVGs written between: identical bytes, ids numbered from surface1")
    func sameBytesAfterOtherWork() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bird = try VectorLogo(contentsOf: TestPaths.sample("bird.svg"))
        let glow = try VectorLogo(contentsOf: TestPaths.sample("glow.svg"))
        let first = folder.appendingPathComponent("first.svg").path
        let second = folder.appendingPathComponent("second.svg").path
        try VectorExporter.write(bird, to: first)
        for index in 0..<3 { try VectorExporter.write(glow, to: folder.appendingPathComponent("other\(index).svg").path) }
        try VectorExporter.write(bird, to: second)
        let a = try Data(contentsOf: URL(fileURLWithPath: first)), b = try Data(contentsOf: URL(fileURLWithPath: second))
        #expect(a == b, "\(a.count) and \(b.count) bytes")
        #expect(String(decoding: a, as: UTF8.self).contains("id=\"surface1\""))
    }

    @Test("renumbering: each surfaceN and imageN in order of first appearance, references kept with their targets, base64 untouched")
    func renumbering() {
        let text = ##"<g id="surface17110"><use xlink:href="#surface17139"/><g id="surface17139"/><use xlink:href="#surface17110"/>surfaces</g>"##
            + ##"<image id="image35934" xlink:href="data:image/png;base64,Qimage12surface3"/><use xlink:href="#image35934"/>"##
        let out = String(decoding: CairoSVGSink.renumbered(Array(text.utf8)), as: UTF8.self)
        #expect(out == ##"<g id="surface1"><use xlink:href="#surface2"/><g id="surface2"/><use xlink:href="#surface1"/>surfaces</g>"##
            + ##"<image id="image1" xlink:href="data:image/png;base64,Qimage12surface3"/><use xlink:href="#image1"/>"##)
    }

    @Test("a hole with an embedded picture (a filter's) written twice, other work between: identical bytes, ids from image1")
    func imagesAfterOtherWork() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let glow = try VectorLogo(contentsOf: TestPaths.sample("glow.svg"))
        let bird = try VectorLogo(contentsOf: TestPaths.sample("bird.svg"))
        let first = folder.appendingPathComponent("first.svg").path
        let second = folder.appendingPathComponent("second.svg").path
        try VectorExporter.write(glow, to: first)
        for index in 0..<3 { try VectorExporter.write(bird, to: folder.appendingPathComponent("other\(index).svg").path) }
        try VectorExporter.write(glow, to: folder.appendingPathComponent("again.svg").path)
        try VectorExporter.write(glow, to: second)
        let a = try Data(contentsOf: URL(fileURLWithPath: first)), b = try Data(contentsOf: URL(fileURLWithPath: second))
        #expect(a == b, "\(a.count) and \(b.count) bytes")
        #expect(String(decoding: a, as: UTF8.self).contains("id=\"image1\""))
    }
}
