import FoundationEssentials
import MaskGeometry

// Stage 5: a row's cells to 8-bit coverage, as a row of bytes (OVER) or as runs.

extension HoleScanConverter {
    // MARK: Rows

    /// Adds this shape's coverage of pixel row `y` to `row` (indexed by x, `box.x0..<box.x1`
    /// written) with Cairo's OVER on A8: `d = a + d (255 - a) / 255`. Rows must come in order,
    /// from `box.y0`; call it for every row of the box (rows outside the shape cost nothing).
    func addRow(_ y: Int, to row: UnsafeMutablePointer<UInt8>) {
        if computeRow(y) { blit(into: row, spans: false) }
    }

    /// Row `y`'s coverage as runs: run `i` covers `spanX[i]..<spanX[i + 1]` (the last one ends at
    /// `box.x1`) with coverage `spanCoverage[i]`; returns the number of runs (at least 1). For a
    /// logo of one shape, where nothing needs combining, this spares writing and rescanning a
    /// row of bytes. Same order rule as ``addRow(_:to:)``.
    func spanRow(_ y: Int) -> Int {
        spanCount = 0
        if computeRow(y) {
            blit(into: nil, spans: true)
        } else {
            spanX[0] = Int32(boxX0)
            spanCoverage[0] = 0
            spanCount = 1
        }
        return spanCount
    }

    /// `blit_a8` and Cairo's A8 OVER span filler: cells in order of x, the running cover
    /// between them.
    func blit(into row: UnsafeMutablePointer<UInt8>?, spans: Bool) {
        let low = touchedLow, high = touchedHigh
        touchedLow = Int.max
        touchedHigh = -1
        var cover = leftHeight * 2 * 256
        var previous = boxX0
        let out = row ?? spanCoverage  // not written in span mode
        let runX = spanX, runCoverage = spanCoverage
        var runs = 0
        @inline(__always) func alpha(_ c: Int) -> UInt8 {
            UInt8(truncatingIfNeeded: (c + (c << 4) + 256) >> 9)
        }
        @inline(__always) func fill(_ from: Int, _ to: Int, _ a: UInt8) {
            guard to > from else { return }
            if spans {
                if runs == 0 || runCoverage[runs - 1] != a {
                    runX[runs] = Int32(truncatingIfNeeded: from)
                    runCoverage[runs] = a
                    runs += 1
                }
                return
            }
            guard a != 0 else { return }
            if a == 255 {
                (out + from).update(repeating: 255, count: to - from)
            } else {
                let inverse = 255 &- a
                for x in from..<to { out[x] = over(out[x], inverse, a) }
            }
        }
        for w in Swift.stride(from: low, through: high, by: 1) {
            var bits = touched[w]
            if bits == 0 { continue }
            touched[w] = 0
            while bits != 0 {
                let i = (w << 6) + bits.trailingZeroBitCount
                bits &= bits - 1
                let x = boxX0 + i
                fill(previous, x, alpha(cover))
                cover += Int(Int16(truncatingIfNeeded: heights[i])) * 2 * 256
                cover = Int(Int16(truncatingIfNeeded: cover))
                let area = Int(Int16(truncatingIfNeeded: cover - Int(uncovered[i])))
                let a = alpha(area)
                if spans {
                    fill(x, x + 1, a)
                } else if a != 0 {
                    out[x] = a == 255 ? 255 : over(out[x], 255 &- a, a)
                }
                heights[i] = 0
                uncovered[i] = 0
                previous = x + 1
            }
        }
        fill(previous, boxX1, alpha(cover))
        if spans {
            if runs == 0 {
                runX[0] = Int32(truncatingIfNeeded: boxX0)
                runCoverage[0] = 0
                runs = 1
            }
            spanCount = runs
        }
    }

    /// `d * (255 - a) / 255 + a` with pixman's rounding (`mul8_8`).
    @inline(__always)
    func over(_ d: UInt8, _ inverse: UInt8, _ a: UInt8) -> UInt8 {
        let t = Int(d) * Int(inverse) + 0x7F
        return UInt8(truncatingIfNeeded: ((t >> 8) + t) >> 8 + Int(a))
    }
}
