import Foundation
import LogoMaskTestSupport
import MaskGeometry
import Synchronization
import Testing
@testable import LogoMask

/// The strips of a render clipped to its ink are handed out heaviest first (``PaintedArea``):
/// the same strips and bytes, only who draws which changes.
@Suite("Strips handed out heaviest first")
struct StripOrderTests {
    @Test("Ink of a band of rows counts each probe row for the part it overlaps; strips go most ink first, ties top first")
    func orderFromInk() {
        let area = PaintedArea(
            box: PixelBox(x0: 0, y0: 0, x1: 600, y1: 600), rowInk: [0, 10, 50, 40, 0, 5], firstRowY: 0, rowHeight: 100)
        #expect(area.ink(rows: 50, 150) == 5)  // half of row 0 (0) and half of row 1 (10)
        #expect(area.ink(rows: 0, 600) == 105)
        #expect(area.ink(rows: 600, 700) == 0)
        #expect(area.stripOrder(rowsPerStrip: 200, height: 600) == [1, 0, 2])  // ink 10, 90, 5
        #expect(area.stripOrder(rowsPerStrip: 100, height: 600) == [2, 3, 1, 5, 0, 4])
        // The probe's rows need not start at the image's top.
        let shifted = PaintedArea(box: area.box, rowInk: [7, 7], firstRowY: 250, rowHeight: 100)
        #expect(shifted.stripOrder(rowsPerStrip: 200, height: 600) == [1, 2, 0])  // ink 0, 10.5, 3.5
    }

    @Test("Tango internet-group-chat at 4096 px: its five strips of 1006 rows go 1, 2, 0, 3, 4 (the top one, nearly empty, no longer first)")
    func realLogoPlan() throws {
        let logo = try VectorLogo(contentsOf: TestPaths.realWorldFolder.appendingPathComponent("tango/internet-group-chat.svg").path)
        let scale = 4096 / max(logo.documentBox.width, logo.documentBox.height)
        let area = try #require(InkProbe.paintedArea(of: logo, width: 4096, height: 4096, transform: .scale(scale)))
        let rows = PNGWriter.rowsPerStrip(
            height: 4096, stride: 4096 * 4, stripBytes: PNGWriter.stripBytes(forSourceBytes: logo.source.count), workers: 2)
        #expect(rows == 1006)  // 16,110 bytes of SVG: 1 KiB of pixels a byte
        #expect(area.stripOrder(rowsPerStrip: rows, height: 4096) == [1, 2, 0, 3, 4])
        #expect(area.box == InkProbe.paintedBox(of: logo, width: 4096, height: 4096, transform: .scale(scale)))
    }

    @Test("A runner given an order hands each worker its jobs in that order and still consumes the results by number")
    func runnerFollowsOrder() throws {
        let order = [5, 2, 6, 0, 3, 1, 4]
        let taken = Mutex<[[Int]]>([])
        var consumed: [Int] = []
        try OrderedParallelRunner.run(
            count: order.count, workers: 2, order: order,
            makeState: { () -> Int in taken.withLock { $0.append([]); return $0.count - 1 } },
            work: { (worker: inout Int, index: Int) -> Int in
                let slot = worker
                taken.withLock { $0[slot].append(index) }
                return index * 10
            },
            consume: { index, output in
                #expect(output == index * 10)
                consumed.append(index)
            })
        #expect(consumed == Array(0..<order.count))
        let lists = taken.withLock { $0 }
        #expect(lists.flatMap { $0 }.sorted() == Array(0..<order.count))
        for list in lists {
            let ranks = list.map { order.firstIndex(of: $0) ?? -1 }
            #expect(ranks == ranks.sorted(), "a worker took \(list), out of the order \(order)")
        }
    }

    @Test("A render whose strips are drawn heaviest first has the bytes of one drawn top first: 7 strips of 64 rows, the circle's first")
    func reorderedBytesUnchanged() throws {
        let logo = try VectorLogo(data: Data(InkClippedRenderTests.smallCircle.utf8), name: "ordered-circle.svg")
        let width = 400, height = 400, rowsPerStrip = 64
        let transform = Transform.scale(4)
        let area = try #require(InkProbe.paintedArea(of: logo, width: width, height: height, transform: transform, side: 64))
        let order = area.stripOrder(rowsPerStrip: rowsPerStrip, height: height)
        #expect(order.count == 7 && order.count <= PNGWriter.reorderedStripLimit)
        #expect(Set(order.prefix(2)) == [2, 3], "the circle (rows 160..<240) is in strips 2 and 3: \(order)")
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        func render(_ name: String, profile: PaintedArea?) throws -> Data {
            let path = folder.appendingPathComponent(name).path
            try PNGWriter.write(
                path: path, width: width, height: height, layout: .argb32, channels: .rgba,
                rowsPerStrip: rowsPerStrip, paintedBox: area.box, inkProfile: profile, workers: 2
            ) { () throws(LogoMaskError) in
                let drawing = try logo.makeDrawing()
                return { (context: CairoContext) throws(LogoMaskError) in try drawing.draw(on: context, transform: transform) }
            }
            return try Data(contentsOf: URL(fileURLWithPath: path))
        }
        let ordered = try render("ordered.png", profile: area)
        let topFirst = try render("top-first.png", profile: nil)
        #expect(ordered == topFirst, "\(ordered.count) against \(topFirst.count) bytes")
        let image = try RasterImage(contentsOfPNG: folder.appendingPathComponent("ordered.png").path)
        #expect(image.bytes.contains { $0 != 0 }, "the circle is drawn")
    }
}
