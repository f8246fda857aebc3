import Foundation
import LogoMask
import Testing
import LogoMaskTestSupport

/// The library's batch: inputs expanded and named, results in order with their sizes or
/// failures, the same bytes as one render.
@Suite("LogoBatch")
struct BatchTests {
    @Test("items refuse two inputs with one name (naming both) and keep the folder as given")
    func items() throws {
        let items = try BatchInputs.items(for: ["a/x.svg", "b/y.pdf"], into: "out/")
        #expect(items == [BatchItem(input: "a/x.svg", output: "out/x.png"), BatchItem(input: "b/y.pdf", output: "out/y.png")])
        #expect(throws: LogoMaskError.invalidRequest(
            "a/x.svg and b/x.pdf would both be written to out/x.png. Rename one, or run them as two batches.")) {
            try BatchInputs.items(for: ["a/x.svg", "b/x.pdf"], into: "out")
        }
        #expect(throws: LogoMaskError.self) { try BatchInputs.expand(["-"]) }
    }

    @Test("in-process: results in input order, sizes, a missing file's 66, bytes equal to one render")
    func inProcess() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let inputs = [TestPaths.simpleIcon("abb.svg"), folder.appendingPathComponent("gone.svg").path, TestPaths.sample("bird.pdf")]
        let batch = LogoBatch(
            items: try BatchInputs.items(for: inputs, into: folder.path),
            operation: .render(size: .width(40), background: nil, compression: .fast), jobs: 2)
        var seen: [Int] = []
        let results = batch.run(onResult: { _, done in seen.append(done) })
        #expect(seen == [1, 2, 3])
        #expect(results.map(\.index) == [0, 1, 2])
        #expect(results.map(\.succeeded) == [true, false, true])
        #expect(try results[0].outcome.get() == RasterSize(width: 40, height: 40, scale: 40.0 / 24))
        guard case let .failure(failure) = results[1].outcome else { return }
        #expect(failure.exitStatus == 66)
        #expect(failure.error == .unreadableInput(file: inputs[1], reason: "no such file"))
        let single = folder.appendingPathComponent("single.png").path
        try Rasterizer.writePNG(of: VectorLogo(contentsOf: inputs[2]), size: .width(40), to: single)
        #expect(try Data(contentsOf: URL(fileURLWithPath: single)) == Data(contentsOf: folder.appendingPathComponent("bird.png")))
    }
}
