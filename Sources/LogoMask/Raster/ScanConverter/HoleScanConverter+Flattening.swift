import FoundationEssentials
import MaskGeometry

// Stage 2: the path filled as Cairo's filler walks it, Béziers flattened to lines.

extension HoleScanConverter {
    // MARK: Filling (cairo-path-fill.c, cairo-spline.c)

    func fillMoveTo(_ x: Int, _ y: Int) {
        fillClose()
        fillX = x; fillY = y
        fillMoveX = x; fillMoveY = y
    }

    func fillLineTo(_ x: Int, _ y: Int) {
        addEdge(fillX, fillY, x, y)
        fillX = x; fillY = y
    }

    func fillClose() {
        addEdge(fillX, fillY, fillMoveX, fillMoveY)
        fillX = fillMoveX; fillY = fillMoveY
    }

    func fillCurveTo(_ bx: Int, _ by: Int, _ cx: Int, _ cy: Int, _ dx: Int, _ dy: Int) {
        let ax = fillX, ay = fillY
        // `_cairo_spline_intersects`: a curve whose control box misses the clip is its chord there.
        let minX = min(ax, bx, cx, dx), maxX = max(ax, bx, cx, dx)
        let minY = min(ay, by, cy, dy), maxY = max(ay, by, cy, dy)
        if maxX <= limitX0 || minX >= limitX1 || maxY <= limitY0 || minY >= limitY1 {
            fillLineTo(dx, dy)
            return
        }
        // `_cairo_spline_init`: both tangents zero is a straight line.
        if ax == bx, ay == by, cx == dx, cy == dy {
            fillLineTo(dx, dy)
            return
        }
        // `_cairo_spline_decompose`: halve until flat within the tolerance, first half first.
        let toleranceSquared = 0.1 * 0.1
        let stack = splineStack
        var top = 0
        var lastX = ax, lastY = ay
        func push(_ k: (Int, Int, Int, Int, Int, Int, Int, Int)) {
            let s = stack + top * 8
            s[0] = k.0; s[1] = k.1; s[2] = k.2; s[3] = k.3; s[4] = k.4; s[5] = k.5; s[6] = k.6; s[7] = k.7
            top += 1
        }
        push((ax, ay, bx, by, cx, cy, dx, dy))
        while top > 0 {
            top -= 1
            let s = stack + top * 8
            var k = (s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7])
            while true {
                if Self.splineErrorSquared(k) < toleranceSquared || top >= Self.splineStackDepth - 1 {
                    // `_cairo_spline_add_point`: the piece's start, unless it repeats the last point.
                    if k.0 != lastX || k.1 != lastY {
                        lastX = k.0; lastY = k.1
                        fillLineTo(k.0, k.1)
                    }
                    break
                }
                // `_de_casteljau` with `_lerp_half`: a + ((b - a) >> 1) in fixed point.
                @inline(__always) func half(_ a: Int, _ b: Int) -> Int { a + ((b - a) >> 1) }
                let abx = half(k.0, k.2), aby = half(k.1, k.3)
                let bcx = half(k.2, k.4), bcy = half(k.3, k.5)
                let cdx = half(k.4, k.6), cdy = half(k.5, k.7)
                let abbcx = half(abx, bcx), abbcy = half(aby, bcy)
                let bccdx = half(bcx, cdx), bccdy = half(bcy, cdy)
                let fx = half(abbcx, bccdx), fy = half(abbcy, bccdy)
                push((fx, fy, bccdx, bccdy, cdx, cdy, k.6, k.7))
                k = (k.0, k.1, abx, aby, abbcx, abbcy, fx, fy)
            }
        }
        fillLineTo(dx, dy)
    }

    /// `_cairo_spline_error_squared`: the larger squared distance of b and c from the chord a-d.
    @inline(__always)
    static func splineErrorSquared(_ k: (Int, Int, Int, Int, Int, Int, Int, Int)) -> Double {
        var bdx = Double(k.2 - k.0) / 256, bdy = Double(k.3 - k.1) / 256
        var cdx = Double(k.4 - k.0) / 256, cdy = Double(k.5 - k.1) / 256
        if k.0 != k.6 || k.1 != k.7 {
            let dx = Double(k.6 - k.0) / 256, dy = Double(k.7 - k.1) / 256
            let v = dx * dx + dy * dy
            var u = bdx * dx + bdy * dy
            if u <= 0 {
            } else if u >= v {
                bdx -= dx; bdy -= dy
            } else {
                bdx -= u / v * dx; bdy -= u / v * dy
            }
            u = cdx * dx + cdy * dy
            if u <= 0 {
            } else if u >= v {
                cdx -= dx; cdy -= dy
            } else {
                cdx -= u / v * dx; cdy -= u / v * dy
            }
        }
        let berr = bdx * bdx + bdy * bdy, cerr = cdx * cdx + cdy * cdy
        return berr > cerr ? berr : cerr
    }
}
