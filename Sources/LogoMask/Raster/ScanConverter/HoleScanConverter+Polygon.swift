import FoundationEssentials
import MaskGeometry

// Stage 3: the lines oriented and clipped to the box as Cairo's polygon does it.

extension HoleScanConverter {
    // MARK: Polygon (cairo-polygon.c): orient, clip to the box, hand to the scan converter

    func addEdge(_ x1: Int, _ y1: Int, _ x2: Int, _ y2: Int) {
        if y1 == y2 { return }
        var (px, py, qx, qy, dir) = (x1, y1, x2, y2, 1)
        if py > qy { (px, py, qx, qy, dir) = (x2, y2, x1, y1, -1) }
        if qy <= limitY0 || py >= limitY1 { return }
        var top = max(py, limitY0), bottom = min(qy, limitY1)
        let left = min(px, qx), right = max(px, qx)
        if limitX0 <= left && right <= limitX1 {
            addScanEdge(px, py, qx, qy, top, bottom, dir)
        } else if right <= limitX0 {
            addBoundary(left: true, top, bottom, dir)
        } else if limitX1 <= left {
            addBoundary(left: false, top, bottom, dir)
        } else if (px <= qx) == (py <= qy) {
            // Top-left to bottom-right: the part left of the box first, then the part right of it.
            var leftY: Int
            if left >= limitX0 {
                leftY = top
            } else {
                leftY = Self.yForX(px, py, qx, qy, limitX0)
                if Self.xForY(px, py, qx, qy, leftY) < limitX0 { leftY += 1 }
            }
            leftY = min(leftY, bottom)
            if top < leftY {
                addBoundary(left: true, top, leftY, dir)
                top = leftY
            }
            var rightY: Int
            if right <= limitX1 {
                rightY = bottom
            } else {
                rightY = Self.yForX(px, py, qx, qy, limitX1)
                if Self.xForY(px, py, qx, qy, rightY) > limitX1 { rightY -= 1 }
            }
            rightY = max(rightY, top)
            if bottom > rightY {
                addBoundary(left: false, rightY, bottom, dir)
                bottom = rightY
            }
            if top < bottom { addScanEdge(px, py, qx, qy, top, bottom, dir) }
        } else {
            var rightY: Int
            if right <= limitX1 {
                rightY = top
            } else {
                rightY = Self.yForX(px, py, qx, qy, limitX1)
                if Self.xForY(px, py, qx, qy, rightY) > limitX1 { rightY += 1 }
            }
            rightY = min(rightY, bottom)
            if top < rightY {
                addBoundary(left: false, top, rightY, dir)
                top = rightY
            }
            var leftY: Int
            if left >= limitX0 {
                leftY = bottom
            } else {
                leftY = Self.yForX(px, py, qx, qy, limitX0)
                if Self.xForY(px, py, qx, qy, leftY) < limitX0 { leftY -= 1 }
            }
            leftY = max(leftY, top)
            if bottom > leftY {
                addBoundary(left: true, leftY, bottom, dir)
                bottom = leftY
            }
            if top < bottom { addScanEdge(px, py, qx, qy, top, bottom, dir) }
        }
    }

    /// A vertical edge on the box's left or right side between `top` and `bottom` (fixed
    /// point), as `polygon_add_edge` would snap it, recorded as counts (see ``leftWindingDelta``).
    func addBoundary(left: Bool, _ top: Int, _ bottom: Int, _ dir: Int) {
        let gridY = Self.gridY
        let gridTop = boxY0 * gridY, gridBottom = boxY1 * gridY
        let ytop = max((top &* gridY &+ 128) >> 8, gridTop)
        let ybot = min((bottom &* gridY &+ 128) >> 8, gridBottom)
        if ybot <= ytop { return }
        let start = ytop - gridTop, end = ybot - gridTop
        if left {
            leftWindingDelta[start] += Int32(dir)
            leftWindingDelta[end] -= Int32(dir)
            leftCountDelta[start] += 1
            leftCountDelta[end] -= 1
        } else {
            rightCountDelta[start] += 1
            rightCountDelta[end] -= 1
        }
        // Rows where it starts or ends mid-row are supersampled; every row with an event applies it.
        for sub in [start, end] {
            let row = sub / gridY
            boundaryEvents[row] |= sub % gridY == 0 ? 2 : 1
        }
    }

    /// `_cairo_edge_compute_intersection_y_for_x`.
    static func yForX(_ x1: Int, _ y1: Int, _ x2: Int, _ y2: Int, _ x: Int) -> Int {
        if x == x1 { return y1 }
        if x == x2 { return y2 }
        return y1 + mulDiv(x - x1, y2 - y1, x2 - x1)
    }

    /// `_cairo_edge_compute_intersection_x_for_y`.
    static func xForY(_ x1: Int, _ y1: Int, _ x2: Int, _ y2: Int, _ y: Int) -> Int {
        if y == y1 { return x1 }
        if y == y2 { return x2 }
        return x1 + mulDiv(y - y1, x2 - x1, y2 - y1)
    }

    /// `a * b / c` truncated, with the product in 128 bits (`_cairo_fixed_mul_div_floor` keeps
    /// it in 64; ours never overflows). The quotient lies between the edge's ends.
    static func mulDiv(_ a: Int, _ b: Int, _ c: Int) -> Int {
        guard c != 0 else { return 0 }
        return c.dividingFullWidth(a.multipliedFullWidth(by: b)).quotient
    }
}
