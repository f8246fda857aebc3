import Foundation
import Testing

@testable import LogoMask

@Suite("Frame sequence writer")
struct FrameSequenceWriterTests {
    struct Boom: Error {}

    /// Names in `folder`, hidden temporaries included.
    static func contents(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    @Test("a sequence failing mid-way leaves no folder, sheet or staged file behind, and keeps an older folder")
    func failureLeavesNothing() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("frames").path
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: out + "/old.png", contents: Data([1])))
        let sheet = try ContactSheet(
            indices: ContactSheet.evenlySpaced(count: 8), frameWidth: 40, frameHeight: 30,
            style: .reveal(frameWidth: 40, frameHeight: 30), label: { "#\($0)" })
        #expect(throws: LogoMaskError.self) {
            let writer = try FrameSequenceWriter(
                frameCount: 8, width: 40, height: 30, destination: .pngFolder(path: out),
                contactSheet: (folder.appendingPathComponent("sheet.png").path, sheet))
            let extra = writer.stage(folder.appendingPathComponent("extra.txt").path)
            #expect(FileManager.default.createFile(atPath: extra, contents: Data([2])))
            try writer.run(
                workers: 2, name: "test",
                makeState: { () throws(LogoMaskError) in 0 },
                render: { (_: inout Int, index: Int, frame: FrameBuffer) throws(LogoMaskError) in
                    if index == 5 { throw LogoMaskError.drawingFailed(file: "test", reason: "frame 5") }
                    frame.context.paint(color: .white, operator: .source)
                })
            _ = try writer.commit()
        }
        #expect(try Self.contents(folder) == ["frames"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: out) == ["old.png"])
    }

    @Test("frame names keep at least the digits asked for")
    func frameNames() {
        #expect(FrameSequenceWriter.frameName(7, digits: 4) == "frame-0007.png")
        #expect(FrameSequenceWriter.frameName(12345, digits: 4) == "frame-12345.png")
        #expect(FrameSequenceWriter.frameName(7, digits: 5) == "frame-00007.png")
    }
}
