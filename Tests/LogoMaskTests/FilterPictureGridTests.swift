import Foundation
@testable import LogoMask
import LogoMaskTestSupport
import MaskGeometry
import Testing

/// Issue 23: what a filtered logo's Lottie layers need to start exactly on the launch screen in
/// every player: no mask for a clip that holds its shape whole (``LogoOutline/withoutContainingClips()``),
/// frame 0's filter pictures resampled onto the screen's pixel grid as Cairo composites them
/// (``FilterPictureGrid``), and only soft pictures, which magnify well. About 2 s.
@Suite("Filter picture grid")
struct FilterPictureGridTests {
    static func realWorld(_ name: String) throws -> VectorLogo {
        try VectorLogo(contentsOf: TestPaths.realWorldFolder.appendingPathComponent(name).path)
    }

    static func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> LogoOutline.Path {
        var path = LogoOutline.Path()
        path.move(to: Point(x: x, y: y))
        path.line(to: Point(x: x + w, y: y))
        path.line(to: Point(x: x + w, y: y + h))
        path.line(to: Point(x: x, y: y + h))
        path.close()
        return path
    }

    @Test("gpick: the wheel's opaque wedges lose the circle clip they are cut from, the translucent ones drawn as group pictures keep theirs; every clip dropped holds its shape; pictures keep theirs")
    func containingClips() throws {
        let outline = try Self.realWorld("breeze/gpick.svg").outline
        let pruned = outline.withoutContainingClips()
        let before = outline.shapes.reduce(0) { $0 + $1.clips.count }
        let after = pruned.shapes.reduce(0) { $0 + $1.clips.count }
        // The 4 opaque wedges are clipped directly (Cairo covers their shared edge once); the
        // translucent ones are painted through their clips as pictures (Cairo multiplies there).
        let cutGroups = pruned.shapes.reduce(0) { $0 + $1.clips.count(where: \.cutsGroup) }
        #expect(before == 24 && after == 20 && cutGroups == 16, "\(before) clips, \(after) kept, \(cutGroups) cutting a group's picture")
        #expect(pruned.pictures == outline.pictures)
        for (shape, kept) in zip(outline.shapes, pruned.shapes) {
            guard case let .fill(rule) = shape.kind else {
                #expect(kept.clips == shape.clips)
                continue
            }
            for clip in shape.clips where !kept.clips.contains(clip) {
                #expect(!clip.cutsGroup && ClipContainment(clip).contains(shape.path, rule: rule))
            }
        }
        // A clip that cuts its shape stays: a square clipped by a smaller circle.
        let square = Self.rect(0, 0, 10, 10), inner = Self.rect(2, 2, 6, 6)
        #expect(!ClipContainment(LogoOutline.Clip(path: inner, fillRule: .nonZero)).contains(square, rule: .nonZero))
        #expect(ClipContainment(LogoOutline.Clip(path: square, fillRule: .nonZero)).contains(inner, rule: .nonZero))
        // A clip with a hole inside the shape does not hold it (the hole's edge lies inside).
        var ring = square
        ring.append(contentsOf: inner)
        #expect(!ClipContainment(LogoOutline.Clip(path: ring, fillRule: .evenOdd)).contains(Self.rect(1, 1, 8, 8), rule: .nonZero))
    }

    @Test("A 2x1 white picture half a pixel right and a quarter down of the grid comes out 3x2 on whole pixels, Cairo's bilinear weights")
    func resampledOntoTheGrid() throws {
        let white = RasterImage(width: 2, height: 1, format: .premultipliedARGB, stride: 8, bytes: [UInt8](repeating: 255, count: 8))
        let picture = LogoOutline.Picture(
            position: 0, png: try white.pngData(), width: 2, height: 1, toDocument: .translation(x: 10.5, y: 20.25))
        var outline = try VectorLogo(data: Data(FilterLayersTests.synthetic.utf8)).outline
        outline.pictures = [picture]
        let aligned = try #require(try FilterPictureGrid.aligned(outline, on: .identity).pictures.first)
        #expect(aligned.width == 3 && aligned.height == 2)
        let bias = LottiePictureLadder.gridBias
        #expect(abs(aligned.toDocument.tx - (10 + bias)) < 1e-12 && abs(aligned.toDocument.ty - (20 + bias)) < 1e-12)
        let image = try RasterImage(pngBytes: aligned.png, name: "aligned")
        let alpha = (0..<2).flatMap { y in (0..<3).map { x in Int(image.bytes[y * image.stride + 4 * x + 3]) } }
        let expected = [96, 191, 96, 32, 64, 32]
        #expect(zip(alpha, expected).allSatisfy { abs($0 - $1) <= 3 }, "\(alpha)")
        // Already on the grid: the pixels stay, only the bias is added.
        outline.pictures = [LogoOutline.Picture(position: 0, png: picture.png, width: 2, height: 1, toDocument: .translation(x: 3, y: 4))]
        let kept = try #require(try FilterPictureGrid.aligned(outline, on: .identity).pictures.first)
        #expect(kept.png == picture.png && abs(kept.toDocument.tx - (3 + bias)) < 1e-12)
    }

    @Test("Soft pictures magnify well (gpick's blurs at 4 px a unit); glow's carries its star's sharp edge")
    func softness() throws {
        for (name, scale, soft) in [("breeze/gpick.svg", 25.0 / 6, true)] + [("glow", 2.0, false)] {
            let logo = name == "glow" ? try VectorLogo(contentsOf: TestPaths.path("SampleLogos/glow.svg")) : try Self.realWorld(name)
            var outline = try logo.outline
            outline.pictures = try #require(try OutlineExtractor.pictures(of: logo, on: .scale(scale), like: outline))
            outline = try FilterPictureCrop.cropped(outline, of: logo)
            #expect(try FilterPictureGrid.magnifiesWell(outline) == soft, "\(name)")
        }
    }
}
