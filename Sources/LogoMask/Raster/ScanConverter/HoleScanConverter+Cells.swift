import FoundationEssentials
import MaskGeometry

// Stage 4: the tor scan converter: edges in sub-row buckets, cells of coverage per pixel row.

extension HoleScanConverter {
    // MARK: Scan conversion (cairo-tor-scan-converter.c)

    /// `polygon_add_edge`: the line (px, py)-(qx, qy) with qy > py, between `top` and `bottom`
    /// (fixed point), snapped to the sub-row grid and put in its pixel row's bucket.
    func addScanEdge(_ px: Int, _ py: Int, _ qx: Int, _ qy: Int, _ top: Int, _ bottom: Int, _ dir: Int) {
        let gridY = Self.gridY
        let gridTop = boxY0 * gridY, gridBottom = boxY1 * gridY
        let ytop = max((top &* gridY &+ 128) >> 8, gridTop)
        let ybot = min((bottom &* gridY &+ 128) >> 8, gridBottom)
        if ybot <= ytop { return }
        if edgeCount == edgeCapacity { grow() }
        var e = Edge()
        e.ytop = Int32(ytop)
        e.heightLeft = Int32(ybot - ytop)
        e.dir = Int32(dir)
        if px == qx {
            e.cell = px
            e.xQuo = px
        } else {
            let ex = (qx - px) &* 256
            let ey = (qy - py) &* (gridY * 512)
            e.stepQuo = (ex &* 512) / ey
            e.stepRem = (ex &* 512) % ey
            // x at the centre of the first sub-row: p.x + ((2 ytop + 1) * 256 - 30 p.y) * ex / ey,
            // as a quotient and remainder (the product needs more than 64 bits).
            let tmp = ((2 * ytop + 1) << 8) - py * gridY * 2
            let product = tmp.multipliedFullWidth(by: ex)
            let (quo, rem) = ey.dividingFullWidth(product)
            e.xQuo = quo + px
            e.xRem = rem
            if e.xRem < 0 {
                e.xQuo -= 1
                e.xRem += ey
            } else if e.xRem >= ey {
                e.xQuo += 1
                e.xRem -= ey
            }
            if Int(e.heightLeft) >= gridY {
                let full = ex &* (2 * gridY << 8)
                e.fullQuo = full / ey
                e.fullRem = full % ey
            }
            e.cell = e.xQuo + (e.xRem >= ey / 2 ? 1 : 0)
            e.dy = ey
        }
        let row = (ytop - gridTop) / gridY
        edges[edgeCount] = e
        rowStart[row + 1] += 1
        edgeCount += 1
    }

    /// `polygon_add_edge`'s row buckets as one counting sort, once every edge is in: a row's
    /// edges end up contiguous in ``rowOrder``, in order of creation (see ``rowStart``).
    func sortEdgesByRow() {
        let rows = boxY1 - boxY0
        // Counts of rows 0..<rows sit at 1...rows: running sums make rowStart[r + 1] the end of row r.
        var sum: Int32 = 0
        for r in 0...rows {
            sum += rowStart[r]
            rowStart[r] = sum
        }
        rowStart[rows + 1] = sum
        // Placed last to first, each row's end moves down to its start: row r ends at rowStart[r + 2].
        let gridY = Self.gridY, gridTop = boxY0 * gridY
        var index = edgeCount
        while index > 0 {
            index -= 1
            let row = (Int(edges[index].ytop) - gridTop) / gridY
            rowStart[row + 1] -= 1
            rowOrder[Int(rowStart[row + 1])] = Int32(index)
        }
    }

    func grow() {
        let capacity = edgeCapacity * 2
        let newEdges = UnsafeMutablePointer<Edge>.allocate(capacity: capacity)
        newEdges.moveInitialize(from: edges, count: edgeCount)
        edges.deallocate()
        edges = newEdges
        active.deallocate()
        active = .allocate(capacity: capacity)
        rowOrder.deallocate()
        rowOrder = .allocate(capacity: capacity)
        incoming.deallocate()
        incoming = .allocate(capacity: capacity)
        edgeCapacity = capacity
    }

