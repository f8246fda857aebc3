import Foundation
import Testing
import LogoMaskTestSupport

/// Outputs into a folder that exists but cannot hold a new file (/proc refuses every new file,
/// even to root, so the test does not depend on who runs it).
@Suite("outputs into a folder that cannot hold files")
struct UnwritableOutputTests {
    @Test("every writer answers 73 naming the target, never the hidden temporary, and leaves nothing", arguments: [
        ["export", "{logo}", "-o", "/proc/logo-mask-test.svg"],
        ["export", "{logo}", "-o", "/proc/logo-mask-test.pdf"],
        ["render", "{logo}", "-o", "/proc/logo-mask-test.png", "--width", "64"],
        ["hole", "{logo}", "--viewport", "100x200@1", "-o", "/proc/logo-mask-test.pdf"],
        ["reveal", "{logo}", "--preset", "twitter", "--viewport", "100x200@1", "-o", "/proc/logo-mask-test.json"],
    ])
    func unwritable(arguments: [String]) throws {
        let run = try CLI.run(arguments.map { $0 == "{logo}" ? CLI.sample("bird.svg") : $0 })
        let target = try #require(arguments.first { $0.hasPrefix("/proc/") })
        #expect(run.status == 73, "\(arguments[0]): \(run.stderr)")
        #expect(run.stderr.hasPrefix("logo-mask: \(target): cannot write the output"), "\(run.stderr)")
        #expect(!run.stderr.contains(".part-"))
        #expect(!FileManager.default.fileExists(atPath: target))
    }
}
