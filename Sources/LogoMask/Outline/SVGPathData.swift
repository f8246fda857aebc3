import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import MaskGeometry

/// The one SVG path-data parser: `d` read the way librsvg 2.54 reads it, to the same doubles it
/// hands to Cairo (it reads Cairo's own M/L/C/Z output as well): its
/// number lexer (a number ends where another would start: `10.5.5` is two, flags are single
/// digits), relative coordinates added to the current point, smooth curves reflected as
/// `current + current - control`, quadratics raised as `(p + 2 q) / 3`, and elliptical arcs
/// turned into cubic Béziers by its center parameterization (SVG 1.1 F.6) in segments of at most
/// 90°. The result is absolute move/line/cubic/close (``LogoOutline/Path``). The outline uses
/// these exact points where they agree with what Cairo recorded (``OutlineExtractor``): a point
/// read back from Cairo is only known to 1/(256 x zoom) of a unit, and at a reveal's late scales
/// such an error moves an edge across a rounding step.
enum SVGPathData {
    typealias Verb = LogoOutline.Path.Verb

    /// The commands of `d` up to its end or its first error (librsvg draws what it read), and
    /// whether the whole text was read without error.
    static func parse(_ d: String) -> (path: LogoOutline.Path, complete: Bool) {
        var reader = Reader(Array(d.utf8))
        reader.run()
        // The reader appends verbs and points in step, so they always match.
        let path = LogoOutline.Path(verbs: reader.verbs, points: reader.points) ?? LogoOutline.Path()
        return (path, !reader.failed && reader.token == nil)
    }

    /// The powers of ten a double holds exactly (10^22 is the last).
    private static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// The number a lexed `[+-]digits[.digits][(e|E)[+-]digits]` stands for, without making a
    /// String, when the decimal has at most 19 significant digits forming a value under 2^53
    /// and a power of ten under 10^23 either way: both are then exact doubles and one
    /// multiplication or division rounds once, giving exactly what `Double(String)` (strtod)
    /// gives (Clinger's fast path). Nil for anything else, which takes the String route: path
    /// data is most of a large logo's bytes, and the String route was a tenth of the time of a
    /// 512 px render of one (elsevier).
    static func exactValue(_ text: ArraySlice<UInt8>) -> Double? {
        var i = text.startIndex
        var negative = false
        if i < text.endIndex, text[i] == UInt8(ascii: "-") || text[i] == UInt8(ascii: "+") {
            negative = text[i] == UInt8(ascii: "-")
            i += 1
        }
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var scale = 0  // the power of ten the mantissa is multiplied by
        var seenPoint = false
        while i < text.endIndex {
            let c = text[i]
            if c == UInt8(ascii: ".") {
                seenPoint = true
            } else if Reader.isDigit(c) {
                if mantissa != 0 || c != UInt8(ascii: "0") {
                    significantDigits += 1
                    if significantDigits > 19 { return nil }
                    mantissa = mantissa * 10 + UInt64(c - UInt8(ascii: "0"))
                }
                if seenPoint { scale -= 1 }
            } else {
                break
            }
            i += 1
        }
        if i < text.endIndex {  // the exponent
            i += 1
            var exponentNegative = false
            if i < text.endIndex, text[i] == UInt8(ascii: "-") || text[i] == UInt8(ascii: "+") {
                exponentNegative = text[i] == UInt8(ascii: "-")
                i += 1
            }
            var exponent = 0
            if i == text.endIndex { return nil }  // "1e": the String route refuses it
            while i < text.endIndex {
                exponent = exponent * 10 + Int(text[i] - UInt8(ascii: "0"))
                if exponent > 400 { return nil }
                i += 1
            }
            scale += exponentNegative ? -exponent : exponent
        }
        guard mantissa < 1 << 53, scale >= -22, scale <= 22 else { return nil }
        let magnitude = scale >= 0
            ? Double(mantissa) * exactPowersOfTen[scale] : Double(mantissa) / exactPowersOfTen[-scale]
        return negative ? -magnitude : magnitude
    }

    private struct Reader {
        enum Token: Equatable {
            case number(Double)
            case flag(Bool)
            case command(UInt8)
            case comma
        }

        let bytes: [UInt8]
        var position = 0
        var flagsRequired = 0
        var token: Token?
        var failed = false

        var verbs: [Verb] = []
        var points: [Point] = []
        var current = Point.zero
        var cubicReflection = Point.zero
        var quadraticReflection = Point.zero
        var subpathStart = Point.zero

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
            token = nil
            token = lex()
        }

