import FoundationEssentials
import MaskGeometry

// Stage 1 of the scan converter: the path built in 24.8 fixed point as Cairo builds it.

extension HoleScanConverter {
    // MARK: Path building (cairo-path-fixed.c, streamed: only the last LINE_TO may be dropped)

    func moveTo(_ x: Int, _ y: Int) {
        // `_cairo_path_fixed_new_sub_path`: the previous subpath's implicit close counts.
        if !needsMoveTo, rectilinear { rectilinear = currentX == lastMoveX || currentY == lastMoveY }
        needsMoveTo = true
        hasCurrent = true
        currentX = x; currentY = y
        lastMoveX = x; lastMoveY = y
    }

    func moveToApply() {
        guard needsMoveTo else { return }
        needsMoveTo = false
        flushPending()
        fillMoveTo(currentX, currentY)
        lastOp = .move
    }

    func lineTo(_ x: Int, _ y: Int) {
        if !hasCurrent { moveTo(x, y); return }
        moveToApply()
        if lastOp != .move, x == currentX, y == currentY { return }
        if lastOp == .line, pending {
            if penultimateX == currentX, penultimateY == currentY {
                dropLine()
            } else {
                let pdx = currentX - penultimateX, pdy = currentY - penultimateY
                let sdx = x - currentX, sdy = y - currentY
                let backwards = ((pdx ^ sdx) | (pdy ^ sdy)) < 0
                if pdy &* sdx == sdy &* pdx, !backwards { dropLine() }
            }
        }
        if rectilinear { rectilinear = currentX == x || currentY == y }
        // The line starts where the filler stands (after a drop: where the dropped line began).
        flushPending()
        penultimateX = fillX; penultimateY = fillY
        opBeforePending = lastOp
        pending = true
        pendingX = x; pendingY = y
        currentX = x; currentY = y
        lastOp = .line
    }

    /// `_cairo_path_fixed_drop_line_to`: forget the pending line; the current point stays.
    func dropLine() {
        pending = false
        lastOp = opBeforePending
    }

    func flushPending() {
        guard pending else { return }
        pending = false
        fillLineTo(pendingX, pendingY)
    }

    func curveTo(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int, _ x2: Int, _ y2: Int) {
        if hasCurrent, currentX == x2, currentY == y2, x1 == x2, x0 == x2, y1 == y2, y0 == y2 {
            lineTo(x2, y2)
            return
        }
        if !hasCurrent { moveTo(x0, y0) }
        moveToApply()
        if lastOp == .line, pending, penultimateX == currentX, penultimateY == currentY { dropLine() }
        flushPending()
        rectilinear = false
        fillCurveTo(x0, y0, x1, y1, x2, y2)
        currentX = x2; currentY = y2
        lastOp = .curve
    }

    func closePath() {
        guard hasCurrent else { return }
        lineTo(lastMoveX, lastMoveY)
        if lastOp == .line, pending { dropLine() }
        flushPending()
        fillClose()
        lastOp = .close
        needsMoveTo = true
    }
}
