import Foundation
@testable import LogoMask
import LogoMaskTestSupport
import MaskGeometry
import Testing

/// Issue 23: a hole's matte whose translucent groups overlap (kiten's shadows) goes in as shapes,
/// isolated: its layers in paint order inside one precomposition at
/// ``LottieArtLayers/isolationOpacity``, which ThorVG composites off screen as rlottie and
/// lottie-web do (drawn directly inside the matte, two overlapping groups at 50 % covered 0.25
/// where the others show 0.75). Before, such a hole went in as a ladder of whole-logo pictures.
/// About 10 s in debug (the three players).
@Suite("Lottie: a matte whose translucent groups overlap")
struct LottieIsolatedMatteTests {
    @Test("Two overlapping translucent groups: the hole's matte is one isolated precomposition of shapes, no picture; every player holds 1 % at five moments")
    func overlappingGroupsMatte() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("two-groups.svg")
        try Data("""
            <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">
            <circle cx="50" cy="50" r="20" fill="#1d9bf0"/>
            <g opacity="0.5"><rect x="5" y="20" width="40" height="60" fill="#e01010"/><rect x="25" y="30" width="40" height="40" fill="#10a010"/></g>
            <g opacity="0.6"><rect x="40" y="25" width="50" height="50" fill="#202020"/><rect x="55" y="10" width="30" height="80" fill="#f0c000"/></g>
            </svg>
            """.utf8).write(to: file)
        let scene = try LottieExportTests.scene(file.path, RevealPreset.twitter.spec)
        // In coverage order the two groups would both have to come first.
        let outline = try scene.logo.outline
        #expect(throws: LottieShapes.Refusal.overlappingGroups) {
            try LottieArtLayers(outline: outline, tint: .black, id: "hole", name: "hole", box: LottieGroupsTests.box, endFrame: 10, matte: true)
        }
        let item = try LottieExportTests.export(scene, label: "two groups twitter", into: folder)
        #expect(!item.picture)
        let assets = try LottieGroupsTests.precompositions(String(contentsOfFile: item.file, encoding: .utf8))
        let hole = try #require(assets["hole"])
        #expect(hole.count == 1 && hole[0]["ty"] as? Int == 0 && hole[0]["refId"] as? String == "hole isolated", "\(hole)")
        let opacity = ((hole[0]["ks"] as? [String: Any])?["o"] as? [String: Any])?["k"] as? Double
        #expect(opacity.map { abs($0 - 99.8) < 1e-9 } == true, "\(String(describing: opacity))")
        // Inside, paint order (topmost first): the 60 % group, the 50 % group, the disc.
        let inside = try #require(assets["hole isolated"])
        #expect(inside.map { $0["ty"] as? Int } == [0, 0, 4])
        #expect(inside.prefix(2).map { (($0["ks"] as? [String: Any])?["o"] as? [String: Any])?["k"] as? Double } == [60, 50])

        let outcome = try LottiePlayback.compare([item], in: folder) { _, _ in LottieExportTests.allowedFraction }
        let worst = outcome.worst["two groups twitter"] ?? [:]
        print("two overlapping groups: " + worst.keys.sorted().map { "\($0) \(String(format: "%.3f", worst[$0]! * 100)) %" }.joined(separator: ", "))
        #expect(outcome.failures.isEmpty && outcome.missing.isEmpty, "\(outcome.failures.joined(separator: "\n"))")
        #expect(worst.count == 3 && worst.values.allSatisfy { $0 < 0.002 }, "\(worst)")
    }
}
