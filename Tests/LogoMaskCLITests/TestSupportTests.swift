import Foundation
import LogoMaskTestSupport
import Testing

/// The test support's own PNG reader (what the reference pictures are compared with) agrees with
/// ffmpeg's decoder, and reads back what it writes.
@Suite("test support: PNG reader")
struct TestSupportTests {
    @Test("decoded pixels equal ffmpeg's, for grey and RGBA pictures", arguments: [
        "masks/glow-200-gray.png", "holes/ymark-gradient.png",
    ])
    func agreesWithFFmpeg(_ relative: String) throws {
        let path = ReferenceCase.folder.appendingPathComponent(relative).path
        let picture = try PNGPicture(contentsOf: path)
        #expect(pngSize(path) == PNGSize(picture.width, picture.height))
        // Grey stays grey in ffmpeg (no range conversion); compare it with the red channel.
        let grey = relative.contains("gray")
        let ours: [UInt8] = grey ? stride(from: 0, to: picture.rgba.count, by: 4).map { picture.rgba[$0] } : picture.rgba
        // ffmpeg's MD5 of its own decoding, and of ours given to it as raw pixels.
        let hash = try runTool("ffmpeg", ["-v", "error", "-i", path, "-f", "hash", "-hash", "md5", "-pix_fmt", grey ? "gray" : "rgba", "-"])
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let raw = folder.appendingPathComponent("ours.raw")
        try Data(ours).write(to: raw)
        let oursHash = try runTool("ffmpeg", ["-v", "error", "-f", "rawvideo", "-pix_fmt", grey ? "gray" : "rgba",
                                              "-s", "\(picture.width)x\(picture.height)", "-i", raw.path,
                                              "-f", "hash", "-hash", "md5", "-"])
        #expect(hash.status == 0 && !hash.stdout.isEmpty && hash.stdout == oursHash.stdout, "\(hash.stdout) vs \(oursHash.stdout)")
    }

    @Test("a written picture reads back pixel for pixel")
    func roundTrip() throws {
        var picture = PNGPicture(width: 5, height: 3, fill: [10, 20, 30, 40])
        picture.setPixel(x: 4, y: 2, [255, 0, 128, 255])
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("p.png").path
        try picture.write(to: path)
        #expect(try PNGPicture(contentsOf: path) == picture)
        #expect(pngSize(path) == PNGSize(5, 3))
        let other = PictureComparison(expected: picture, actual: PNGPicture(width: 5, height: 3, fill: [10, 20, 30, 40]))
        #expect(!other.matches && other.differingPixels == 1 && other.largestDifference == 245)
    }
}
