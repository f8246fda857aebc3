import Foundation
import Testing
import LogoMaskTestSupport

/// A path that crosses itself hundreds of thousands of times (issue 17, point 5): Cairo would
/// take minutes to fill it, so it is refused before anything is drawn, naming the fixes.
@Suite("self-crossing paths")
struct PathCrossingTests {
    /// One path of 200,000 segments between random points of a 1000-unit square (a fixed
    /// linear congruential sequence): each crosses about a fifth of the others.
    static func crossingSVG(segments: Int) -> String {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return (state >> 33) % 1000
        }
        var d = "M0 0"
        d.reserveCapacity(segments * 9)
        for _ in 0..<segments { d += " L\(next()) \(next())" }
        return #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1000 1000"><path d="\#(d) Z"/></svg>"#
    }

    @Test("200,000 crossing segments: info and render at 256 px exit 65 with the message naming --trusted-input and simplifying, nothing written")
    func refusedEarly() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let logo = folder.appendingPathComponent("crossing.svg").path
        try Data(Self.crossingSVG(segments: 200_000).utf8).write(to: URL(fileURLWithPath: logo))
        let png = folder.appendingPathComponent("crossing.png").path
        for arguments in [["info", logo], ["render", logo, "-w", "256", "-o", png]] {
            let run = try CLI.run(arguments)
            #expect(run.status == 65, "\(arguments[0]): \(run.stderr)")
            #expect(run.stdout.isEmpty)
            // Counting stops at the first band past the limit: the count is that band's total.
            let pattern = #"^logo-mask: \#(NSRegularExpression.escapedPattern(for: logo)): a path crosses itself too often to be drawn in reasonable time: (\d+) edge crossings counted, over the limit of 39062 \(Cairo finds each one when it fills the path; no real logo comes near it\)\. Simplify the path in the design tool \(remove the self-overlapping strokes or flatten the shape\), or pass --trusted-input if you trust the file and can wait minutes\.\n$"#
            let regex = try NSRegularExpression(pattern: pattern)
            let match = regex.firstMatch(in: run.stderr, range: NSRange(run.stderr.startIndex..., in: run.stderr))
            #expect(match != nil, "\(run.stderr)")
            if let match, let range = Range(match.range(at: 1), in: run.stderr), let count = Int(run.stderr[range]) {
                #expect(count > 39_062 && count < 1_000_000)
            }
        }
        #expect(!FileManager.default.fileExists(atPath: png))
    }

    @Test("450 crossing segments (about 20,000 crossings): info and a 256 px render work; at 4096 px the render exits 65 naming the size, nothing written")
    func refusedAtLargeSizes() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let logo = folder.appendingPathComponent("crossing.svg").path
        try Data(Self.crossingSVG(segments: 450).utf8).write(to: URL(fileURLWithPath: logo))
        let info = try CLI.run(["info", logo])
        #expect(info.status == 0, "\(info.stderr)")
        let small = folder.appendingPathComponent("small.png").path
        let drawn = try CLI.run(["render", logo, "-w", "256", "-o", small])
        #expect(drawn.status == 0, "\(drawn.stderr)")
        #expect(drawn.stderr == "wrote \(small) (256x256)\n")
        let big = folder.appendingPathComponent("big.png").path
        let refused = try CLI.run(["render", logo, "-w", "4096", "-o", big])
        #expect(refused.status == 65)
        #expect(refused.stdout.isEmpty)
        let pattern = #"^logo-mask: \#(NSRegularExpression.escapedPattern(for: logo)): a path crosses itself too often to be drawn in reasonable time: (\d+) edge crossings counted, over the limit of (\d+) for a drawing (\d+) pixels high \(Cairo finds each one when it fills the path; no real logo comes near it\)\. Ask for a smaller size, simplify the path in the design tool \(remove the self-overlapping strokes or flatten the shape\), or pass --trusted-input if you trust the file and can wait minutes\.\n$"#
        let regex = try NSRegularExpression(pattern: pattern)
        let match = try #require(regex.firstMatch(in: refused.stderr, range: NSRange(refused.stderr.startIndex..., in: refused.stderr)),
                                 "\(refused.stderr)")
        func group(_ i: Int) -> Int? { Range(match.range(at: i), in: refused.stderr).flatMap { Int(refused.stderr[$0]) } }
        let crossings = try #require(group(1)), limit = try #require(group(2)), rows = try #require(group(3))
        #expect(crossings > 10_000 && crossings < 40_000)
        #expect(rows > 3_000 && rows <= 4096)  // the ink's height at 4096 px wide
        #expect(limit == 10_000_000 / rows)
        #expect(!FileManager.default.fileExists(atPath: big))
    }

    @Test("a path of 20,000 segments that never cross (a zigzag) is drawn, not refused")
    func zigzagDrawn() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var d = "M0 0"
        for i in 1...20_000 { d += " L\(i % 2 == 0 ? 0 : 1000) \(Double(i) / 20)" }
        let logo = folder.appendingPathComponent("zigzag.svg").path
        try Data(#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1000 1000"><path d="\#(d) Z"/></svg>"#.utf8)
            .write(to: URL(fileURLWithPath: logo))
        let png = folder.appendingPathComponent("zigzag.png").path
        let run = try CLI.run(["render", logo, "-w", "256", "-o", png])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "wrote \(png) (256x256)\n")
    }
}