        // MARK: Lexer

        static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0C || c == 0x0D }
        static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
        static func isAlpha(_ c: UInt8) -> Bool { (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A }

        mutating func lex() -> Token? {
            while position < bytes.count, Self.isSpace(bytes[position]) { position += 1 }
            guard position < bytes.count else { return nil }
            let c = bytes[position]
            if c == UInt8(ascii: ",") {
                position += 1
                return .comma
            }
            if Self.isAlpha(c) {
                position += 1
                return .command(c)
            }
            if flagsRequired > 0 && Self.isDigit(c) {
                guard c == UInt8(ascii: "0") || c == UInt8(ascii: "1") else { failed = true; return nil }
                flagsRequired -= 1
                position += 1
                return .flag(c == UInt8(ascii: "1"))
            }
            if Self.isDigit(c) || c == UInt8(ascii: "-") || c == UInt8(ascii: "+") || c == UInt8(ascii: ".") {
                return lexNumber()
            }
            failed = true
            return nil
        }

        mutating func lexNumber() -> Token? {
            let start = position
            func optional(_ c: Character) -> Bool {
                if position < bytes.count, bytes[position] == UInt8(ascii: c.unicodeScalars.first!) { position += 1; return true }
                return false
            }
            func digits() -> Bool {
                let from = position
                while position < bytes.count, Self.isDigit(bytes[position]) { position += 1 }
                return position > from
            }
            _ = optional("-") || optional("+")
            let integer = digits()
            _ = optional(".")
            let fraction = digits()
            if !(integer || fraction) { failed = true; return nil }
            if optional("e") || optional("E") {
                _ = optional("-") || optional("+")
                _ = digits()
            }
            if let value = SVGPathData.exactValue(bytes[start..<position]) { return .number(value) }
            guard let text = String(bytes: bytes[start..<position], encoding: .ascii), let value = Double(text) else {
                failed = true
                return nil
            }
            return .number(value)
        }

        mutating func advance() { token = lex() }

        // MARK: Matching

        mutating func number() -> Double? {
            guard case let .number(n)? = token else { failed = true; return nil }
            advance()
            return n
        }

        mutating func optionalComma() {
            if token == .comma { advance() }
        }

        mutating func commaNumber() -> Double? {
            optionalComma()
            return number()
        }

        mutating func pair() -> Point? {
            guard let x = number(), let y = commaNumber() else { return nil }
            return Point(x: x, y: y)
        }

        mutating func flag() -> Bool? {
            guard case let .flag(f)? = token else { failed = true; return nil }
            advance()
            return f
        }

        /// `should_break_arg_sequence`: a comma continues, else a number must follow.
        mutating func breaksSequence() -> Bool {
            if token == .comma {
                advance()
                return false
            }
            if case .number? = token { return false }
            return true
        }

        // MARK: Commands

        mutating func setCurrent(_ p: Point) {
            current = p
            cubicReflection = p
            quadraticReflection = p
        }

        mutating func moveTo(_ p: Point) {
            setCurrent(p)
            subpathStart = p
            verbs.append(.move)
            points.append(p)
        }

        mutating func lineTo(_ p: Point) {
            setCurrent(p)
            verbs.append(.line)
            points.append(p)
        }

        mutating func curveTo(_ a: Point, _ b: Point, _ c: Point) {
            cubicReflection = b
            current = c
            quadraticReflection = c
            verbs.append(.cubic)
            points.append(contentsOf: [a, b, c])
        }

        mutating func quadTo(_ q: Point, _ c: Point) {
            let x2 = (current.x + 2.0 * q.x) / 3.0, y2 = (current.y + 2.0 * q.y) / 3.0
            let x3 = (c.x + 2.0 * q.x) / 3.0, y3 = (c.y + 2.0 * q.y) / 3.0
            quadraticReflection = q
            current = c
            cubicReflection = c
            verbs.append(.cubic)
            points.append(contentsOf: [Point(x: x2, y: y2), Point(x: x3, y: y3), c])
        }

        mutating func close() {
            setCurrent(subpathStart)
            verbs.append(.close)
        }

        mutating func run() {
            var initial = true
            while token != nil, !failed {
                guard case let .command(c)? = token, c == UInt8(ascii: "M") || c == UInt8(ascii: "m") else { return }
                advance()
                guard var p = pair() else { return }
                if !initial && c == UInt8(ascii: "m") { p = Point(x: p.x + current.x, y: p.y + current.y) }
                moveTo(p)
                initial = false
                if token == .comma || isNumber {
                    optionalCommaIfAny()
                    guard lines(absolute: c == UInt8(ascii: "M")) else { return }
                }
                while drawto() {}
                if failed { return }
            }
        }

        var isNumber: Bool {
            if case .number? = token { return true }
            return false
        }

        mutating func optionalCommaIfAny() { if token == .comma { advance() } }

        /// One drawto command; false when the next token is not one (or after an error).
        mutating func drawto() -> Bool {
            guard case let .command(c)? = token, c != UInt8(ascii: "M"), c != UInt8(ascii: "m") else { return false }
            advance()
            let absolute = c < 0x61
            switch c | 0x20 {
            case UInt8(ascii: "z"): close(); return true
            case UInt8(ascii: "l"): return lines(absolute: absolute)
            case UInt8(ascii: "h"), UInt8(ascii: "v"):
                let horizontal = c | 0x20 == UInt8(ascii: "h")
                repeat {
                    guard var v = number() else { return false }
                    if horizontal {
                        if !absolute { v += current.x }
                        lineTo(Point(x: v, y: current.y))
                    } else {
                        if !absolute { v += current.y }
                        lineTo(Point(x: current.x, y: v))
                    }
                } while !breaksSequence()
                return true
            case UInt8(ascii: "c"):
                repeat {
                    guard var a = pair() else { return false }
                    optionalComma()
                    guard var b = pair() else { return false }
                    optionalComma()
                    guard var e = pair() else { return false }
                    if !absolute { a = offset(a); b = offset(b); e = offset(e) }
                    curveTo(a, b, e)
                } while !breaksSequence()
                return true
            case UInt8(ascii: "s"):
                repeat {
                    guard var b = pair() else { return false }
                    optionalComma()
                    guard var e = pair() else { return false }
                    if !absolute { b = offset(b); e = offset(e) }
                    let a = Point(x: current.x + current.x - cubicReflection.x, y: current.y + current.y - cubicReflection.y)
                    curveTo(a, b, e)
                } while !breaksSequence()
                return true
            case UInt8(ascii: "q"):
                repeat {
                    guard var q = pair() else { return false }
                    optionalComma()
                    guard var e = pair() else { return false }
                    if !absolute { q = offset(q); e = offset(e) }
                    quadTo(q, e)
                } while !breaksSequence()
                return true
            case UInt8(ascii: "t"):
                repeat {
                    guard var e = pair() else { return false }
                    if !absolute { e = offset(e) }
                    let q = Point(x: current.x + current.x - quadraticReflection.x, y: current.y + current.y - quadraticReflection.y)
                    quadTo(q, e)
                } while !breaksSequence()
                return true
            case UInt8(ascii: "a"):
                repeat {
                    guard let rx = number().map(abs), let ry = commaNumber().map(abs) else { return false }
                    optionalComma()
                    guard case let .number(rotation)? = token else { failed = true; return false }
                    flagsRequired = 2
                    advance()
                    optionalComma()
                    guard let large = flag() else { return false }
                    optionalComma()
                    guard let sweep = flag() else { return false }
                    optionalComma()
                    guard var e = pair() else { return false }
                    if !absolute { e = offset(e) }
                    let from = current
                    setCurrent(e)
                    arc(from: from, to: e, rx: rx, ry: ry, rotation: rotation, large: large, sweep: sweep)
                } while !breaksSequence()
                return true
            default:
                failed = true
                return false
            }
        }

        mutating func lines(absolute: Bool) -> Bool {
            repeat {
                guard var p = pair() else { return false }
                if !absolute { p = offset(p) }
                lineTo(p)
            } while !breaksSequence()
            return true
        }

        func offset(_ p: Point) -> Point { Point(x: p.x + current.x, y: p.y + current.y) }

        // MARK: Arcs (path_builder.rs)

        /// `EllipticalArc::to_cairo`: curves appended without touching the reflections (librsvg
        /// sets the current point before building the arc).
        mutating func arc(from: Point, to: Point, rx rx0: Double, ry ry0: Double, rotation: Double, large: Bool, sweep: Bool) {
            let (x1, y1, x2, y2) = (from.x, from.y, to.x, to.y)
            // approx_eq_cairo: within 1/256 (or one ULP).
            if abs(x1 - x2) <= 1.0 / 256.0 && abs(y1 - y2) <= 1.0 / 256.0 { return }
            var rx = rx0, ry = ry0
            if rx * rx < Double.ulpOfOne || ry * ry < Double.ulpOfOne {
                verbs.append(.line)
                points.append(to)
                return
            }
            let phi = rotation * Double.pi / 180.0
            let sinPhi = sin(phi), cosPhi = cos(phi)
            rx = abs(rx)
            ry = abs(ry)
            let midX = (x1 - x2) / 2.0, midY = (y1 - y2) / 2.0
            let x1_ = cosPhi * midX + sinPhi * midY
            let y1_ = -sinPhi * midX + cosPhi * midY
            let lambda = (x1_ / rx) * (x1_ / rx) + (y1_ / ry) * (y1_ / ry)
            if lambda > 1.0 {
                rx *= lambda.squareRoot()
                ry *= lambda.squareRoot()
            }
            let d = (rx * y1_) * (rx * y1_) + (ry * x1_) * (ry * x1_)
            if d == 0.0 { return }
            var k = abs((rx * ry) * (rx * ry) / d - 1.0).squareRoot()
            if sweep == large { k = -k }
            let cx_ = k * rx * y1_ / ry
            let cy_ = -k * ry * x1_ / rx
            let cx = cosPhi * cx_ - sinPhi * cy_ + (x1 + x2) / 2.0
            let cy = sinPhi * cx_ + cosPhi * cy_ + (y1 + y2) / 2.0
            let ux = (x1_ - cx_) / rx, uy = (y1_ - cy_) / ry
            let uLength = abs(ux * ux + uy * uy).squareRoot()
            if uLength == 0.0 { return }
            var theta1 = acos(min(max(ux / uLength, -1.0), 1.0))
            if uy < 0.0 { theta1 = -theta1 }
            let vx = (-x1_ - cx_) / rx, vy = (-y1_ - cy_) / ry
            let vLength = abs(vx * vx + vy * vy).squareRoot()
            if vLength == 0.0 { return }
            let dot = ux * vx + uy * vy
            var delta = acos(min(max(dot / (uLength * vLength), -1.0), 1.0))
            if ux * vy - uy * vx < 0.0 { delta = -delta }
            if sweep && delta < 0.0 {
                delta += Double.pi * 2.0
            } else if !sweep && delta > 0.0 {
                delta -= Double.pi * 2.0
            }
            // A coordinate, radius or angle at or past the double range makes these NaN: no
            // segment, as librsvg's `NaN as i32` (0) gives, and no trap converting NaN to Int.
            guard delta.isFinite, theta1.isFinite, cx.isFinite, cy.isFinite, rx.isFinite, ry.isFinite else { return }
            let segments = Int(abs(delta / (Double.pi * 0.5 + 0.001)).rounded(.up))
            guard segments > 0 else { return }
            let step = delta / Double(segments)
            var theta = theta1
            for _ in 0..<segments {
                arcSegment(center: Point(x: cx, y: cy), rx: rx, ry: ry, rotation: rotation, from: theta, to: theta + step)
                theta += step
            }
        }

        /// `arc_segment`: one piece of at most 90° as a cubic Bézier.
        mutating func arcSegment(center: Point, rx: Double, ry: Double, rotation: Double, from th0: Double, to th1: Double) {
            let phi = rotation * Double.pi / 180.0
            let sinPhi = sin(phi), cosPhi = cos(phi)
            let sinTh0 = sin(th0), cosTh0 = cos(th0)
            let sinTh1 = sin(th1), cosTh1 = cos(th1)
            let thHalf = 0.5 * (th1 - th0)
            let s = sin(thHalf * 0.5)
            let t = (8.0 / 3.0) * (s * s) / sin(thHalf)
            let x1 = rx * (cosTh0 - t * sinTh0)
            let y1 = ry * (sinTh0 + t * cosTh0)
            let x3 = rx * cosTh1
            let y3 = ry * sinTh1
            let x2 = x3 + rx * (t * sinTh1)
            let y2 = y3 + ry * (-t * cosTh1)
            let (cx, cy) = (center.x, center.y)
            verbs.append(.cubic)
            points.append(Point(x: cx + cosPhi * x1 - sinPhi * y1, y: cy + sinPhi * x1 + cosPhi * y1))
            points.append(Point(x: cx + cosPhi * x2 - sinPhi * y2, y: cy + sinPhi * x2 + cosPhi * y2))
            points.append(Point(x: cx + cosPhi * x3 - sinPhi * y3, y: cy + sinPhi * x3 + cosPhi * y3))
        }
    }
}
