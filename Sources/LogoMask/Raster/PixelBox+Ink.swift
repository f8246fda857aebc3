import MaskGeometry

extension PixelBox {
    /// The pixels `ink` (document units) covers under `transform`, grown by `margin` pixels for
    /// antialiasing and clipped to a `width` x `height` image; nil when none of it is on the image.
    /// Everything a drawing of the logo paints lies inside its ink box so grown: the reveal's
    /// frames draw only there, and a render draws and encodes nothing outside it.
    static func covering(_ ink: Rect, under transform: Transform, margin: Double = 2, width: Int, height: Int) -> PixelBox? {
        // The four corners by hand: `Transform.apply(to: Rect)` builds arrays, and frames call this every frame.
        let b = ink
        let p0 = transform.apply(to: Point(x: b.minX, y: b.minY)), p1 = transform.apply(to: Point(x: b.maxX, y: b.minY))
        let p2 = transform.apply(to: Point(x: b.minX, y: b.maxY)), p3 = transform.apply(to: Point(x: b.maxX, y: b.maxY))
        let r = Rect(
            x: min(p0.x, p1.x, p2.x, p3.x), y: min(p0.y, p1.y, p2.y, p3.y),
            width: max(p0.x, p1.x, p2.x, p3.x) - min(p0.x, p1.x, p2.x, p3.x),
            height: max(p0.y, p1.y, p2.y, p3.y) - min(p0.y, p1.y, p2.y, p3.y))
        guard !b.isEmpty, r.minX.isFinite, r.maxX.isFinite, r.minY.isFinite, r.maxY.isFinite else { return nil }
        let x0 = max(0, Int(max(-1e9, (r.minX - margin).rounded(.down))))
        let y0 = max(0, Int(max(-1e9, (r.minY - margin).rounded(.down))))
        let x1 = min(width, Int(min(1e9, (r.maxX + margin).rounded(.up))))
        let y1 = min(height, Int(min(1e9, (r.maxY + margin).rounded(.up))))
        guard x1 > x0, y1 > y0 else { return nil }
        return PixelBox(x0: x0, y0: y0, x1: x1, y1: y1)
    }
}