    /// Computes row `y`'s cells; false when the shape covers nothing there.
    func computeRow(_ y: Int) -> Bool {
        // Rows come in order from the box's top (every caller loops that way); another row would
        // leave the scan state wrong, so it is answered as empty rather than trapping.
        guard y == nextRow else {
            assertionFailure("row \(y) asked out of order (next is \(nextRow))")
            return false
        }
        nextRow = y + 1
        let r = y - boxY0
        let events = boundaryEvents[r]
        let first = Int(rowStart[r + 1]), end = Int(rowStart[r + 2])
        if activeCount == 0 && first == end && events == 0 && leftCount == 0 && rightCount == 0 { return false }
        let gridY = Self.gridY
        let rowGrid = y * gridY
        // Sort this row's new edges into sub-row buckets (`polygon_fill_buckets`): last created
        // first, so each sub-row's list comes out in order of creation.
        var maxSub = 0
        var i = end
        while i > first {
            i -= 1
            let index = rowOrder[i]
            let sub = Int(edges[Int(index)].ytop) - rowGrid
            edges[Int(index)].next = subBuckets[sub]
            subBuckets[sub] = index
            maxSub = max(maxSub, sub)
        }
        var full = false
        if maxSub == 0 && events & 1 == 0 {
            mergeSubBucket(0)
            applyBoundary(r * gridY)
            if activeCount == 0 && leftCount == 0 && rightCount == 0 { return false }
            full = canDoFullRow()
        }
        leftHeight = 0
        if full {
            fullRow()
        } else {
            for sub in 0..<gridY {
                mergeSubBucket(sub)
                applyBoundary(r * gridY + sub)
                subRow()
            }
        }
        return true
    }

    /// The box sides' edges that start or end at sub-row `sub` of the box (idempotent per sub-row).
    @inline(__always)
    func applyBoundary(_ sub: Int) {
        leftWinding += Int(leftWindingDelta[sub])
        leftCount += Int(leftCountDelta[sub])
        rightCount += Int(rightCountDelta[sub])
        leftWindingDelta[sub] = 0
        leftCountDelta[sub] = 0
        rightCountDelta[sub] = 0
    }

    /// Adds sub-row `sub`'s new edges to the active list (sorted by cell) as inserting them one
    /// by one in order of creation would: each after the edges whose cell is not greater. They
    /// are sorted among themselves (stably) and then merged in one pass from the back, ties
    /// keeping the active edge first, instead of each walking the whole list.
    func mergeSubBucket(_ sub: Int) {
        var index = subBuckets[sub]
        guard index >= 0 else { return }
        subBuckets[sub] = -1
        let edges = self.edges, active = self.active, incoming = self.incoming
        var count = 0
        while index >= 0 {
            let cell = edges[Int(index)].cell
            var k = count
            while k > 0, edges[Int(incoming[k - 1])].cell > cell {
                incoming[k] = incoming[k - 1]
                k -= 1
            }
            incoming[k] = index
            count += 1
            index = edges[Int(index)].next
        }
        var i = activeCount - 1, j = count - 1, w = activeCount + count - 1
        while j >= 0 {
            if i >= 0, edges[Int(active[i])].cell > edges[Int(incoming[j])].cell {
                active[w] = active[i]
                i -= 1
            } else {
                active[w] = incoming[j]
                j -= 1
            }
            w -= 1
        }
        activeCount += count
    }

    /// `can_do_full_row`: no edge ends inside the row and none crosses another.
    func canDoFullRow() -> Bool {
        let edges = self.edges, active = self.active
        let gridY = Int32(Self.gridY)
        // The sides' edges sort before (left, at the box's left x) and after (right) the others.
        var previous = leftCount > 0 ? limitX0 : Int.min
        for k in 0..<activeCount {
            let e = edges[Int(active[k])]
            if e.heightLeft < gridY { return false }
            var cell = e.cell
            if e.dy != 0 {
                var quo = e.xQuo + e.fullQuo, rem = e.xRem + e.fullRem
                if rem < 0 {
                    quo -= 1; rem += e.dy
                } else if rem >= e.dy {
                    quo += 1; rem -= e.dy
                }
                cell = quo + (rem >= e.dy / 2 ? 1 : 0)
            }
            if cell < previous { return false }
            previous = cell
        }
        return rightCount == 0 || previous <= limitX1
    }

