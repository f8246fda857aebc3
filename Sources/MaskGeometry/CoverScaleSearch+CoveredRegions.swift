import FoundationEssentials

// What whole-viewport renders showed covered, shared by the searches of one run (``CoverScaleSearch/coveredRegions``).
extension CoverScaleSearch {
    /// The tiles to draw at an answer drawn at `transform`: `tiles` (those neither the grid nor
    /// the profile proved) and every tile not inside one of ``coveredRegions``; nil (the whole
    /// viewport) when `tiles` is nil or that is most of the viewport.
    func boxesOutsideCoveredRegions(transform: Transform, tiles: [PixelBox]?, viewport: Viewport) -> [PixelBox]? {
        guard let tiles, !coveredRegions.isEmpty, let toDocument = transform.inverted else { return nil }
        let uncertain = Set(tiles)
        let all = viewportTiles(width: viewport.pixelWidth, height: viewport.pixelHeight)
        let boxes = all.filter { box in
            let rect = toDocument.apply(to: Rect(x: Double(box.x0), y: Double(box.y0), width: Double(box.x1 - box.x0), height: Double(box.y1 - box.y0)))
            return uncertain.contains(box) || !coveredRegions.contains { $0.contains(rect) }
        }
        return Double(boxes.count) > Self.windowedAnswerShare * Double(all.count) ? nil : boxes
    }

    /// The viewport's tiles (``CoverSearchSettings/tileSide`` pixels), row by row.
    func viewportTiles(width w: Int, height h: Int) -> [PixelBox] {
        let side = max(8, settings.tileSide)
        var boxes: [PixelBox] = []
        for y0 in Swift.stride(from: 0, to: h, by: side) {
            for x0 in Swift.stride(from: 0, to: w, by: side) {
                boxes.append(PixelBox(x0: x0, y0: y0, x1: min(w, x0 + side), y1: min(h, y0 + side)))
            }
        }
        return boxes
    }

    /// Keeps the document rectangle a whole render at `transform` showed covered, shrunk by one
    /// of its pixels (axis-aligned transforms only: a rotated viewport's preimage is no rectangle).
    mutating func noteCovered(transform: Transform, viewport: Viewport) {
        guard transform.b == 0, transform.c == 0, let toDocument = transform.inverted else { return }
        let pixel = max(abs(toDocument.a), abs(toDocument.d))
        let region = toDocument.apply(to: Rect(x: 0, y: 0, width: Double(viewport.pixelWidth), height: Double(viewport.pixelHeight)))
            .insetBy(dx: pixel, dy: pixel)
        guard !region.isEmpty else { return }
        coveredRegions.append(region)
        if coveredRegions.count > Self.keptRegions { coveredRegions.removeFirst() }
    }
}
