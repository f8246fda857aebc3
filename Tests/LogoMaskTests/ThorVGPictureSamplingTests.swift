import Foundation
@testable import LogoMask
import LogoMaskTestSupport
import Testing

/// How ThorVG 1.0.4 (thorvg-python 1.1.3, the engine of the dotLottie players) places an image
/// layer's picture, pinned on synthetic Lottie files: a 40-px picture whose block 4..<24 by
/// 4..<36 is opaque, drawn by an image layer at several scales, offsets and turns, alone, in a
/// precomposition, as a track matte and declared at another size. The block's centre of mass
/// says where each player put it. About 2 s.
///
/// ThorVG's software renderer draws an image at scale exactly 1 through its direct path
/// (`tvgSwImage.cpp` `imagePrepare`: `_onlyShifted`, the offset rounded by `nearbyint`), which is
/// exact on whole-pixel offsets; at any other scale it samples the picture at each destination
/// pixel's top-left corner instead of its centre (`tvgSwRaster.cpp`, `SCALED_IMAGE_RANGE_X/Y`:
/// `sx = x * itransform->e11 + itransform->e13 - 0.49f`, where the centre would be
/// `(x + 0.5) * e11 + e13 - 0.5`), for up-scaling (bilinear, `_interpUpScaler`) and down-scaling
/// alike (`_interpDownScaler` below half, whose box starts at the truncated `(int32_t)sx`, so
/// 0.5-1.2 px; the lines read the same on ThorVG's main branch). So every scaled picture lands 0.5 - 0.01 x scale destination pixels right and
/// down of where the file puts it, whatever the scale, offset, precomposition or matte; rlottie
/// and lottie-web put it where the file says. No file can be read alike by the three: the
/// displacement is in destination pixels, the same for every picture, and nothing in the file
/// moves ThorVG's pictures without moving the others' (an asset's `w`/`h` other than the PNG's
/// scales ThorVG's picture about its corner, while rlottie draws the PNG at its own size; a
/// turn of a thousandth of a degree sends ThorVG through its texture mapper, which is 0.7-1.3 px
/// off the other way). Only a picture at scale 1 on whole pixels, frame 0's, is exact in all
/// three. ``LottiePlayersTests`` therefore reads ThorVG's frames of a picture against the
/// frames moved as ThorVG moves the picture as well (``thorvgReadings(of:frame:expected:width:height:)``).
@Suite("ThorVG's picture sampling")
struct ThorVGPictureSamplingTests {
    /// One synthetic file: the picture's scale and offset (destination pixels), and how it is
    /// wrapped.
    struct Probe: CustomStringConvertible {
        var scale: Double
        var offset: Double
        var rotation = 0.0
        var precomposition = false
        var matte = false
        /// The asset's `w` and `h`, when not the PNG's.
        var declared: Int?
        var description: String {
            "scale \(scale) offset \(offset)" + (rotation == 0 ? "" : " turned \(rotation)°") + (precomposition ? " in a precomposition" : "")
                + (matte ? " as a matte" : "") + (declared.map { " declared \($0) px" } ?? "")
        }
    }

    /// How far right and down of where the file puts it ThorVG 1.0.4 draws a picture shown at
    /// `scale` destination pixels a picture pixel, turned `rotation` degrees (Lottie's `r`,
    /// clockwise), as a track `matte` or not. Unturned (or half a turn): 0.5 - 0.01 x scale, none
    /// at scale 1 (the direct path, exact on whole pixels as frame 0's picture is). Turned, its
    /// texture mapper (`tvgSwRasterTexmap.h`) samples each pixel at its lower right corner (the
    /// sub-pixel pre-steps `dy = 1 - (y[0] - yi[0])` and `dx = 1 - (_xa - x1)`), half a pixel up
    /// and left; drawing in colour (`_rasterPolygonImageSegment32`) it also weighs texel `(int)u`
    /// as if its value sat on its corner (`ar = _modf(u)`), half a picture pixel back along the
    /// picture's own axes, while a matte's 8-bit mask (`_rasterPolygonImageSegment8`) takes the
    /// texel under the sample, unweighted.
    static func displacement(scale: Double, rotation: Double, matte: Bool = false) -> (x: Double, y: Double) {
        let turns = (rotation / 180).rounded()
        if abs(rotation - turns * 180) < 1e-5 {
            if abs(scale - 1) < 1e-6 { return (0, 0) }
            return (0.5 - 0.01 * scale, 0.5 - 0.01 * scale)
        }
        if matte { return (-0.5, -0.5) }
        let t = rotation * .pi / 180
        let half = scale / 2
        return (-0.5 - half * (cos(t) - sin(t)), -0.5 - half * (sin(t) + cos(t)))
    }

