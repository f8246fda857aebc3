import Foundation
import LogoAnimation
import LogoMask
import MaskGeometry
import Testing
import LogoMaskTestSupport

@Suite("ProfileHeader export")
struct ProfileHeaderExportTests {
    func renderer() throws -> ProfileHeaderRenderer {
        var layout = ProfileHeaderLayout()
        layout.blurRadius = 1  // keep the debug build fast; the blur has its own tests
        return try ProfileHeaderRenderer(
            layout: layout,
            header: ProfileHeaderPictures.gradient(width: 200, height: 80),
            avatar: .image(ProfileHeaderPictures.checkerboard(size: 32, cell: 4)),
            nameLabel: .text("Jane"), pixelScale: 1)
    }

    @Test("PNG sequence, contact sheet, constants and blurred header, written atomically")
    func sequence() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("frames").path
        // An older sequence in the way is replaced whole.
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: out + "/stale.png", contents: Data([1])))
        let r = try renderer()
        var job = ProfileHeaderJob(offsets: [-104, 0, 40, 41, 130], output: out)
        job.contactSheet = folder.appendingPathComponent("sheet.png").path
        var fractions: [Double] = []
        let report = try r.export(job, workers: 2) { fractions.append($0) }
        #expect(report.frames == 5 && report.frameWidth == 375 && report.frameHeight == 320)
        #expect(fractions.last == 1)
        let names = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        #expect(names == (0..<5).map { "frame-000\($0).png" })
        let third = try RasterImage(contentsOfPNG: out + "/frame-0002.png")
        #expect(third == (try r.render(offset: 40)))
        #expect(job.constants == out + ".constants.json" && job.blurredHeader == out + ".blurred-header.png")
        let constants = try JSONDecoder().decode(
            HeaderConstants.self, from: try Data(contentsOf: URL(fileURLWithPath: out + ".constants.json")))
        #expect(constants.ranges.count == 5 && constants.zOrderSwapOffset == 40)
        #expect(try RasterImage(contentsOfPNG: out + ".blurred-header.png") == r.blurredHeader)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("sheet.png").path))
        // Nothing half-written is left beside the outputs.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }.isEmpty)
    }

    @Test("a job failing after its frames are drawn leaves none of its outputs: all or nothing")
    func failureLeavesNothing() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("frames").path
        var job = ProfileHeaderJob(offsets: [-104, 0, 40, 41, 130], output: out)
        job.contactSheet = folder.appendingPathComponent("sheet.png").path
        // The constants go to a folder that does not exist: the frames are drawn, then it fails.
        job.constants = folder.appendingPathComponent("missing/constants.json").path
        let r = try renderer()
        #expect(throws: LogoMaskError.self) { try r.export(job, workers: 2) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test("MP4 through ffmpeg, same bytes twice; bad outputs refused")
    func video() throws {
        _ = try Tool.path("ffmpeg")  // fails with what to install when it is missing
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let r = try renderer()
        let first = folder.appendingPathComponent("a.mp4").path, second = folder.appendingPathComponent("b.mp4").path
        for path in [first, second] {
            var job = ProfileHeaderJob(offsets: [-50, 0, 50, 100], output: path)
            job.constants = nil
            job.blurredHeader = nil
            _ = try r.export(job)
        }
        let a = try Data(contentsOf: URL(fileURLWithPath: first)), b = try Data(contentsOf: URL(fileURLWithPath: second))
        #expect(a.count > 100 && a == b)
        #expect(throws: LogoMaskError.self) { try r.export(ProfileHeaderJob(offsets: [0], output: folder.appendingPathComponent("x.mov").path)) }
        #expect(throws: LogoMaskError.self) { try r.export(ProfileHeaderJob(offsets: [], output: folder.appendingPathComponent("y").path)) }
        #expect(throws: LogoMaskError.self) { try r.export(ProfileHeaderJob(offsets: [.nan], output: folder.appendingPathComponent("z").path)) }
    }
}