    @inline(__always)
    static func step(_ e: inout Edge) {
        if e.dy == 0 { return }
        advance(&e, quo: e.stepQuo, rem: e.stepRem)
    }

    @inline(__always)
    static func fullStep(_ e: inout Edge) {
        if e.dy == 0 { return }
        advance(&e, quo: e.fullQuo, rem: e.fullRem)
    }

    /// x += quo + rem / dy with the remainder brought back into 0..<dy (it starts there and
    /// |rem| < dy, so one correction at most), then the cell x rounds to. Without branches:
    /// which way the remainder wraps is a coin toss per edge and sub-row, and mispredicted
    /// jumps were most of a supersampled row's time.
    @inline(__always)
    static func advance(_ e: inout Edge, quo: Int, rem: Int) {
        var q = e.xQuo &+ quo, r = e.xRem &+ rem
        let dy = e.dy
        let below = r &>> 63  // -1 when r < 0
        q &+= below
        r &+= dy & below
        let over = ~((r &- dy) &>> 63)  // -1 when r >= dy
        q &-= over
        r &-= dy & over
        e.xQuo = q
        e.xRem = r
        e.cell = q &+ 1 &+ ((r &- (dy &>> 1)) &>> 63)
    }

    /// `sub_row`: the spans of one sub-row at the edges' current x, then every edge steps down.
    func subRow() {
        let edges = self.edges, active = self.active
        let n = activeCount
        let mask = windingMask
        // The left side's edges come first, all at the box's left x.
        var winding = leftWinding
        var xStart = winding & mask != 0 ? limitX0 : Int.min
        var kept = 0
        var k = 0
        while k < n {
            let index = active[k]
            let xEnd = edges[Int(index)].cell
            let nextCell = k + 1 < n ? edges[Int(active[k + 1])].cell : Int.max
            edges[Int(index)].heightLeft &-= 1
            if edges[Int(index)].heightLeft > 0 {
                Self.step(&edges[Int(index)])
                let cell = edges[Int(index)].cell
                var j = kept
                while j > 0, edges[Int(active[j - 1])].cell > cell {
                    active[j] = active[j - 1]
                    j &-= 1
                }
                active[j] = index
                kept &+= 1
            }
            winding &+= Int(edges[Int(index)].dir)
            if winding & mask == 0 {
                if nextCell != xEnd {
                    addSubspan(xStart, xEnd)
                    xStart = Int.min
                }
            } else if xStart == Int.min {
                xStart = xEnd
            }
            k &+= 1
        }
        activeCount = kept
        // The right side's edges close what is still open at the box's right x.
        if xStart != Int.min, rightCount > 0 { addSubspan(xStart, limitX1) }
    }

    /// `full_row`: each span's left and right edges add their exact area over the whole row.
    func fullRow() {
        let edges = self.edges, active = self.active
        let n = activeCount
        let mask = windingMask
        let gridY = Int32(Self.gridY)
        var i = 0
        // A span open from the box's left side: a vertical edge at its left x adds the column's
        // full height there; the span closes at the first edge that brings the winding to 0.
        var winding = leftWinding
        if winding & mask != 0 {
            addCell(boxX0, height: Int(gridY), area: 0)
            var j = 0
            var closed = false
            while j < n {
                let right = Int(active[j])
                edges[right].heightLeft -= gridY
                winding += Int(edges[right].dir)
                let nextCell = j + 1 < n ? edges[Int(active[j + 1])].cell : (rightCount > 0 ? limitX1 : Int.max)
                if winding & mask == 0 && nextCell != edges[right].cell {
                    renderEdge(right, sign: -1)
                    closed = true
                    break
                }
                Self.fullStep(&edges[right])
                j += 1
            }
            i = closed ? j + 1 : n
        }
        while i < n {
            let left = Int(active[i])
            edges[left].heightLeft -= gridY
            winding = Int(edges[left].dir)
            var j = i + 1
            var right = -1
            while j < n {
                let candidate = Int(active[j])
                edges[candidate].heightLeft -= gridY
                winding += Int(edges[candidate].dir)
                let nextCell = j + 1 < n ? edges[Int(active[j + 1])].cell : (rightCount > 0 ? limitX1 : Int.max)
                if winding & mask == 0 && nextCell != edges[candidate].cell {
                    right = candidate
                    break
                }
                Self.fullStep(&edges[candidate])
                j += 1
            }
            renderEdge(left, sign: 1)
            // Not closed among these: the right side's edges close it, right of the box.
            if right >= 0 { renderEdge(right, sign: -1) }
            i = j + 1
        }
        var kept = 0
        for k in 0..<n where edges[Int(active[k])].heightLeft > 0 {
            active[kept] = active[k]
            kept += 1
        }
        activeCount = kept
    }