    /// `frame` (premultiplied ARGB32, rows packed) moved `by` pixels (right and down), each pixel
    /// read bilinearly, the edges held.
    static func displaced(_ frame: [UInt32], width: Int, height: Int, by d: (x: Double, y: Double)) -> [UInt32] {
        var out = frame
        for y in 0..<height {
            let sy = min(max(Double(y) - d.y, 0), Double(height - 1))
            let y0 = Int(sy), y1 = min(Int(sy) + 1, height - 1), fy = sy - Double(y0)
            for x in 0..<width {
                let sx = min(max(Double(x) - d.x, 0), Double(width - 1))
                let x0 = Int(sx), x1 = min(Int(sx) + 1, width - 1), fx = sx - Double(x0)
                let a = frame[y0 * width + x0], b = frame[y0 * width + x1], c = frame[y1 * width + x0], e = frame[y1 * width + x1]
                var word: UInt32 = 0
                for shift in [0, 8, 16, 24] as [UInt32] {
                    func channel(_ w: UInt32) -> Double { Double((w >> shift) & 0xFF) }
                    let top = channel(a) + (channel(b) - channel(a)) * fx, bottom = channel(c) + (channel(e) - channel(c)) * fx
                    word |= UInt32(min(255, max(0, (top + (bottom - top) * fy).rounded()))) << shift
                }
                out[y * width + x] = word
            }
        }
        return out
    }

    /// `expected` as ThorVG shows the Lottie `file`'s pictures of the logo at `frame`: moved by
    /// ``displacement(scale:rotation:matte:)`` for each top layer that shows a picture's
    /// precomposition then (the hole's matte, the drawn logo), the image layer inside it at that
    /// frame giving the picture's scale; one frame for each displacement, none when no top layer
    /// shows a picture. `width` is the frame's, the composition drawn to fit.
    static func thorvgReadings(of file: String, frame: Int, expected: [UInt32], width: Int, height: Int) throws -> [[UInt32]] {
        let data = try Data(contentsOf: URL(fileURLWithPath: file))
        guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let assets = root["assets"] as? [[String: Any]], let layers = root["layers"] as? [[String: Any]],
              let compositionWidth = root["w"] as? Double
        else { return [] }
        let at = Double(frame)
        func shown(_ layer: [String: Any]) -> Bool { (layer["ip"] as? Double ?? 0) <= at && at < (layer["op"] as? Double ?? .infinity) }
        var pictures: [String: [[String: Any]]] = [:]
        for asset in assets {
            guard let id = asset["id"] as? String, let inner = asset["layers"] as? [[String: Any]] else { continue }
            let images = inner.filter { ($0["ty"] as? Int) == 2 }
            if !images.isEmpty { pictures[id] = images }
        }
        var moves: [(x: Double, y: Double)] = []
        for top in layers where shown(top) {
            guard let image = pictures[top["refId"] as? String ?? ""]?.first(where: shown),
                  let topTransform = top["ks"] as? [String: Any], let imageTransform = image["ks"] as? [String: Any]
            else { continue }
            let topScale = try LottieEvaluation.value(topTransform["s"], at: at)[0] / 100
            let rotation = topTransform["r"] == nil ? 0 : try LottieEvaluation.value(topTransform["r"], at: at)[0]
            let imageScale = try LottieEvaluation.value(imageTransform["s"], at: at)[0] / 100
            let scale = topScale * imageScale * Double(width) / compositionWidth
            let move = displacement(scale: scale, rotation: rotation, matte: (top["td"] as? Int) == 1)
            if !moves.contains(where: { abs($0.x - move.x) < 1e-3 && abs($0.y - move.y) < 1e-3 }) { moves.append(move) }
        }
        return moves.map { displaced(expected, width: width, height: height, by: $0) }
    }

