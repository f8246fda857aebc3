import Foundation
import Testing
import LogoMaskTestSupport

@Suite("outputs named for a format the command does not write")
struct OutputNameTests {
    @Test("render and mask refuse a .pdf, .svg or .jpg name with 64, naming the file and the command that writes it, and write nothing", arguments: [
        (["render", "{logo}", "--width", "32", "-o", "{out}/x.pdf"], "export"),
        (["render", "{logo}", "--width", "32", "-o", "{out}/x.JPG"], "export"),
        (["mask", "{logo}", "--width", "32", "--invert", "-o", "{out}/x.svg"], "hole"),
    ])
    func refused(arguments: [String], hint: String) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try CLI.run(arguments.map {
            $0 == "{logo}" ? CLI.sample("bird.svg") : $0.replacingOccurrences(of: "{out}", with: folder.path)
        })
        #expect(run.status == 64)
        #expect(run.stderr.contains("writes PNG, not ."))
        #expect(run.stderr.contains("logo-mask \(hint) "))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        // The same name ending .png works.
        let png = arguments.map {
            $0 == "{logo}" ? CLI.sample("bird.svg") : $0.replacingOccurrences(of: "{out}", with: folder.path)
        }.map { $0.hasPrefix(folder.path) ? folder.appendingPathComponent("x.png").path : $0 }
        #expect(try CLI.run(png + ["-q"]).status == 0)
    }
}