    /// `cell_list_render_edge`: the exact area one edge adds over a full pixel row.
    func renderEdge(_ index: Int, sign: Int) {
        let gridY = Self.gridY
        var e = edges[index]
        var x1q = e.xQuo, x1r = e.xRem
        Self.fullStep(&e)
        var x2q = e.xQuo, x2r = e.xRem
        edges[index] = e
        let dy = e.dy
        if dy != 0 {
            // From the sample at the first sub-row's centre back to the row's top.
            x1q -= e.stepQuo / 2
            x1r -= e.stepRem / 2
            if x1r < 0 { x1q -= 1; x1r += dy } else if x1r >= dy { x1q += 1; x1r -= dy }
            x2q -= e.stepQuo / 2
            x2r -= e.stepRem / 2
            if x2r < 0 { x2q -= 1; x2r += dy } else if x2r >= dy { x2q += 1; x2r -= dy }
        }
        var ix1 = x1q >> 8, fx1 = x1q & 255
        var ix2 = x2q >> 8, fx2 = x2q & 255
        if ix1 == ix2 {
            addCell(ix1, height: sign * gridY, area: sign * (fx1 + fx2) * gridY)
            return
        }
        if ix2 < ix1 {
            swap(&ix1, &ix2)
            swap(&fx1, &fx2)
            swap(&x1q, &x2q)
            swap(&x1r, &x2r)
        }
        let dx = (x2q - x1q) &* dy &+ (x2r - x1r)
        let tmp = ((ix1 + 1) &* 256 &* dy &- (x1q &* dy &+ x1r)) &* gridY
        var yq = tmp / dx, yr = tmp % dx
        addCell(ix1, height: sign * yq, area: sign * yq * (256 + fx1))
        var yLast = yq
        if ix1 + 1 < ix2 {
            let fullQ = (gridY * 256) &* dy / dx, fullR = (gridY * 256) &* dy % dx
            var ix = ix1 + 1
            let stop = min(ix2, boxX1)
            while ix < stop {
                yq += fullQ
                yr += fullR
                if yr >= dx { yq += 1; yr -= dx }
                addCell(ix, height: sign * (yq - yLast), area: sign * (yq - yLast) * 256)
                yLast = yq
                ix += 1
            }
            if ix < ix2 { return }  // the rest lies right of the box
        }
        addCell(ix2, height: sign * (gridY - yLast), area: sign * (gridY - yLast) * fx2)
    }

    /// `cell_list_add_subspan`: one sub-row covers [x1, x2) (fixed point).
    @inline(__always)
    func addSubspan(_ x1: Int, _ x2: Int) {
        if x1 == x2 { return }
        let ix1 = x1 >> 8, fx1 = x1 & 255
        let ix2 = x2 >> 8, fx2 = x2 & 255
        if ix1 != ix2 {
            addCell(ix1, height: 1, area: 2 * fx1)
            addCell(ix2, height: -1, area: -2 * fx2)
        } else {
            addCell(ix1, height: 0, area: 2 * (fx1 - fx2))
        }
    }

    /// Adds to the cell at pixel `x` (`uncovered_area`, `covered_height`): cells left of the box
    /// only carry their height into it, cells right of it do not count.
    @inline(__always)
    func addCell(_ x: Int, height: Int, area: Int) {
        if x < boxX0 {
            leftHeight += height
            return
        }
        if x >= boxX1 { return }
        let i = x - boxX0
        let word = i >> 6
        touched[word] |= 1 << UInt64(i & 63)
        if word < touchedLow { touchedLow = word }
        if word > touchedHigh { touchedHigh = word }
        heights[i] &+= Int32(truncatingIfNeeded: height)
        uncovered[i] &+= Int32(truncatingIfNeeded: area)
    }
}
