import Foundation
import LogoMaskTestSupport
import MaskGeometry
import Testing
@testable import LogoMask

/// ``InkProbe``'s coverage pictures are drawn once per logo, rect and side
/// (``VectorLogo/inkProbes``): every large render of a filtered logo probes its document box,
/// and `generate` renders several (the iOS launch logo at 1x-3x, the web's).
@Suite("InkProbe draws each probe of a logo once")
struct InkProbeSharingTests {
    @Test("the same rect and side: asked 3 times, drawn once, the same answer as a fresh logo's; another side is drawn again")
    func sameProbeOnce() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A name of its own: the hook counts by the logo's name, and other suites draw glow.svg meanwhile.
        let path = try TestPaths.sampleCopy("glow.svg", as: "ink-probe-sharing.svg", in: folder)
        let logo = try VectorLogo(contentsOf: path)
        #expect(logo.usesFilterEffects)
        let box = logo.documentBox
        var answers: [(rect: Rect?, pixel: Double)] = []
        let tally = try InkProbe.drawLog.watching(logo.name) {
            for _ in 0..<3 { answers.append(try InkProbe.inkedRect(of: logo, over: box)) }
        }
        #expect(tally == MemoTally(asked: 3, made: 1), "probes: \(tally)")
        let first = try #require(answers.first?.rect)
        #expect(!first.isEmpty)
        for answer in answers.dropFirst() {
            #expect(answer.rect == first && answer.pixel == answers[0].pixel)
        }
        // A new VectorLogo of the same file has an empty memo: drawn afresh, the same box.
        let fresh = try VectorLogo(contentsOf: path)
        var again: (rect: Rect?, pixel: Double) = (nil, 0)
        let freshTally = try InkProbe.drawLog.watching(fresh.name) {
            again = try InkProbe.inkedRect(of: fresh, over: box)
        }
        #expect(freshTally == MemoTally(asked: 1, made: 1))
        #expect(again.rect == first && again.pixel == answers[0].pixel)
        // Another side is another picture (its pixel a quarter of the size).
        var finer: (rect: Rect?, pixel: Double) = (nil, 0)
        let sideTally = try InkProbe.drawLog.watching(logo.name) {
            finer = try InkProbe.inkedRect(of: logo, over: box, side: 4 * InkProbe.side)
        }
        #expect(sideTally == MemoTally(asked: 1, made: 1))
        #expect(abs(finer.pixel * 4 - answers[0].pixel) < 1e-12)
        let fine = try #require(finer.rect)
        // Not the memo's answer: a box of its own (glow's blur fades past the coarse box's edge).
        #expect(!fine.intersection(first).isEmpty)
    }
}
