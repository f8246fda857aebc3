import Foundation
import Testing
@testable import LogoMask
import MaskGeometry
import LogoMaskTestSupport

/// The hostile set through the library: loading refuses what cannot be drawn with the documented
/// status and a message naming the input; what loads can be measured and masked without a crash.
@Suite("Hostile inputs through the library")
struct HostileLoadingTests {
    /// Cases that never end within a test's time (bounded in the CLI by the watchdog).
    static let slow: Set<String> = ["self-crossing path of 100,000 segments", "use fan-out bomb"]

    @Test("load, then bounds and a 64x64 mask", arguments: hostileCases.filter { !slow.contains($0.name) })
    func load(_ hostile: HostileCase) throws {
        let options = LoadOptions(page: hostile.extraArguments.contains("--page") ? 3 : 1)
        do {
            let logo = try VectorLogo(data: hostile.bytes, name: hostile.fileName, options: options)
            #expect(!hostile.refusedOnLoad, "\(hostile.name) loaded but should be refused")
            let size = logo.documentSize
            let scale = 64 / max(size.width, size.height)
            if scale.isFinite, scale > 0, max(size.width, size.height) < 1e7 {
                do {
                    _ = try Rasterizer.image(of: logo, width: 64, height: 64, transform: .scale(scale), coverageOnly: true)
                } catch {
                    #expect([64, 65, 70].contains(error.exitStatus), "\(error)")
                }
            }
        } catch {
            #expect(hostile.allowed(for: "info").contains(error.exitStatus), "\(hostile.name): \(error)")
            #expect(error.description.contains(hostile.fileName), "\(error.description)")
            let message = error.description.lowercased()
            // Flags are the CLI tests' job: the library names parameters, never the tool's flags.
            for word in hostile.mentions where !["warning", "pixels", "budget"].contains(word) && !word.hasPrefix("--") {
                #expect(message.contains(word.lowercased()), "\(hostile.name): \"\(word)\" missing from \(error.description)")
            }
        }
    }

    @Test("external references are listed, network ones recognised, none fetched")
    func externalReferences() throws {
        let data = Data(#"""
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10">
              <style>@import "https://example.invalid/a.css"; rect { fill: url(#g) }</style>
              <linearGradient id="g"/><image xlink:href='file:///etc/hosts' width="1" height="1"/>
              <image href="data:image/png;base64,AAAA"/><use href="#g"/><use xlink:href="other.svg#x"/>
              <rect width="5" height="5" filter="url( //cdn.invalid/f.svg#f)"/>
            </svg>
            """#.utf8)
        let logo = try VectorLogo(data: data, name: "refs.svg")
        #expect(logo.externalReferences == ["https://example.invalid/a.css", "file:///etc/hosts", "other.svg#x", "//cdn.invalid/f.svg#f"])
        #expect(SVGInspection.isNetworkReference("https://example.invalid/a.css"))
        #expect(SVGInspection.isNetworkReference("//cdn.invalid/f.svg#f"))
        #expect(!SVGInspection.isNetworkReference("file:///etc/hosts"))
        #expect(!SVGInspection.isNetworkReference("other.svg#x"))
    }

    @Test("CSS lengths: leading numbers", arguments: [
        ("10", 10.0), ("12.5px", 12.5), ("-3", -3), ("1e3", 1000), ("2em", 2), (".5in", 0.5), ("+7%", 7),
    ] as [(String, Double)])
    func leadingNumber(_ pair: (String, Double)) {
        #expect(SVGInspection.leadingNumber(pair.0) == pair.1)
    }

    @Test("not lengths", arguments: ["NaN", "inf", "abc", "", "-", "e5"])
    func notLengths(_ text: String) {
        #expect(SVGInspection.leadingNumber(text) == nil)
    }

    @Test("sizes that draw are kept: percentages, units, auto, a viewBox alone")
    func legalSizes() throws {
        for attributes in [#"width="100%" height="50%" viewBox="0 0 10 10""#, #"width="2cm" height="1in""#,
                           #"width="auto" viewBox="0,0,4,4""#, #"viewBox=" 0 0 24 24 ""#] {
            let data = Data(#"<svg xmlns="http://www.w3.org/2000/svg" \#(attributes)><rect width="1" height="1"/></svg>"#.utf8)
            let logo = try VectorLogo(data: data, name: "ok.svg")
            #expect(logo.documentSize.isUsable, "\(attributes)")
        }
    }

    @Test("inputs over maxInputBytes are refused before parsing")
    func inputLimit() throws {
        let data = Data(repeating: 0x20, count: 2000) + Data("<svg/>".utf8)
        #expect(throws: LogoMaskError.self) { try VectorLogo(data: data, name: "big.svg", options: LoadOptions(maxInputBytes: 1000)) }
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("big.svg").path
        try data.write(to: URL(fileURLWithPath: path))
        do {
            _ = try VectorLogo(contentsOf: path, options: LoadOptions(maxInputBytes: 1000))
            Issue.record("a file over the limit loaded")
        } catch {
            #expect(error.exitStatus == 65 && error.description.contains("1000-byte limit"), "\(error)")
        }
    }

    @Test("deadlines with absurd budgets do not trap")
    func absurdDeadlines() {
        #expect(!Deadline.after(seconds: 1e300).hasPassed)
        #expect(!Deadline.after(seconds: .infinity).hasPassed)
        #expect(!Deadline.after(seconds: .nan).hasPassed)
        #expect(!Deadline.after(seconds: 1e300, from: .now).hasPassed)
        #expect(Deadline.after(seconds: 0.001, from: .now - .seconds(1)).hasPassed)
    }

    @Test("an output that fails half-way leaves nothing behind")
    func atomicOnFailure() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("out.pdf").path
        #expect(throws: LogoMaskError.self) {
            try AtomicFile.produce(at: target) { (temporary: String) throws(LogoMaskError) in
                #expect(FileManager.default.createFile(atPath: temporary, contents: Data("half".utf8)))
                throw LogoMaskError.drawingFailed(file: "x", reason: "test")
            }
        }
        do {
            let file = try AtomicFile(path: target)
            try file.write([1, 2, 3])
            // dropped without commit
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        // A registered temporary folder goes too (what SIGINT's handler calls). A registry of the
        // test's own: removeAll() on the shared one would delete other tests' files in flight.
        let temporary = folder.appendingPathComponent(".frames.part").path
        try FileManager.default.createDirectory(atPath: temporary + "/sub", withIntermediateDirectories: true)
        let registry = TemporaryOutputs()
        registry.register(temporary)
        registry.removeAll()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test("a logo loaded from bytes never reads a file, even one named absolutely")
    func bytesReadNoFiles() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==") ?? Data()
        let dot = folder.appendingPathComponent("dot.png").path
        try png.write(to: URL(fileURLWithPath: dot))
        let data = Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><image href="file://\#(dot)" width="4" height="4"/><image href="\#(dot)" width="4" height="4"/></svg>"#.utf8)
        let logo = try VectorLogo(data: data, name: "abs.svg", options: LoadOptions(allowLocalReferences: true))
        #expect(logo.inkBounds.isEmpty, "an image was loaded: \(logo.inkBounds)")
    }
}
