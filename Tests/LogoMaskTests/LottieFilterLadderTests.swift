import Foundation
import LogoAnimation
@testable import LogoMask
import LogoMaskTestSupport
import MaskGeometry
import Testing

/// Issue 23: a filter result with sharp edges (kteatime's cup and tea, zanshin's) goes into the
/// Lottie as a ladder of its own PNGs at rising scales (``LottieFilterLadder``), placed between the
/// vector shapes in paint order, each frame showing the one nearest above its size; the shapes
/// stay shapes. On a synthetic logo: a square, a star merged into its own glow (a sharp-edged
/// result), a dot over it. About 2 s in debug.
@Suite("Lottie: a ladder for each sharp filter picture")
struct LottieFilterLadderTests {
    // The glow blurs the star's own colours (`SourceGraphic`): a shadow made from `SourceAlpha`
    // alone would be split from the star (``ShadowSplit``), leaving no sharp picture to ladder.
    static let svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">
          <defs>
            <filter id="glow" x="-20%" y="-20%" width="140%" height="140%">
              <feGaussianBlur in="SourceGraphic" stdDeviation="2" result="blur"/>
              <feMerge><feMergeNode in="blur"/><feMergeNode in="SourceGraphic"/></feMerge>
            </filter>
          </defs>
          <rect id="square" x="10" y="10" width="80" height="80" fill="#2060C0"/>
          <path id="star" filter="url(#glow)" fill="#FFC300" d="M50,20 L57,40 L78,41 L61,54 L68,74 L50,62 L32,74 L39,54 L22,41 L43,40 Z"/>
          <circle id="dot" cx="50" cy="50" r="6" fill="#C02020"/>
        </svg>
        """

    typealias Object = [String: Any]

    @Test("The star's glow: frame 0's PNG on the launch grid, then pictures doubling up to the top; each frame shows the one nearest above its scale; square and dot stay shapes")
    func ladderPerFilterPicture() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("sharp-glow.svg").path
        try Data(Self.svg.utf8).write(to: URL(fileURLWithPath: path))
        let scene = try LottieExportTests.scene(path, RevealPreset.twitter.spec) { $0.viewport = Viewport(width: 180, height: 390, density: 2) }
        let outline = try scene.logo.outline
        #expect(outline.shapes.count == 2 && outline.pictures.count == 1, "\(outline.shapes.count) shapes, \(outline.pictures.count) pictures")

        let file = try RevealExport.lottie(scene, options: RevealExportOptions())
        #expect(file.embeddedPicture)
        let notes = file.notes.joined(separator: "\n")
        #expect(notes.contains("#star") && notes.contains("each goes in as a ladder of 3 PNGs"), "\(notes)")
        #expect(!notes.contains("embedded ladder of") && !notes.contains("PNG of the logo"), "no whole-logo picture: \(notes)")

        let json = try #require(try JSONSerialization.jsonObject(with: Data(file.text.utf8)) as? Object)
        let assets = try #require(json["assets"] as? [Object])
        // The pictures: one per level, the filter's result alone (no whole-logo picture).
        let images = assets.filter { ($0["p"] as? String)?.hasPrefix("data:image/png") == true }
        let ladder = images.filter { ($0["id"] as? String)?.hasPrefix("filter picture 1") == true }
        #expect(images.count == ladder.count, "\(images.map { $0["id"] ?? "?" })")
        let sizes = Dictionary(uniqueKeysWithValues: ladder.map { ($0["id"] as! String, ($0["w"] as! Int, $0["h"] as! Int)) })
        // Frame 0's, drawn at the launch screen's scale (about 2 px a unit: the star and its
        // glow, cut to what they paint), then the filters' picture scale (2048 px over the
        // logo's filter region, 9.77 px a unit) and its half, above frame 0's.
        let zero = try #require(sizes["filter picture 1"])
        #expect((130...134).contains(zero.0) && (124...128).contains(zero.1), "frame 0's \(zero)")
        let scales = ladder.compactMap { ($0["id"] as? String).flatMap(Self.scale(ofID:)) }.sorted()
        #expect(scales.count == 2 && abs((scales.last ?? 0) - 9.769) < 0.001, "\(sizes)")
        for (a, b) in zip(scales, scales.dropFirst()) { #expect(abs(b / a - 2) < 1e-3, "levels \(scales)") }
        for scale in scales {
            let size = try #require(sizes[LottieArtLayers.imageID(0) + " at \(formatNumber(scale, decimals: 3)) px a unit"])
            // The star's region (about 65 x 63 units with its glow) at that scale, cut to its ink.
            #expect(abs(Double(size.0) / scale - 65) < 4 && abs(Double(size.1) / scale - 63) < 4, "\(size) at \(scale)")
        }

        // Each art: square and dot as shape layers, the star's pictures between them, one at a
        // time, frame 0's first, at or above the art's scale at every frame (or the top).
        let end = try #require(json["op"] as? Int)
        let times = scene.frameTimes(fps: 60)
        for (artID, place) in [("logo", { (s: FrameState) in scene.drawnLogoTransform(s) }), ("hole", { scene.holeTransform($0) })] {
            let art = try #require(assets.first { $0["id"] as? String == artID }, "\(artID)")
            let layers = try #require(art["layers"] as? [Object])
            let kinds = layers.map { $0["ty"] as! Int }
            // Topmost first: the dot, the star's pictures, the square; in the hole's matte, which
            // needs only the coverage, the opaque shapes over the pictures (LottieArtLayers).
            if artID == "logo" {
                #expect(kinds.first == 4 && kinds.last == 4 && kinds.dropFirst().dropLast().allSatisfy { $0 == 2 }, "\(artID): \(kinds)")
            } else {
                #expect(kinds.first == 4 && kinds.dropFirst().allSatisfy { $0 == 2 }, "\(artID): \(kinds)")
            }
            // The hole grows past every level; the drawn logo shows frame 0's only while it shows.
            #expect(kinds.count { $0 == 2 } >= (artID == "hole" ? 3 : 1), "\(artID): a layer per picture and run")
            let layerEnd = layers.compactMap { $0["op"] as? Int }.max() ?? end
            #expect(layerEnd >= end)
            var shownBy = [String?](repeating: nil, count: layerEnd)
            for layer in layers where layer["ty"] as? Int == 2 {
                let id = layer["refId"] as! String
                for f in (layer["ip"] as! Int)..<(layer["op"] as! Int) {
                    #expect(shownBy[f] == nil, "\(artID): frame \(f) shows two pictures")
                    shownBy[f] = id
                }
            }
            #expect(shownBy.allSatisfy { $0 != nil }, "\(artID): every frame shows a picture")
            #expect(shownBy.first == "filter picture 1", "\(artID): frame 0's picture first")
            for f in 1..<layerEnd {
                guard let id = shownBy[f], let scale = Self.scale(ofID: id) else { continue }
                let state = scene.state(at: times[min(f, times.count - 1)])
                // The drawn logo's pictures matter only while it shows.
                if artID == "logo", state.logoOpacity == 0 { continue }
                let needed = LottiePictureLadder.scale(of: place(state))
                #expect(scale >= needed * (1 - 1e-6) || scale == scales.last, "\(artID) frame \(f): \(scale) px a unit for \(needed)")
            }
            #expect(artID == "logo" || shownBy.last == LottieArtLayers.imageID(0) + " at \(formatNumber(scales.last ?? 0, decimals: 3)) px a unit")
        }
    }

    /// The scale in an image id "filter picture N at S px a unit".
    static func scale(ofID id: String) -> Double? {
        guard let at = id.range(of: " at "), let px = id.range(of: " px a unit") else { return nil }
        return Double(id[at.upperBound..<px.lowerBound])
    }
}