    static let side = 160
    static let pictureSide = 40

    /// The Lottie file of `probe`: a `side`-px composition, the picture's image layer (or a
    /// precomposition holding it at scale 1, or an alpha matte over a white solid).
    static func lottie(_ probe: Probe, png: String) -> String {
        func transform(_ position: Double, _ scale: Double, _ rotation: Double = 0) -> String {
            #"{"a":{"a":0,"k":[0,0]},"p":{"a":0,"k":[\#(position),\#(position)]},"s":{"a":0,"k":[\#(scale * 100),\#(scale * 100)]},"r":{"a":0,"k":\#(rotation)},"o":{"a":0,"k":100}}"#
        }
        func layer(_ index: Int, _ type: Int, _ ref: String, _ ks: String, _ extra: String = "") -> String {
            #"{"ddd":0,"ind":\#(index),"ty":\#(type),"nm":"l\#(index)","refId":"\#(ref)","sr":1,"ks":\#(ks),"ip":0,"op":10,"st":0,"bm":0\#(extra)}"#
        }
        let size = probe.declared ?? pictureSide
        let image = #"{"id":"pic","w":\#(size),"h":\#(size),"u":"","p":"data:image/png;base64,\#(png)","e":1}"#
        var assets = [image]
        var top = layer(1, 2, "pic", transform(probe.offset, probe.scale, probe.rotation))
        if probe.precomposition {
            // The picture at its own size in a precomposition scaled and placed instead.
            assets.append(#"{"id":"pc","w":\#(side),"h":\#(side),"layers":[\#(layer(1, 2, "pic", transform(0, 1)))]}"#)
            top = layer(1, 0, "pc", transform(probe.offset, probe.scale, probe.rotation), #","w":\#(side),"h":\#(side)"#)
        }
        var layers = [top]
        if probe.matte {
            layers = [String(top.dropLast()) + #","td":1}"#,
                      ##"{"ddd":0,"ind":2,"ty":1,"nm":"solid","sc":"#ffffff","sw":\##(side),"sh":\##(side),"tt":1,"sr":1,"ks":\##(transform(0, 1)),"ip":0,"op":10,"st":0,"bm":0}"##]
        }
        return #"{"v":"5.7.0","fr":60,"ip":0,"op":10,"w":\#(side),"h":\#(side),"nm":"probe","ddd":0,"assets":[\#(assets.joined(separator: ","))],"layers":[\#(layers.joined(separator: ","))]}"#
    }

    /// How far right and down of where the file puts it the block's centre of mass lies in
    /// `frame`, in destination pixels.
    static func measured(_ frame: [UInt32], _ probe: Probe) -> (x: Double, y: Double) {
        var total = 0.0, x = 0.0, y = 0.0
        for (index, word) in frame.enumerated() {
            let alpha = Double(word >> 24)
            total += alpha
            x += alpha * (Double(index % side) + 0.5)
            y += alpha * (Double(index / side) + 0.5)
        }
        // The block's centre (14, 20) in picture pixels, scaled, turned and placed.
        let t = probe.rotation * .pi / 180, s = probe.scale
        let centre = (probe.offset + s * (14 * cos(t) - 20 * sin(t)), probe.offset + s * (14 * sin(t) + 20 * cos(t)))
        return (x / max(total, 1) - centre.0, y / max(total, 1) - centre.1)
    }

    @Test("ThorVG puts a picture drawn at any scale but 1 half a pixel right and down, a turned one about a pixel up and left; at scale 1 on whole pixels it is exact, like rlottie")
    func scaledPicturesLandHalfAPixelLater() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var bytes = [UInt8](repeating: 0, count: Self.pictureSide * Self.pictureSide * 4)
        for y in 4..<36 { for x in 4..<24 { for c in 0..<4 { bytes[(y * Self.pictureSide + x) * 4 + c] = 255 } } }
        let picture = try LottiePicture(image: RasterImage(
            width: Self.pictureSide, height: Self.pictureSide, format: .premultipliedARGB, stride: Self.pictureSide * 4, bytes: bytes))
        let png = Data(picture.png).base64EncodedString()
        let probes = [0.5, 0.75, 0.9, 1.5, 2, 3].flatMap { s in [20, 20.25, 20.5].map { Probe(scale: s, offset: $0) } } + [
            Probe(scale: 1, offset: 60), Probe(scale: 1, offset: 60, precomposition: true), Probe(scale: 1, offset: 60, matte: true),
            Probe(scale: 0.75, offset: 60, precomposition: true), Probe(scale: 1.5, offset: 60.3, precomposition: true),
            Probe(scale: 0.75, offset: 60, matte: true), Probe(scale: 1.5, offset: 60, matte: true), Probe(scale: 0.8, offset: 60, rotation: 180),
        ] + [0.001, 16, -16, 45, 90].flatMap { r in [0.6, 1, 1.5].map { Probe(scale: $0, offset: 60, rotation: r) } } + [
            Probe(scale: 0.8, offset: 60.3, rotation: 30, matte: true), Probe(scale: 1.5, offset: 60, rotation: -16, matte: true),
        ]
        // Below half, unturned, the box filter's truncated start moves it 0.5-1.2 px.
        let below = [Probe(scale: 0.4, offset: 60), Probe(scale: 0.3, offset: 60.25)]
        // An asset declared 44 px for the 40-px PNG: ThorVG sizes the picture to it (11/10 about
        // its corner: the block's centre 1.4, 2.0 px further, then half a pixel as any scaled
        // picture), rlottie draws the PNG's own size.
        let declared = Probe(scale: 1, offset: 60, declared: 44)
        var jobs: [RlottiePlayer.Job] = []
        for (index, probe) in (probes + below + [declared]).enumerated() {
            let file = folder.appendingPathComponent("probe\(index).json").path
            try Self.lottie(probe, png: png).write(toFile: file, atomically: true, encoding: .utf8)
            jobs.append(RlottiePlayer.Job(file: file, width: Self.side, height: Self.side, frames: [0]))
        }
        let thorvg = try ThorVGPlayer.render(jobs, into: folder)
        let rlottie = try RlottiePlayer.render(jobs, into: folder)
        for (index, probe) in probes.enumerated() {
            let t = Self.measured(try thorvg[index].frame(0), probe)
            let r = Self.measured(try rlottie[index].frame(0), probe)
            let model = Self.displacement(scale: probe.scale, rotation: probe.rotation, matte: probe.matte)
            // The model give or take the bilinear weights' truncation to 1/255 and the sampled
            // texels' phase (up to a quarter pixel more at half size, where bilinear samples
            // skip every other texel, and where the texture mapper picks the nearest texel);
            // rlottie's nearest texel is within half a pixel.
            let slack = probe.scale < 0.75 || probe.rotation != 0 ? 0.27 : 0.13
            #expect(abs(t.x - model.x) < slack && abs(t.y - model.y) < slack, "\(probe): ThorVG \(t), model \(model)")
            #expect(abs(r.x) <= 0.51 && abs(r.y) <= 0.51, "\(probe): rlottie \(r)")
        }
        let t = Self.measured(try thorvg[probes.count + below.count].frame(0), declared)
        let r = Self.measured(try rlottie[probes.count + below.count].frame(0), declared)
        #expect(abs(t.x - 1.89) < 0.13 && abs(t.y - 2.49) < 0.13 && abs(r.x) < 0.01 && abs(r.y) < 0.01, "\(declared): ThorVG \(t), rlottie \(r)")
        for (index, probe) in below.enumerated() {
            let t = Self.measured(try thorvg[probes.count + index].frame(0), probe)
            #expect(t.x > 0.45 && t.x < 1.25 && t.y > 0.45 && t.y < 1.25, "\(probe): ThorVG \(t)")
        }
        // The model moves an edge pixel of a 0/255 step to the half.
        let step: [UInt32] = [0, 0xFFFF_FFFF, 0xFFFF_FFFF, 0, 0xFFFF_FFFF, 0xFFFF_FFFF]
        #expect(Self.displaced(step, width: 3, height: 2, by: (0.5, 0)) == [0, 0x8080_8080, 0xFFFF_FFFF, 0, 0x8080_8080, 0xFFFF_FFFF])
    }
}
